import type { WidgetDefinition } from '../../mount/types';
import type { OrderAttributionProps } from './schema';

/**
 * Order attribution (order-attribution.js with sourcebuster.js): records every visit's traffic source and
 * fills the checkout's hidden attribution inputs. It runs on every page that prints `wc_order_attribution`,
 * so the definition is one cheap check and all the code is in its lazy module (widget.ts).
 */
export default {
  name: 'order-attribution',
  selector: () => ('wc_order_attribution' in globalThis ? ['body'] : []),
  // The checkout's and the register form's hidden attribution inputs are filled by this code, so it is asked for
  // when the page is ready, beside the checkout's own code, as WooCommerce's order-attribution.js runs at DOM ready
  // (at 'idle', a busy machine's idle moment came after the shopper could press Place order). It does not hold a
  // submit: its element is <body>, so every form of the page would wait for it (docs/decisions.md).
  load: 'ready',
} satisfies WidgetDefinition<OrderAttributionProps>;
