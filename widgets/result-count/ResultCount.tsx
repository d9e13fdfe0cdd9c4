import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';

export const REANNOUNCE_DELAY_MS = 2000;

/** Re-sets the count's own text after 2 s so the live region speaks it once the page has settled. */
export default function ResultCount({ element }: WidgetProps<Record<string, never>, HTMLElement>) {
  useEffect(() => {
    const timer = setTimeout(() => {
      const text = element.textContent ?? '';
      element.textContent = '';
      // Separate tasks, so assistive technology sees a change rather than the same text.
      setTimeout(() => {
        element.textContent = text;
      }, 50);
    }, REANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [element]);
  return null;
}
