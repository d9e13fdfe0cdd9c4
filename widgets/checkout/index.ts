import type { WidgetDefinition } from '../../mount/types';
import type { CheckoutProps } from './schema';

/**
 * The classic checkout form (checkout/form-checkout.php): the order review update cycle
 * (update_order_review), payment methods, the toggles around the form, validation and placing the order
 * through wc-ajax=checkout. The submit is held until the code is there, so an early "Place order" is one order.
 * Also the pay-for-order form (checkout/form-pay.php, `form#order_review`), whose payment methods checkout.js runs.
 */
export default {
  name: 'checkout',
  selector: 'form.checkout,form#order_review',
  load: 'ready',
  hold: ['submit'],
} satisfies WidgetDefinition<CheckoutProps>;
