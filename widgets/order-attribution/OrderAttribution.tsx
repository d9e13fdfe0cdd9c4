import { useLayoutEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { startOrderAttribution } from '../../src/attribution';
import type { OrderAttributionProps } from './schema';

/**
 * Renders nothing: starts src/attribution with the page's settings (see the definition).
 * A layout effect, not a plain one: Preact (the lite flavour) runs plain effects after the next paint, and a
 * shopper who leaves the page within that frame would not have the visit counted (TRK-03's session pages).
 */
export default function OrderAttribution({ props }: WidgetProps<OrderAttributionProps>) {
  useLayoutEffect(() => startOrderAttribution(props), [props]);
  return null;
}
