/** The cookie that remembers a dismissed store notice: `store_notice` + data-notice-id (NTC-01). */
export function storeNoticeCookieName(noticeId: string): string {
  return `store_notice${noticeId}`;
}

export const DISMISSED_VALUE = 'hidden';

/** Enter and Space on the dismiss link dismiss, as woocommerce.js does. */
export function isDismissKey(key: string): boolean {
  return key === 'Enter' || key === ' ' || key === 'Spacebar';
}
