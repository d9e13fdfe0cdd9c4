import type { WidgetDefinition } from '../../mount/types';
import type { AddToCartProps } from './schema';

/**
 * Ajax add to cart on listing buttons (loop/add-to-cart.php). Enhance in place: the link stays the
 * server's, so a click before the widget mounts still adds through ?add-to-cart=ID. `visible` (with
 * the mount layer's 256 px margin) mounts the buttons on screen at once and the others as they near,
 * including cards a "load more" appends.
 */
export default {
  name: 'add-to-cart',
  selector: 'a.ajax_add_to_cart[data-product_id], button.ajax_add_to_cart[data-product_id]',
  load: 'visible',
  takeover: 'enhance',
  props: (element) => import('./widget').then((widget) => widget.readProps(element)),
  component: () => import('./widget'),
} satisfies WidgetDefinition<AddToCartProps>;
