import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { clampQuantity, parseLimit } from './logic';
import type { QuantityProps } from './schema';

/**
 * Keeps the input within its limits. The limits are read from the live input at each change,
 * because the variation form moves them when another variation is chosen.
 */
export default function Quantity({ element, props }: WidgetProps<QuantityProps, HTMLInputElement>) {
  useEffect(() => {
    const apply = () => {
      const limits = {
        min: element.hasAttribute('min') ? parseLimit(element.getAttribute('min')) : props.min,
        max: element.hasAttribute('max') ? parseLimit(element.getAttribute('max')) : props.max,
      };
      const next = clampQuantity(element.value, limits);
      if (next !== null && String(next) !== element.value) element.value = String(next);
    };
    apply();
    element.addEventListener('change', apply);
    return () => element.removeEventListener('change', apply);
  }, [element, props]);
  return null;
}
