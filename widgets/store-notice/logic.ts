/** The cookie that remembers a dismissed store notice: `store_notice` + data-notice-id (NTC-01). */
export function storeNoticeCookieName(noticeId: string): string {
  return `store_notice${noticeId}`;
}

export const DISMISSED_VALUE = 'hidden';
