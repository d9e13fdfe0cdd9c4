import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';

export const REANNOUNCE_DELAY_MS = 2000;

/**
 * Re-sets the count's own text after 2 s so the live region speaks it once the page has settled. While
 * the text is out, the line keeps its box (themes float it beside the sorting form, so its width counts
 * too): the sorting form and the products below it do not jump.
 */
export default function ResultCount({ element }: WidgetProps<Record<string, never>, HTMLElement>) {
  useEffect(() => {
    let refill: ReturnType<typeof setTimeout> | undefined;
    const { minHeight, minWidth } = element.style;
    const timer = setTimeout(() => {
      const text = element.textContent ?? '';
      const box = element.getBoundingClientRect();
      element.style.minHeight = `${box.height}px`;
      element.style.minWidth = `${box.width}px`;
      element.textContent = '';
      // Separate tasks, so assistive technology sees a change rather than the same text.
      refill = setTimeout(() => {
        element.textContent = text;
        Object.assign(element.style, { minHeight, minWidth });
      }, 50);
    }, REANNOUNCE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(refill);
    };
  }, [element]);
  return null;
}
