import { cartPage } from '../../fixtures/cart.ts';
import { cartTotals, checkoutPage, orderReceivedPage, paymentBlock, reviewOrderTable } from '../../fixtures/checkout.ts';
import { noticeHtml } from '../../fixtures/notices.ts';
import { escapeText, removeFromCart, setQuantity } from '../cart.ts';
import { productById } from '../catalogue.ts';
import { addressFrom, applyCoupon, buyingOf, createOrder, GATEWAYS, ordersOf, removeCoupon, totals, validateCheckout } from '../checkout.ts';
import type { Ctx } from '../context.ts';
import type { FormBody } from '../http.ts';
import type { Handler, Router } from '../router.ts';

// The cart and checkout pages and their wc-ajax calls (WC_AJAX::apply_coupon, remove_coupon,
// update_shipping_method, get_cart_totals, update_order_review, checkout; WC_Form_Handler's cart, coupon,
// shipping-calculator and checkout posts; the order-received endpoint). Faults apply to every one of them
// like to every other route (app.ts applies them before dispatch).

const notice = (type: 'success' | 'error', html: string) => noticeHtml({ type, html }).value;

/** The shopper's entries that a page keeps when it is rendered again (name → value). */
function bodyValues(body: FormBody): Record<string, string> {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? (v[v.length - 1] ?? '') : v]));
}

function chooseShipping(ctx: Ctx): void {
  const chosen = ctx.input('shipping_method[0]');
  if (chosen) buyingOf(ctx.session(true)).chosenShipping = chosen;
}

/** wc-ajax checkout and the no-JavaScript post share WC_Checkout::process_checkout. */
function processCheckout(ctx: Ctx): { result: 'success'; redirect: string } | { result: 'failure'; messages: string; refresh: boolean; reload: boolean } {
  const session = ctx.session();
  if (!session || session.cart.size === 0) {
    return { result: 'failure', messages: notice('error', 'Sorry, your session has expired. <a href="/shop/" class="wc-backward">Return to shop</a>'), refresh: false, reload: true };
  }
  if (!ctx.checkNonce('woocommerce-process_checkout', ctx.input('woocommerce-process-checkout-nonce'))) {
    return { result: 'failure', messages: notice('error', 'We were unable to process your order, please try again.'), refresh: true, reload: false };
  }
  const b = buyingOf(session);
  b.billing = addressFrom((n) => ctx.input(`billing_${n === 'address' ? 'address_1' : n}`), '');
  b.shipping = ctx.input('ship_to_different_address') === '1' ? addressFrom((n) => ctx.input(`shipping_${n === 'address' ? 'address_1' : n}`), '') : { ...b.billing };
  chooseShipping(ctx);
  b.chosenPayment = ctx.input('payment_method') || b.chosenPayment;
  const t = totals(session);
  const errors = validateCheckout((n) => ctx.input(n), t);
  if (errors.length) {
    const items = errors.map((e) => `\t\t\t<li${e.id ? ` data-id="${e.id}"` : ''}>\n\t\t\t${e.html}\t\t</li>\n`).join('');
    return { result: 'failure', messages: `<ul class="woocommerce-error" role="alert">\n${items}\t</ul>\n`, refresh: false, reload: false };
  }
  const order = createOrder(ctx.state, session, (n) => ctx.input(n), t);
  return { result: 'success', redirect: `/checkout/order-received/${order.id}/?key=${order.key}` };
}

