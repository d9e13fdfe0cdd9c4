import { coveredTop } from '../../src/address';
import { SCROLL_DURATION_MS, SCROLL_OFFSET_PX, scrollAt, scrollTarget } from './logic';

let running: number | undefined;

/**
 * `$.scroll_to_notices`: brings a notice to 100 px below the top of the window (below the admin bar
 * when one is fixed there) over 1000 ms, or at once when the shopper asked for reduced motion.
 */
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
