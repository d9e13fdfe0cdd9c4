import { swatchesProductPage, swatchesShopPage } from '../../fixtures/swatches.ts';
import { addToCart } from '../cart.ts';
import { productBySlug } from '../catalogue.ts';
import type { Router } from '../router.ts';
import { addedMessage, chosenAttributes, fragmentsAnswer } from './wc-ajax.ts';

// Variation Swatches (search-and-swatches.md §2.4): admin-ajax cfvsw_ajax_add_to_cart and the demo pages
// /swatches/shop/?oos=on|off (with ?fragment=more for "Load more") and /swatches/product/<slug>/?oos=on|off.

const oosOn = (value: string | null) => value !== 'off';

export function registerSwatches(router: Router): void {
  // check_ajax_referer() dies with "-1" (403); then WC()->cart->add_to_cart() answers like WC_AJAX::add_to_cart.
  router.adminAjax('cfvsw_ajax_add_to_cart', (ctx) => {
    if (!ctx.checkNonce('cfvsw_ajax_add_to_cart', ctx.input('security'))) return ctx.send(403, '-1', { 'Content-Type': 'text/html; charset=UTF-8' });
    const productId = Number(ctx.input('product_id'));
    const quantity = ctx.input('quantity');
    const result = addToCart(ctx.session(true), {
      productId,
      quantity: quantity === '' ? 1 : Number(quantity),
      variationId: Number(ctx.input('variation_id')) || 0,
      attributes: chosenAttributes(ctx.body),
      resolveFromAttributes: true,
    });
    if (!result.ok) {
      ctx.notice('error', result.message);
      const slug = result.product?.slug;
      return ctx.wcAjaxJson({ error: true, product_url: slug ? `/product/${slug}/` : '/shop/' });
    }
    ctx.notice('success', addedMessage(result.product.name, result.quantity, true));
    ctx.wcAjaxJson(fragmentsAnswer(ctx));
  });

  router.get('/swatches/shop/', (ctx) =>
    ctx.html(
      swatchesShopPage(ctx.renderCtx(), {
        oos: oosOn(ctx.url.searchParams.get('oos')),
        chosen: ctx.url.searchParams.get('filter_color') ?? '',
        fragment: ctx.url.searchParams.get('fragment') === 'more',
      }),
    ),
  );

  router.get('/swatches/product/:slug/', (ctx) => {
    const product = productBySlug(ctx.params.slug ?? '');
    if (product?.type !== 'variable') return ctx.notFound();
    ctx.html(swatchesProductPage(ctx.renderCtx(), product, oosOn(ctx.url.searchParams.get('oos'))));
  });
}