export function registerCheckout(router: Router): void {
  // ---- cart page -------------------------------------------------------------------------------------
  router.get('/cart/', (ctx) => {
    const session = ctx.session();
    const removeKey = ctx.url.searchParams.get('remove_item');
    const undoKey = ctx.url.searchParams.get('undo_item');
    const coupon = ctx.url.searchParams.get('remove_coupon');
    if (removeKey || undoKey) {
      if (session && ctx.checkNonce('woocommerce-cart', ctx.url.searchParams.get('_wpnonce'))) {
        const b = buyingOf(session);
        if (removeKey) {
          const removed = removeFromCart(session, removeKey);
          const name = removed ? productById(removed.product_id)?.name : undefined;
          if (removed && name) {
            b.removed.set(removed.key, removed);
            const undo = `/cart/?undo_item=${removed.key}&amp;_wpnonce=${ctx.makeNonce('woocommerce-cart')}`;
            ctx.notice('success', `&ldquo;${escapeText(name)}&rdquo; removed. <a href="${undo}" class="restore-item">Undo?</a>`);
          }
        } else if (undoKey) {
          const item = b.removed.get(undoKey);
          if (item) {
            session.cart.set(item.key, item);
            b.removed.delete(item.key);
            ctx.notice('success', `${escapeText(productById(item.product_id)?.name ?? 'Item')} restored.`);
          }
        }
      }
      return ctx.redirect('/cart/');
    }
    if (coupon && session) {
      const r = removeCoupon(session, coupon);
      ctx.notice(r.ok ? 'success' : 'error', r.message);
      return ctx.redirect('/cart/');
    }
    ctx.html(cartPage(ctx.renderCtx(), totals(session), buyingOf(session)));
  });

  // WC_Form_Handler: update_cart_action (quantities, coupon) and the shipping calculator.
  router.post('/cart/', (ctx) => {
    const session = ctx.session(true);
    if (ctx.input('calc_shipping') !== '') {
      if (!ctx.checkNonce('woocommerce-shipping-calculator', ctx.input('woocommerce-shipping-calculator-nonce'))) {
        ctx.notice('error', 'Your session has expired. <a href="/shop/" class="wc-backward">Return to shop</a>');
      } else {
        const b = buyingOf(session);
        b.shipping = { ...b.shipping, country: ctx.input('calc_shipping_country'), state: ctx.input('calc_shipping_state'), city: ctx.input('calc_shipping_city'), postcode: ctx.input('calc_shipping_postcode') };
        b.billing = { ...b.billing, ...b.shipping };
        ctx.notice('success', 'Shipping costs updated.');
      }
      return ctx.redirect('/cart/');
    }
    if (ctx.input('apply_coupon') !== '') {
      const r = applyCoupon(session, ctx.input('coupon_code'));
      ctx.notice(r.ok ? 'success' : 'error', r.message);
      return ctx.redirect('/cart/');
    }
    if (!ctx.checkNonce('woocommerce-cart', ctx.input('woocommerce-cart-nonce'))) {
      ctx.notice('error', 'Your session has expired. <a href="/shop/" class="wc-backward">Return to shop</a>');
      return ctx.redirect('/cart/');
    }
    for (const [name, value] of Object.entries(ctx.body)) {
      const m = /^cart\[([0-9a-f]{32})\]\[qty\]$/.exec(name);
      if (m?.[1]) setQuantity(session, m[1], Number(Array.isArray(value) ? value[0] : value));
    }
    chooseShipping(ctx);
    if (ctx.input('update_cart') !== '') ctx.notice('success', 'Cart updated.');
    ctx.redirect('/cart/');
  });

  router.wcAjax('apply_coupon', (ctx) => {
    if (!ctx.checkNonce('apply-coupon', ctx.input('security'))) return ctx.wcAjaxRaw('-1', 403);
    const r = applyCoupon(ctx.session(true), ctx.input('coupon_code'));
    ctx.wcAjaxRaw(notice(r.ok ? 'success' : 'error', r.message));
  });

  router.wcAjax('remove_coupon', (ctx) => {
    if (!ctx.checkNonce('remove-coupon', ctx.input('security'))) return ctx.wcAjaxRaw('-1', 403);
    const r = removeCoupon(ctx.session(true), ctx.input('coupon'));
    ctx.wcAjaxRaw(notice(r.ok ? 'success' : 'error', r.message));
  });

  router.wcAjax('update_shipping_method', (ctx) => {
    if (!ctx.checkNonce('update-shipping-method', ctx.input('security'))) return ctx.wcAjaxRaw('-1', 403);
    chooseShipping(ctx);
    const session = ctx.session(true);
    ctx.wcAjaxRaw(cartTotals(ctx.renderCtx(), totals(session), buyingOf(session)).value);
  });

  router.wcAjax('get_cart_totals', (ctx) => {
    const session = ctx.session(true);
    ctx.wcAjaxRaw(cartTotals(ctx.renderCtx(), totals(session), buyingOf(session)).value);
  });

  // ---- checkout --------------------------------------------------------------------------------------
  router.wcAjax('update_order_review', (ctx) => {
    if (!ctx.checkNonce('update-order-review', ctx.input('security'))) return ctx.wcAjaxRaw('-1', 403);
    const session = ctx.session();
    if (!session || session.cart.size === 0) {
      return ctx.wcAjaxJson({ fragments: { 'form.woocommerce-checkout': `<div class="woocommerce-error">Sorry, your session has expired. <a href="/shop/" class="wc-backward">Return to shop</a></div>` } });
    }
    const b = buyingOf(session);
    b.billing = addressFrom((n) => ctx.input(n), '');
    b.shipping = addressFrom((n) => ctx.input(n), 's_');
    chooseShipping(ctx);
    const method = ctx.input('payment_method');
    if (GATEWAYS.some((g) => g.id === method)) b.chosenPayment = method;
    const rctx = ctx.renderCtx();
    ctx.wcAjaxJson({
      result: 'success',
      messages: '',
      reload: false,
      fragments: { '.woocommerce-checkout-review-order-table': reviewOrderTable(totals(session), b), '.woocommerce-checkout-payment': paymentBlock(rctx, b) },
    });
  });

  router.wcAjax('checkout', (ctx) => ctx.wcAjaxJson(processCheckout(ctx)));

  const checkout: Handler = (ctx) => {
    if (ctx.method === 'POST' && ctx.input('woocommerce_checkout_place_order') !== '') {
      const result = processCheckout(ctx);
      if (result.result === 'success') return ctx.redirect(result.redirect);
      ctx.notice('error', result.messages.replace(/^<ul[^>]*>|<\/ul>\s*$/g, '').replace(/<\/?li[^>]*>/g, ' '));
    }
    const session = ctx.session();
    if (ctx.url.searchParams.has('remove_coupon') && session) {
      const r = removeCoupon(session, ctx.url.searchParams.get('remove_coupon') ?? '');
      ctx.notice(r.ok ? 'success' : 'error', r.message);
      return ctx.redirect('/checkout/');
    }
    ctx.html(checkoutPage(ctx.renderCtx(), totals(session), buyingOf(session), ctx.method === 'POST' ? bodyValues(ctx.body) : {}));
  };
  router.get('/checkout/', checkout);
  router.post('/checkout/', checkout);

  router.get('/checkout/order-received/:id/', (ctx) => {
    const order = ordersOf(ctx.state).find((o) => String(o.id) === ctx.params.id && o.key === ctx.url.searchParams.get('key'));
    ctx.html(orderReceivedPage(ctx.renderCtx(), order));
  });

  /** The orders placed so far (tests count them: one order per purchase, never two). */
  router.get('/__vitrine/orders', (ctx) => ctx.json(ordersOf(ctx.state)));
}
