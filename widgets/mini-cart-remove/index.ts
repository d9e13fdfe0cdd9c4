import type { WidgetDefinition } from '../../mount/types';
import type { MiniCartRemoveProps } from './schema';

/**
 * Remove links of the mini cart (cart/mini-cart.php). Enhance in place: the link keeps its
 * ?remove_item= href, which is also where a failed ajax removal sends the shopper (MCR-03).
 * The mini cart is replaced by every fragment update; the mount layer mounts the new links.
 */
export default {
  name: 'mini-cart-remove',
  selector: '.widget_shopping_cart_content .remove_from_cart_button',
  hold: ['click'],
} satisfies WidgetDefinition<MiniCartRemoveProps>;
