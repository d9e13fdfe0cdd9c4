import type { WidgetDefinition } from '../../mount/types';
import type { AddToCartFormProps } from './schema';

/**
 * Ajax add to cart from the product page's own form (spec §1, ATC-01): simple, variable and grouped
 * products. Enhance in place: a submit before the widget mounts is held
 * and sent by ajax once it has; only if the code never comes is it the normal form post.
 */
export default {
  name: 'add-to-cart-form',
  selector: 'form.cart',
  hold: ['submit'],
} satisfies WidgetDefinition<AddToCartFormProps>;
