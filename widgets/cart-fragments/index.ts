import type { WidgetDefinition } from '../../mount/types';

/**
 * Boots the cart-fragments store (src/cart) where WooCommerce would have run cart-fragments.js: on
 * pages that show a mini cart. `ready`, because the mini cart is often empty in cached or
 * fragment-rendered pages until the store fills it. The store itself lives for the page, not for this
 * root: each fragment update replaces the mini cart and so mounts this widget again, which must not
 * trigger another load.
 */
export default {
  name: 'cart-fragments',
  selector: 'div.widget_shopping_cart_content',
  load: 'ready',
} satisfies WidgetDefinition<Record<string, never>>;
