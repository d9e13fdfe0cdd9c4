/**
 * WooCommerce's `$.scroll_to_notices` (spec §9, HLP-02): a notice is brought to 100 px below the top
 * of the window (below a fixed admin bar) over 1000 ms with jQuery's `swing` easing, or at once when the
 * shopper asked for reduced motion. Shared by the notices area, the cart page and the checkout.
 */
import { coveredTop } from './address';

export const SCROLL_OFFSET_PX = 100;
export const SCROLL_DURATION_MS = 1000;

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

let running: number | undefined;

export function scrollToNotice(notice: Element): void {
  const to = scrollTarget(notice.getBoundingClientRect().top + window.scrollY, SCROLL_OFFSET_PX + coveredTop());
  const from = window.scrollY;
  if (running !== undefined) cancelAnimationFrame(running);
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (reduced || from === to) {
    window.scrollTo(0, to);
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const elapsed = now - start;
    window.scrollTo(0, scrollAt(from, to, elapsed));
    running = elapsed < SCROLL_DURATION_MS ? requestAnimationFrame(step) : undefined;
  };
  running = requestAnimationFrame(step);
}
