import type { WidgetDefinition } from '../../mount/types';
import type { ExpressCheckoutProps } from './schema';

/**
 * WooPayments' express wallet button (wcpayExpressCheckoutParams) on product, cart, checkout and pay-for-order
 * pages. `idle`: the container is hidden (display:none) until a wallet is known, so it never becomes visible by itself.
 */
export default {
  name: 'express-checkout',
  selector: '#wcpay-express-checkout-element',
  load: 'idle',
} satisfies WidgetDefinition<ExpressCheckoutProps>;
