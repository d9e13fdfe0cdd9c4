import type { WidgetDefinition } from '../../mount/types';
import type { CartPageProps } from './schema';

/**
 * The classic cart page (cart/cart.php): quantities, remove and undo, coupons, shipping methods and the
 * shipping calculator, updated in place as cart.js does. The form is replaced by every update and the
 * widget mounts again on the new one: its submit and clicks (a remove or undo link pressed in that gap,
 * or before the code is there) are held until it has, so no press turns into a full page load; an update other code
 * asks for on the bus in that gap (`wc_update_cart`, an add from a cross-sell) waits for it too (requests.ts).
 */
export default {
  name: 'cart-page',
  selector: 'form.woocommerce-cart-form',
  load: 'ready',
  hold: ['submit', 'click'],
} satisfies WidgetDefinition<CartPageProps>;
