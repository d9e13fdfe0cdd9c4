import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';

export const REANNOUNCE_DELAY_MS = 2000;

/** A line screen readers speak on change: WooCommerce prints the count `role="alert"` when sorted (9.4–9.8), always from 9.9. */
const isLiveRegion = (element: HTMLElement) =>
  ['alert', 'status', 'log'].includes(element.getAttribute('role') ?? '') || (element.getAttribute('aria-live') ?? 'off') !== 'off';

/**
 * Puts the count's own content back after 2 s so the live region speaks it once the page has settled, as
 * woocommerce.js does: hidden from assistive technology until then, so it is not read twice. The nodes themselves go
 * back, not their text: a sorted list's count ends in "Sorted by price: low to high" inside `.screen-reader-text`,
 * which flattened into the line would show. While the content is out, the line keeps its box (themes float it beside
 * the sorting form, so its width counts too): the sorting form and the products below it do not jump. A count printed
 * without a live region (WooCommerce before 9.4) is left alone: nothing would speak it again.
 */
export default function ResultCount({ element }: WidgetProps<Record<string, never>, HTMLElement>) {
  useEffect(() => {
    // woocommerce.js re-announces the page's first count only: a theme that prints one above and one below the
    // products (Storefront) would have it read twice.
    if (!isLiveRegion(element) || document.querySelector('.woocommerce-result-count') !== element) return;
    let refill: (() => void) | undefined;
    let refillTimer: ReturnType<typeof setTimeout> | undefined;
    const { minHeight, minWidth } = element.style;
    const hidden = element.getAttribute('aria-hidden');
    element.setAttribute('aria-hidden', 'true');
    const timer = setTimeout(() => {
      const nodes = Array.from(element.childNodes);
      const box = element.getBoundingClientRect();
      element.style.minHeight = `${box.height}px`;
      element.style.minWidth = `${box.width}px`;
      element.setAttribute('aria-hidden', 'false');
      element.replaceChildren();
      refill = () => {
        refill = undefined;
        element.replaceChildren(...nodes);
        Object.assign(element.style, { minHeight, minWidth });
      };
      // Separate tasks, so assistive technology sees a change rather than the same content.
      refillTimer = setTimeout(refill, 50);
    }, REANNOUNCE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(refillTimer);
      // Gone between the emptying and the refill: the count goes back, not left empty.
      refill?.();
      if (hidden === null) element.removeAttribute('aria-hidden');
      else element.setAttribute('aria-hidden', hidden);
    };
  }, [element]);
  return null;
}
