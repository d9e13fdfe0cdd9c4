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
  // The checkout's and the register form's hidden attribution inputs are filled by this code. A shopper quick to
  // press Place order (or a busy phone, where the idle moment comes late) would otherwise send an order without its
  // attribution: the press waits for this chunk, as WooCommerce's order-attribution.js is there by DOM ready. Only
  // a submit made before the widget mounted waits; every later one goes straight through.
  hold: ['submit'],
  module: () => import('./widget'),
} satisfies WidgetDefinition<OrderAttributionProps>;
