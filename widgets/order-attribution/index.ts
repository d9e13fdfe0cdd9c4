import type { WidgetDefinition } from '../../mount/types';
import type { OrderAttributionProps } from './schema';

/**
 * Order attribution (order-attribution.js with sourcebuster.js): records every visit's traffic source and
 * fills the checkout's hidden attribution inputs. It runs on every page that prints `wc_order_attribution`,
 * so the definition is one cheap check and all the code is behind `module`.
 */
export default {
  name: 'order-attribution',
  selector: () => ('wc_order_attribution' in globalThis ? ['body'] : []),
  load: 'idle',
  module: () => import('./widget'),
} satisfies WidgetDefinition<OrderAttributionProps>;
