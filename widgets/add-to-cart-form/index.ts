import type { WidgetDefinition } from '../../mount/types';
import type { AddToCartFormProps } from './schema';

/**
 * Ajax add to cart from the product page's own form (spec §1, ATC-01): simple, variable and grouped
 * products. Enhance in place: a submit before the widget mounts is the normal form post.
 */
export default {
  name: 'add-to-cart-form',
  selector: 'form.cart',
  load: 'visible',
  takeover: 'enhance',
  props: (element) => import('./widget').then((widget) => widget.readProps(element)),
  component: () => import('./widget'),
} satisfies WidgetDefinition<AddToCartFormProps>;
