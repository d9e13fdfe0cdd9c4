import type { WidgetDefinition } from '../../mount/types';
import type { AddToCartProps } from './schema';

/**
 * Ajax add to cart on listing buttons (loop/add-to-cart.php). Enhance in place: the link stays the
 * server's. `visible` (with the mount layer's 256 px margin) mounts the buttons on screen at once and
 * the others as they near, including cards a "load more" appends. A click before the code is there is
 * held and replayed as an ajax add once it mounts (five quick clicks, five adds); only if the code
 * never comes does the link's ?add-to-cart=ID run.
 * Like add-to-cart.js, any element (a link or a button) with the class and a product id, except the
 * Product Button block's (`wc-interactive`, ProductButton.php), which adds through the Store API itself;
 * the early-click hold holds only for elements this selector matched. (The definition is in the entry:
 * this selector is shorter than the tag-qualified one it replaced.)
 */
export default {
  name: 'add-to-cart',
  selector: '.ajax_add_to_cart[data-product_id]:not(.wc-interactive)',
  hold: ['click'],
} satisfies WidgetDefinition<AddToCartProps>;
