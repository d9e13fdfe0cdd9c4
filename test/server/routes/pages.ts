import { archivePage, productsFragment } from '../../fixtures/loop.ts';
import { indexPage, noticesPage } from '../../fixtures/pages.ts';
import { productPage } from '../../fixtures/product.ts';
import { readCapture } from '../../fixtures/captures.ts';
import { addToCart, escapeText } from '../cart.ts';
import { CATEGORIES, productById, productBySlug } from '../catalogue.ts';
import type { Ctx } from '../context.ts';
import type { Handler, Router } from '../router.ts';
import { renderSearchResults } from './search.ts';
import { addedMessage, chosenAttributes } from './wc-ajax.ts';

// HTML pages and their no-JavaScript form handling (WC_Form_Handler): ?add-to-cart=, the product form,
// the cart form, ?remove_item=. Each page is a function in test/fixtures/.

/** WC_Form_Handler::add_to_cart_action, shared by ?add-to-cart=ID and the product form post. */
function handleAddToCart(ctx: Ctx): boolean {
  const id = Number(ctx.input('add-to-cart'));
  if (!id) return false;
  const quantity = ctx.input('quantity');
  const result = addToCart(ctx.session(true), {
    productId: id,
    quantity: quantity === '' ? 1 : Number(quantity),
    variationId: Number(ctx.input('variation_id')) || 0,
    attributes: chosenAttributes(ctx.body),
    // WC_Form_Handler::add_to_cart_handler_variable refuses a variable product without its variation_id ("Please choose
    // product options"), whatever attributes come with it: that id is what add-to-cart-variation.js fills in.
    resolveFromAttributes: false,
  });
  if (result.ok) ctx.notice('success', addedMessage(result.product.name, result.quantity, !ctx.state.settings.cart_redirect_after_add));
  else ctx.notice('error', result.message);
  return result.ok;
}

/** GET with ?add-to-cart: add, then redirect (cart, or the same page without the parameter, so a reload cannot re-add). */
function withAddToCart(render: Handler): Handler {
  return async (ctx) => {
    if (ctx.method === 'GET' && ctx.url.searchParams.has('add-to-cart')) {
      const ok = handleAddToCart(ctx);
      if (ok && ctx.state.settings.cart_redirect_after_add) return ctx.redirect('/cart/');
      const clean = new URL(ctx.url);
      clean.searchParams.delete('add-to-cart');
      clean.searchParams.delete('quantity');
      const back = clean.pathname === '/' ? (ctx.req.headers.referer ?? '/cart/') : clean.pathname + clean.search;
      return ctx.redirect(back);
    }
    await render(ctx);
  };
}

function archive(ctx: Ctx, opts: { category?: string; basePath: string; title: string; jquery?: boolean }): void {
  const pageNo = Math.max(1, Number(ctx.params.page ?? ctx.url.searchParams.get('page') ?? 1) || 1);
  const q = { page: pageNo, orderby: ctx.url.searchParams.get('orderby') ?? 'menu_order', ...(opts.category ? { category: opts.category } : {}) };
  if (ctx.url.searchParams.get('fragment') === 'products') ctx.html(productsFragment(ctx.renderCtx(), q));
  else ctx.html(archivePage(ctx.renderCtx(), q, opts));
}

export function registerPages(router: Router): void {
  router.get('/', withAddToCart((ctx) => (ctx.url.searchParams.has('s') ? renderSearchResults(ctx) : ctx.html(indexPage(ctx.renderCtx())))));

  const shop: Handler = (ctx) => archive(ctx, { basePath: '/shop/', title: 'Shop' });
  router.get('/shop/', withAddToCart(shop));
  router.get('/shop/page/:page/', withAddToCart(shop));
  router.get('/jquery/', withAddToCart((ctx) => archive(ctx, { basePath: '/jquery/', title: 'Shop (with jQuery)', jquery: true })));

  const category: Handler = (ctx) => {
    const slug = ctx.params.cat ?? '';
    if (!(slug in CATEGORIES)) return ctx.notFound();
    archive(ctx, { category: slug, basePath: `/product-category/${slug}/`, title: CATEGORIES[slug as keyof typeof CATEGORIES].name });
  };
  router.get('/product-category/:cat/', withAddToCart(category));
  router.get('/product-category/:cat/page/:page/', withAddToCart(category));

  // A product form post is answered with the page itself and a notice, as WordPress does.
  const product: Handler = (ctx) => {
    const p = productBySlug(ctx.params.slug ?? '');
    if (!p) return ctx.notFound();
    // WC_Form_Handler: a site set to redirect after adding sends a successful post to the cart.
    if (ctx.method === 'POST' && handleAddToCart(ctx) && ctx.state.settings.cart_redirect_after_add) return ctx.redirect('/cart/');
    ctx.html(productPage(ctx.renderCtx(), p));
  };
  router.get('/product/:slug/', withAddToCart(product));
  router.post('/product/:slug/', product);

  // The cart and checkout pages are in routes/checkout.ts.

  const notices: Handler = (ctx) => {
    if (ctx.method === 'POST' && ctx.input('login') !== '') {
      ctx.notice('error', `<strong>Error:</strong> The username <strong>${escapeText(ctx.input('username'))}</strong> is not registered on this site.`);
      return ctx.redirect('/notices/');
    }
    ctx.html(noticesPage(ctx.renderCtx(), { bannerDismissed: ctx.state.userMeta.coming_soon_banner_dismissed === 'yes' }));
  };
  router.get('/notices/', withAddToCart(notices));
  router.post('/notices/', notices);

  // Reviews are held for moderation, as for a visitor; a missing required rating is refused like WooCommerce does.
  router.post('/wp-comments-post.php', (ctx) => {
    const p = productById(Number(ctx.input('comment_post_ID')));
    if (!p) return ctx.notFound();
    if (ctx.state.settings.review_rating_required && !ctx.input('rating')) {
      return ctx.html('<!doctype html><html lang="en"><head><title>Error</title></head><body><main><p><strong>Error:</strong> Please rate the product.</p></main></body></html>', 400);
    }
    ctx.redirect(`/product/${p.slug}/?unapproved=1#reviews`);
  });

  // Genuine captures, untouched except for the bundle script before </body>.
  router.get('/captures/:file', async (ctx) => {
    const markup = await readCapture(ctx.params.file ?? '');
    if (markup === undefined) return ctx.notFound();
    ctx.html(markup);
  });
}
