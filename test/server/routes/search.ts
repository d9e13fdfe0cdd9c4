import { productPage } from '../../fixtures/product.ts';
import { productPriceInner } from '../../fixtures/price.ts';
import { thumbUrl } from '../../fixtures/images.ts';
import { customSelectorSearchPage, fullScreenSearchPage, inlineSearchPage, searchResultsPage, twoWidgetsPage, SEARCH_WIDGETS } from '../../fixtures/search.ts';
import type { Product } from '../catalogue.ts';
import type { Ctx } from '../context.ts';
import type { Router } from '../router.ts';
import { categoryName, escapeHtml, highlight, SEARCH_ONLY, searchProducts } from '../search.ts';
import { invalidNonce, restNonceOk } from './rest.ts';

// Smart WooCommerce Search's REST route (reference search-and-swatches.md §1.6) and the demo search pages.
// GET /wp-json/ysm/v1/search?id={widget}&query={q} → {suggestions, view_all_link, keywords}.
// The route is public: without a nonce it answers; with a stale one it answers WordPress's
// rest_cookie_invalid_nonce 403 carrying a fresh X-WP-Nonce (what cached pages hit, 2.11.3).

const MAX_SUGGESTIONS = 8;

/** The row markup of one suggestion, shaped like the captured answer (sws-rest-search-mug.json). */
function rowMarkup(product: Product, query: string): string {
  const url = `/product/${product.slug}/`;
  const icon = `<img width="300" height="300" src="${thumbUrl(product.gallery[0] ?? '')}" class="attachment-post-thumbnail size-post-thumbnail wp-post-image" alt="" decoding="async" loading="lazy" />`;
  const price = productPriceInner(product).value;
  return (
    `<a class="smart-search-post-url" href="${url}"><div class="smart-search-post post-${product.id}">` +
    `<div class="smart-search-post-icon">${icon}</div>` +
    `<div class="smart-search-post-holder"><div class="smart-search-post-category">${escapeHtml(categoryName(product))}</div>` +
    `<div class="smart-search-post-title">${highlight(product.name, query)}</div>` +
    `<div class="smart-search-post-price-holder"><div class="smart-search-post-price">${price}</div>` +
    `<div class="smart-search-post-sku">${escapeHtml(product.sku)}</div></div><div class="smart-search-clear"></div></div><!--.smart-search-post-holder-->` +
    // The excerpt is the product's short description: markup by WordPress's rules, passed through as the plugin does.
    `<div class="smart-search-clear"></div><div class="smart-search-post-excerpt">${product.short}</div></div></a>`
  );
}

function viewAllLink(query: string, widgetId: string): string {
  const s = encodeURIComponent(query).replace(/%20/g, '+');
  return `<a class="smart-search-view-all" href="/?s=${s}&amp;search_id=${encodeURIComponent(widgetId)}&amp;post_type=product">View all</a>`;
}

export function searchAnswer(query: string, widgetId: string) {
  const settings = SEARCH_WIDGETS[widgetId];
  const found = searchProducts(query);
  const suggestions = found.slice(0, MAX_SUGGESTIONS).map((product) => ({
    value: product.name,
    data: rowMarkup(product, query),
    id: product.id,
    url: `/product/${product.slug}/`,
    // Pro's "add to cart" rows: only widgets configured for it, only simple products in stock.
    addToCart: Boolean(settings?.demoAddToCartRows) && product.type === 'simple' && product.inStock,
  }));
  const keywords = settings?.demoKeywords && found.length > 0 ? [...new Set(found.map((p) => categoryName(p).toLowerCase()))] : [];
  return { suggestions, view_all_link: found.length > 0 ? viewAllLink(query, widgetId) : '', keywords };
}

function search(ctx: Ctx): void {
  const header = ctx.req.headers['x-wp-nonce'];
  const sentNonce = typeof header === 'string' && header !== '';
  const fresh = ctx.makeNonce('wp_rest');
  if (sentNonce && !restNonceOk(ctx)) {
    // WordPress answers the 403 itself; the plugin (2.11.3+) adds the fresh nonce so the page can retry.
    ctx.res.setHeader('X-WP-Nonce', fresh);
    invalidNonce(ctx);
    return;
  }
  const query = ctx.url.searchParams.get('query') ?? '';
  const widgetId = ctx.url.searchParams.get('id') ?? '';
  ctx.json(searchAnswer(query, widgetId), 200, { 'X-WP-Nonce': fresh, 'X-Robots-Tag': 'noindex', Allow: 'GET' });
}

/** A carousel add-to-cart link followed without JavaScript lands on the product page's own handler. */
function addToCartRedirect(ctx: Ctx): boolean {
  const id = ctx.url.searchParams.get('add-to-cart');
  if (!id) return false;
  ctx.redirect(`/?add-to-cart=${encodeURIComponent(id)}`);
  return true;
}

// The plugin's loader1–5.gif (swsL10n loaderIcon), drawn as a spinning SVG: the demo ships no plugin assets.
const LOADER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="12" fill="none" stroke="#9ca3af" stroke-width="4" stroke-dasharray="56 20">' +
  '<animateTransform attributeName="transform" type="rotate" from="0 16 16" to="360 16 16" dur="0.8s" repeatCount="indefinite"/></circle></svg>';

export function registerSearch(router: Router): void {
  router.get('/wp-json/ysm/v1/search', search);
  router.get('/wp-content/plugins/smart-woocommerce-search/assets/images/:file', (ctx) =>
    ctx.send(200, LOADER_SVG, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=3600' }),
  );
  const demoPage = (render: (ctx: Ctx) => string) => (ctx: Ctx) => {
    if (!addToCartRedirect(ctx)) ctx.html(render(ctx));
  };
  router.get('/search/', demoPage((ctx) => inlineSearchPage(ctx.renderCtx())));
  // ?banner=probe: the promo banner without its link, its markup carrying a script and handlers.
  router.get('/search/fullscreen/', demoPage((ctx) => fullScreenSearchPage(ctx.renderCtx(), { probeBanner: ctx.url.searchParams.get('banner') === 'probe' })));
  router.get('/search/two-widgets/', demoPage((ctx) => twoWidgetsPage(ctx.renderCtx())));
  router.get('/search/custom-selectors/', demoPage((ctx) => customSelectorSearchPage(ctx.renderCtx())));
  // The search-only products have pages too, so a suggestion always leads somewhere.
  for (const product of SEARCH_ONLY) router.get(`/product/${product.slug}/`, (ctx) => ctx.html(productPage(ctx.renderCtx(), product)));
}

/** WordPress's search results page (`/?s=…&search_id=…&post_type=product`), called from the '/' route. */
export function renderSearchResults(ctx: Ctx): void {
  const query = ctx.url.searchParams.get('s') ?? '';
  ctx.html(searchResultsPage(ctx.renderCtx(), query, searchProducts(query)));
}
