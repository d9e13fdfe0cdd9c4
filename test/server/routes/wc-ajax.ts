import { cartFragments } from '../../fixtures/minicart.ts';
import { variationData } from '../../fixtures/variation.ts';
import { addToCart, escapeText, removeFromCart } from '../cart.ts';
import { findVariation, productById } from '../catalogue.ts';
import type { Ctx } from '../context.ts';
import type { FormBody } from '../http.ts';
import type { Router } from '../router.ts';

// WC_AJAX handlers (class-wc-ajax.php), at /?wc-ajax=NAME and admin-ajax action=woocommerce_NAME.

/** WC_AJAX::get_refreshed_fragments(): the body of every successful cart answer. */
export function fragmentsAnswer(ctx: Ctx) {
  const cart = ctx.cart;
  return { fragments: cartFragments(cart, ctx.makeNonce('woocommerce-cart')), cart_hash: cart.hash };
}

/** attribute_* fields, also accepted as variation[attribute_*] (the block-theme script posts that shape). */
export function chosenAttributes(body: FormBody): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    const v = Array.isArray(value) ? (value[value.length - 1] ?? '') : value;
    const nested = /^variation\[(attribute_[^\]]+)\]$/.exec(key);
    if (nested?.[1]) out[nested[1]] = v;
    else if (key.startsWith('attribute_')) out[key] = v;
  }
  return out;
}

/** wc_add_to_cart_message() */
export function addedMessage(name: string, quantity: number, linkToCart: boolean): string {
  const title = `${quantity > 1 ? `${quantity} &times; ` : ''}&ldquo;${escapeText(name)}&rdquo;`;
  const link = linkToCart ? '<a href="/cart/" class="button wc-forward">View cart</a>' : '<a href="/shop/" class="button wc-forward">Continue shopping</a>';
  return `${title} has been added to your cart. ${link}`;
}

export function registerWcAjax(router: Router): void {
  router.wcAjax('get_refreshed_fragments', (ctx) => ctx.wcAjaxJson(fragmentsAnswer(ctx)));

  router.wcAjax('add_to_cart', (ctx) => {
    const productId = Number(ctx.input('product_id'));
    const quantityField = ctx.input('quantity');
    const result = addToCart(ctx.session(true), {
      productId,
      quantity: quantityField === '' ? 1 : Number(quantityField),
      variationId: ctx.state.settings.ajax_add_to_cart_accepts_variation_id ? Number(ctx.input('variation_id')) || 0 : 0,
      attributes: chosenAttributes(ctx.body),
      resolveFromAttributes: ctx.state.settings.ajax_add_to_cart_accepts_variation_id,
    });
    if (!result.ok) {
      // WooCommerce keeps the reason as a notice for the product page the script navigates to.
      ctx.notice('error', result.message);
      const product = result.product ?? productById(productId);
      return ctx.wcAjaxJson({ error: true, product_url: product ? `/product/${product.slug}/` : '/shop/' });
    }
    if (ctx.state.settings.cart_redirect_after_add) ctx.notice('success', addedMessage(result.product.name, result.quantity, false));
    ctx.wcAjaxJson(fragmentsAnswer(ctx));
  });

  router.wcAjax('remove_from_cart', (ctx) => {
    const key = ctx.input('cart_item_key');
    const session = ctx.session();
    if (!key || !session || !removeFromCart(session, key)) return ctx.wcAjaxJson({ success: false });
    ctx.wcAjaxJson(fragmentsAnswer(ctx));
  });

  router.wcAjax('get_variation', (ctx) => {
    const product = productById(Number(ctx.input('product_id')));
    // wp_die() without a message: an empty 200.
    if (!product) return ctx.wcAjaxRaw('');
    const variation = product.type === 'variable' ? findVariation(product, chosenAttributes(ctx.body)) : undefined;
    ctx.wcAjaxJson(variation ? variationData(product, variation) : false);
  });
}
