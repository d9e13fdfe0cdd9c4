import type { WidgetDefinition } from '../../mount/types';
import type { AddToCartProps } from './schema';

/**
 * Ajax add to cart on listing buttons (loop/add-to-cart.php). Enhance in place: the link stays the
 * server's. `visible` (with the mount layer's 256 px margin) mounts the buttons on screen at once and
 * the others as they near, including cards a "load more" appends. A click before the code is there is
 * held and replayed as an ajax add once it mounts (five quick clicks, five adds); only if the code
 * never comes does the link's ?add-to-cart=ID run.
 */
export default {
  name: 'add-to-cart',
  selector: 'a.ajax_add_to_cart[data-product_id], button.ajax_add_to_cart[data-product_id]',
  hold: ['click'],
} satisfies WidgetDefinition<AddToCartProps>;
