/** Spec §9 (HLP-02/03): notices are focused 500 ms after they appear, scrolled to 100 px above over 1000 ms. */
export const FOCUS_DELAY_MS = 500;
export const SCROLL_OFFSET_PX = 100;
export const SCROLL_DURATION_MS = 1000;

/** The notices woocommerce.js focuses, first match wins. */
export const NOTICE_SELECTOR = '.woocommerce-message, .woocommerce-error, .wc-block-components-notice-banner[role="alert"]';

/** Where the page scrolls to: the notice's top minus the offset, never above the page. */
export function scrollTarget(noticeTopInPage: number, offset = SCROLL_OFFSET_PX): number {
  return Math.max(0, Math.round(noticeTopInPage - offset));
}

/** jQuery's default `swing` easing, so the motion feels like the original. */
export function swing(progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  return 0.5 - Math.cos(p * Math.PI) / 2;
}

/** The scroll position at `elapsed` ms of an animation from `from` to `to`. */
export function scrollAt(from: number, to: number, elapsed: number, duration = SCROLL_DURATION_MS): number {
  if (duration <= 0) return to;
  return from + (to - from) * swing(elapsed / duration);
}
