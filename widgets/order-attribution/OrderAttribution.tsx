import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { startOrderAttribution } from '../../src/attribution';
import type { OrderAttributionProps } from './schema';

/** Renders nothing: starts src/attribution with the page's settings (see the definition). */
export default function OrderAttribution({ props }: WidgetProps<OrderAttributionProps>) {
  useEffect(() => startOrderAttribution(props), [props]);
  return null;
}
