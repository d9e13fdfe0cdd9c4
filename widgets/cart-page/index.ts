import type { WidgetDefinition } from '../../mount/types';
import type { CartPageProps } from './schema';

/**
 * The classic cart page (cart/cart.php): quantities, remove and undo, coupons, shipping methods and the
 * shipping calculator, updated in place as cart.js does. The form is replaced by every update and the
 * widget mounts again on the new one; its submit is held until the code is there.
 */
export default {
  name: 'cart-page',
  selector: 'form.woocommerce-cart-form',
  load: 'ready',
  hold: ['submit'],
  module: () => import('./widget'),
} satisfies WidgetDefinition<CartPageProps>;
