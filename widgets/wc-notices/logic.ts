/** Spec §9 (HLP-02/03): notices are focused 500 ms after they appear, scrolled to 100 px above over 1000 ms (src/notices.ts). */
export const FOCUS_DELAY_MS = 500;
export { SCROLL_DURATION_MS, SCROLL_OFFSET_PX, scrollAt, scrollTarget, swing } from '../../src/notices';

/** The notices woocommerce.js focuses, first match wins. */
export const NOTICE_SELECTOR = '.woocommerce-message, .woocommerce-error, .wc-block-components-notice-banner[role="alert"]';
