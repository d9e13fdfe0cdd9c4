import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { orderPayPage } from '../../fixtures/order-pay.ts';
import { addToCart, cartView, removeFromCart } from '../cart.ts';
import { productById, variationById } from '../catalogue.ts';
import { type Address, buyingOf, createOrder, type Order, ordersOf, ratesFor, totals } from '../checkout.ts';
import type { Ctx } from '../context.ts';
import type { Router } from '../router.ts';
import type { Session, State } from '../state.ts';
import { sendFile } from './static.ts';

// The Store API subset the express wallet uses (/wp-json/wc/store/v1: cart, add-item, remove-item,
// update-customer, select-shipping-rate, checkout, order/{id}, checkout/{id}), with WooCommerce's Nonce
// header and WooPayments' tokenized cart: X-WooPayments-Tokenized-Cart-Session '' starts a separate cart
// (the product page's), a token addresses it, and -Is-Ephemeral-Cart forgets it after answering. Plus the
// admin-ajax actions of the wallet (recorded in the request log) and the Stripe stand-in script.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(HERE, '../../fixtures');
const BASE = '/wp-json/wc/store/v1';
const SESSION_HEADER = 'x-woopayments-tokenized-cart-session';

const tokens = new WeakMap<State, Map<string, Session>>();
const statuses = new WeakMap<Order, string>();
const minor = (amount: number) => String(Math.round(amount * 100));

function tokenMap(state: State): Map<string, Session> {
  let map = tokens.get(state);
  if (!map) {
    map = new Map();
    tokens.set(state, map);
  }
  return map;
}

function header(ctx: Ctx, name: string): string | undefined {
  const value = ctx.req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

interface StoreCtx {
  session: Session | undefined;
  token: string | undefined;
  ephemeral: boolean;
}

/** Which cart the request addresses: a tokenized separate one, or the cookie session's. */
function storeSession(ctx: Ctx, create: boolean): StoreCtx {
  const requested = header(ctx, SESSION_HEADER);
  const ephemeral = header(ctx, 'x-woopayments-tokenized-cart-is-ephemeral-cart') === '1';
  if (requested === undefined) return { session: create ? ctx.session(true) : ctx.session(), token: undefined, ephemeral: false };
  const map = tokenMap(ctx.state);
  let session = requested ? map.get(requested) : undefined;
  let token = requested;
  // A reset forgets every session, separate ones too.
  if (session && !ctx.state.sessions.has(session.id)) session = undefined;
  if (!session) {
    session = ctx.state.newSession();
    const payload = Buffer.from(JSON.stringify({ session_id: session.id, exp: Math.floor(ctx.state.now() / 1000) + 172800, iss: 'woopayments/product-page' })).toString('base64url');
    token = `eyJhbGciOiJIUzI1NiJ9.${payload}.${randomBytes(8).toString('hex')}`;
    map.set(token, session);
  }
  return { session, token, ephemeral };
}

function rateList(session: Session | undefined) {
  const t = totals(session);
  const b = buyingOf(session);
  return [
    {
      package_id: 0,
      name: 'Shipment 1',
      destination: { address_1: b.shipping.address_1, city: b.shipping.city, state: b.shipping.state, postcode: b.shipping.postcode, country: b.shipping.country },
      shipping_rates: t.rates.map((r) => ({
        rate_id: r.id,
        name: r.label,
        description: '',
        price: minor(r.cost),
        taxes: '0',
        method_id: r.id.split(':')[0] ?? '',
        instance_id: Number(r.id.split(':')[1] ?? 0),
        meta_data: [],
        selected: r.id === t.chosenRate?.id,
        currency_code: 'USD',
        currency_minor_unit: 2,
      })),
    },
  ];
}

function storeAddress(a: Address, extra: Record<string, string> = {}) {
  return { first_name: '', last_name: '', company: '', address_1: a.address_1, address_2: a.address_2, city: a.city, state: a.state, postcode: a.postcode, country: a.country, ...extra };
}

/** The cart as the Store API answers it (money in minor-unit strings). */
export function storeCart(session: Session | undefined) {
  const t = totals(session);
  const b = buyingOf(session);
  return {
    items: t.cart.lines.map((l) => ({
      key: l.item.key,
      id: l.variation?.id ?? l.product.id,
      type: l.variation ? 'variation' : 'simple',
      quantity: l.item.quantity,
      name: l.product.name,
      variation: Object.entries(l.item.variation).map(([attribute, value]) => ({
        attribute: l.product.attributes.find((a) => a.key === attribute)?.label ?? attribute,
        value: l.product.attributes.find((a) => a.key === attribute)?.options.find((o) => o.value === value)?.label ?? value,
      })),
      item_data: [],
      prices: { price: minor(l.unitPrice), currency_code: 'USD', currency_minor_unit: 2 },
      totals: { line_subtotal: minor(l.lineTotal), line_subtotal_tax: '0', line_total: minor(l.lineTotal), line_total_tax: '0', currency_code: 'USD', currency_minor_unit: 2 },
      extensions: {},
    })),
    coupons: b.coupons.map((code) => ({ code })),
    fees: [],
    totals: {
      total_items: minor(t.cart.subtotal),
      total_items_tax: '0',
      total_fees: '0',
      total_fees_tax: '0',
      total_discount: minor(t.discount),
      total_discount_tax: '0',
      total_shipping: t.cart.lines.length ? minor(t.shipping) : null,
      total_shipping_tax: t.cart.lines.length ? '0' : null,
      total_price: minor(t.cart.lines.length ? t.total : 0),
      total_tax: '0',
      tax_lines: [],
      currency_code: 'USD',
      currency_symbol: '$',
      currency_minor_unit: 2,
    },
    shipping_address: storeAddress(b.shipping),
    billing_address: storeAddress(b.billing, { email: '', phone: '' }),
    shipping_rates: t.cart.lines.length ? rateList(session) : [],
    needs_shipping: t.cart.lines.length > 0,
    needs_payment: t.cart.lines.length > 0,
    items_count: t.cart.count,
    errors: [],
    extensions: {},
  };
}

function error(ctx: Ctx, status: number, code: string, message: string, data: Record<string, unknown> = {}): void {
  ctx.json({ code, message, data: { status, ...data } }, status, { Nonce: ctx.makeNonce('wc_store_api') });
}

type Json = Record<string, unknown>;
const body = (ctx: Ctx): Json => {
  const parsed = ctx.jsonBody();
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : {};
};
const str = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Runs a Store API handler with the nonce check (POST), the cart it addresses, and the answer headers. */
function storeRoute(handler: (ctx: Ctx, s: StoreCtx, input: Json) => void): (ctx: Ctx) => void {
  return (ctx) => {
    const post = ctx.method === 'POST';
    if (post) {
      const nonce = header(ctx, 'nonce') ?? header(ctx, 'x-wc-store-api-nonce');
      if (!nonce) return error(ctx, 401, 'woocommerce_rest_missing_nonce', 'Missing the Nonce header. This endpoint requires a valid nonce.');
      if (!ctx.checkNonce('wc_store_api', nonce)) return error(ctx, 403, 'woocommerce_rest_invalid_nonce', 'Nonce is invalid.');
      const tokenized = header(ctx, 'x-woopayments-tokenized-cart-nonce');
      if (tokenized !== undefined && header(ctx, SESSION_HEADER) !== undefined && !ctx.checkNonce('woopayments_tokenized_cart_nonce', tokenized)) {
        return error(ctx, 403, 'woocommerce_rest_invalid_nonce', 'Nonce is invalid.');
      }
    }
    const s = storeSession(ctx, post);
    if (s.token) ctx.res.setHeader('X-WooPayments-Tokenized-Cart-Session', s.token);
    ctx.res.setHeader('Nonce', ctx.makeNonce('wc_store_api'));
    ctx.res.setHeader('Nonce-Timestamp', String(Math.floor(ctx.state.now() / 1000)));
    ctx.res.setHeader('User-ID', '0');
    handler(ctx, s, body(ctx));
    if (s.ephemeral && s.token) {
      s.session?.cart.clear();
      tokenMap(ctx.state).delete(s.token);
    }
  };
}

/** Store API variation input: attribute as `attribute_pa_x`, `pa_x` or the attribute's label. */
function attributesOf(productId: number, variation: unknown): Record<string, string> {
  const product = productById(productId) ?? variationById(productId)?.product;
  const out: Record<string, string> = {};
  if (!product || !Array.isArray(variation)) return out;
  for (const entry of variation as Array<{ attribute?: unknown; value?: unknown }>) {
    const name = str(entry.attribute);
    const attr = product.attributes.find((a) => a.key === name || a.key === `attribute_${name}` || a.label === name);
    if (attr) out[attr.key] = str(entry.value);
  }
  return out;
}

const text = (markup: string) => markup.replace(/<[^>]*>/g, '').replace(/&ldquo;|&rdquo;/g, '"').replace(/&mdash;/g, '—').replace(/&amp;/g, '&');

function orderAsCart(order: Order) {
  return {
    id: order.id,
    items: order.lines.map((l, i) => ({ key: `line-${i}`, id: i, quantity: l.quantity, name: l.name, prices: { price: minor(l.total / l.quantity) }, totals: { line_subtotal: minor(l.total), line_subtotal_tax: '0' } })),
    totals: { total_price: minor(order.total), total_refund: '0', total_shipping: '0', total_tax: '0', currency_code: 'USD', currency_minor_unit: 2 },
    shipping_rates: [],
    needs_shipping: false,
    billing_address: order.billing,
    shipping_address: order.billing,
    status: statuses.get(order) ?? 'pending',
  };
}

/** The stand-in's payment-method ids say how the "card" behaves: pm_…_declined fails, pm_…_3ds asks for authentication. */
function pay(ctx: Ctx, order: Order, paymentMethod: string) {
  const url = `/checkout/order-received/${order.id}/?key=${order.key}`;
  if (paymentMethod.includes('3ds')) {
    statuses.set(order, 'pending');
    const secret = `pi_${order.id}${randomBytes(4).toString('hex')}_secret_${randomBytes(6).toString('hex')}`;
    const hash = `#wcpay-confirm-pi:${order.id}:${secret}:${ctx.makeNonce('wcpay_update_order_status_nonce')}`;
    // esc_url_raw strips the hash from redirect_url; WooPayments keeps it in payment_details.redirect.
    return { payment_status: 'success', payment_details: [{ key: 'redirect', value: url + hash }], redirect_url: '' };
  }
  statuses.set(order, 'processing');
  return { payment_status: 'success', payment_details: [], redirect_url: url };
}

function paymentData(input: Json): Record<string, string> {
  const list = Array.isArray(input.payment_data) ? (input.payment_data as Array<{ key?: unknown; value?: unknown }>) : [];
  return Object.fromEntries(list.map((d) => [str(d.key), str(d.value)]));
}

export function registerStoreApi(router: Router): void {
  router.get('/__vitrine/stripe-stand-in.js', (ctx) => sendFile(ctx, FIXTURES, 'stripe-stand-in.js'));

  router.get(`${BASE}/cart`, storeRoute((ctx, s) => ctx.json(storeCart(s.session))));

  router.post(`${BASE}/cart/add-item`, storeRoute((ctx, s, input) => {
    const id = Number(input.id);
    const session = s.session as Session;
    const result = addToCart(session, { productId: id, quantity: Number(input.quantity ?? 1), attributes: attributesOf(id, input.variation), resolveFromAttributes: true });
    if (!result.ok) return error(ctx, 400, 'woocommerce_rest_cart_invalid_product', text(result.message));
    ctx.json(storeCart(session), 201);
  }));

  router.post(`${BASE}/cart/remove-item`, storeRoute((ctx, s, input) => {
    const session = s.session as Session;
    if (!removeFromCart(session, str(input.key))) {
      return error(ctx, 409, 'woocommerce_rest_cart_invalid_key', 'Cart item no longer exists or is invalid.', { cart: storeCart(session) });
    }
    ctx.json(storeCart(session));
  }));

  router.post(`${BASE}/cart/update-customer`, storeRoute((ctx, s, input) => {
    const session = s.session as Session;
    const b = buyingOf(session);
    const read = (a: unknown): Address | undefined => {
      if (!a || typeof a !== 'object') return undefined;
      const r = a as Json;
      return { country: str(r.country).toUpperCase(), state: str(r.state), postcode: str(r.postcode), city: str(r.city), address_1: str(r.address_1), address_2: str(r.address_2) };
    };
    const shipping = read(input.shipping_address);
    const billing = read(input.billing_address);
    if (shipping) b.shipping = shipping;
    if (billing) b.billing = billing;
    if (shipping && !billing) b.billing = { ...b.billing, country: shipping.country };
    ctx.json(storeCart(session));
  }));

  router.post(`${BASE}/cart/select-shipping-rate`, storeRoute((ctx, s, input) => {
    const session = s.session as Session;
    const b = buyingOf(session);
    const rate = ratesFor(b.shipping, cartView(session).subtotal).find((r) => r.id === str(input.rate_id));
    if (!rate) return error(ctx, 400, 'woocommerce_rest_cart_invalid_shipping_rate', 'Invalid shipping rate.');
    b.chosenShipping = rate.id;
    ctx.json(storeCart(session));
  }));

  router.post(`${BASE}/checkout`, storeRoute((ctx, s, input) => {
    const session = s.session as Session;
    const t = totals(session);
    if (t.cart.lines.length === 0) return error(ctx, 400, 'woocommerce_rest_cart_empty', 'Cannot create order from empty cart.');
    const billing = (input.billing_address ?? {}) as Json;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(str(billing.email))) return error(ctx, 400, 'rest_invalid_param', 'Invalid parameter(s): billing_address');
    if (t.rates.length === 0) return error(ctx, 400, 'woocommerce_rest_invalid_shipping_option', 'No shipping method has been selected. Please double check your address, or contact us if you need any help.');
    const data = paymentData(input);
    if (input.payment_method !== 'woocommerce_payments' || !data['wcpay-payment-method']) return error(ctx, 400, 'rest_invalid_param', 'Invalid parameter(s): payment_method');
    if (data['wcpay-payment-method'].includes('declined')) {
      return error(ctx, 400, 'woocommerce_rest_checkout_process_payment_error', 'Error: Your card was declined.');
    }
    const values: Record<string, string> = { payment_method: 'woocommerce_payments' };
    for (const [k, v] of Object.entries(billing)) values[`billing_${k}`] = str(v);
    const order = createOrder(ctx.state, session, (name) => values[name] ?? '', t);
    order.paymentMethod = `woocommerce_payments (${data.payment_request_type === 'apple_pay' ? 'Apple Pay' : 'Google Pay'})`;
    ctx.json({ order_id: order.id, status: 'pending', order_key: order.key, customer_note: '', customer_id: 0, billing_address: billing, shipping_address: input.shipping_address ?? {}, payment_method: 'woocommerce_payments', payment_result: pay(ctx, order, data['wcpay-payment-method']) });
  }));

  router.get(`${BASE}/order/:id`, storeRoute((ctx) => {
    const order = ordersOf(ctx.state).find((o) => String(o.id) === ctx.params.id && o.key === ctx.url.searchParams.get('key'));
    if (!order) return error(ctx, 404, 'woocommerce_rest_invalid_order', 'Invalid order ID or key provided.');
    ctx.json(orderAsCart(order));
  }));

  router.post(`${BASE}/checkout/:id`, storeRoute((ctx, _s, input) => {
    const order = ordersOf(ctx.state).find((o) => String(o.id) === ctx.params.id && o.key === str(input.key));
    if (!order) return error(ctx, 404, 'woocommerce_rest_invalid_order', 'Invalid order ID or key provided.');
    const data = paymentData(input);
    if ((data['wcpay-payment-method'] ?? '').includes('declined')) return error(ctx, 400, 'woocommerce_rest_checkout_process_payment_error', 'Error: Your card was declined.');
    ctx.json({ order_id: order.id, status: 'pending', order_key: order.key, payment_method: 'woocommerce_payments', payment_result: pay(ctx, order, data['wcpay-payment-method'] ?? '') });
  }));

  // WooPayments' admin-ajax actions (answers as WooPayments sends them; the request log records each call).
  router.adminAjax('platform_tracks', (ctx) => {
    if (!ctx.checkNonce('platform_tracks_nonce', ctx.input('tracksNonce'))) return ctx.json({ success: false }, 403);
    ctx.json({ success: true });
  });
  router.adminAjax('save_upe_appearance', (ctx) => {
    if (!ctx.checkNonce('wcpay_save_upe_appearance_nonce', ctx.input('_ajax_nonce'))) return ctx.json({ success: false }, 403);
    ctx.json({ success: true, data: JSON.parse(ctx.input('appearance') || 'null') });
  });
  router.adminAjax('update_order_status', (ctx) => {
    const order = ordersOf(ctx.state).find((o) => String(o.id) === ctx.input('order_id'));
    if (!order || !ctx.checkNonce('wcpay_update_order_status_nonce', ctx.input('_ajax_nonce'))) {
      return ctx.json({ error: { message: "We're not able to process this payment. Please refresh the page and try again." } });
    }
    const intent = ctx.input('intent_id');
    // The stand-in names its intents after what the shopper did in the 3DS challenge.
    if (intent.includes('requires_action')) {
      statuses.set(order, 'pending');
      return ctx.json({ return_url: `/checkout/order-received/${order.id}/?key=${order.key}` });
    }
    statuses.set(order, intent.startsWith('pi_') && !intent.includes('failed') ? 'processing' : 'failed');
    if (statuses.get(order) === 'failed') return ctx.json({ error: { message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' } });
    ctx.json({ return_url: `/checkout/order-received/${order.id}/?key=${order.key}` });
  });
  router.adminAjax('create_setup_intent', (ctx) => ctx.json({ success: true, data: { id: `seti_${randomBytes(6).toString('hex')}`, status: 'succeeded', client_secret: '' } }));
  router.adminAjax('init_woopay', (ctx) => ctx.json({ success: false, data: { message: 'WooPay is not enabled on the demo shop.' } }));

  // The pay-for-order page of a pending order (WooCommerce checks the key), and a way for tests and QA to
  // make such an order: what an admin's "Customer payment page" link or a failed payment leaves behind.
  router.get('/checkout/order-pay/:id/', (ctx) => {
    const order = ordersOf(ctx.state).find((o) => String(o.id) === ctx.params.id && o.key === ctx.url.searchParams.get('key'));
    ctx.html(orderPayPage(ctx.renderCtx(), order && (statuses.get(order) ?? 'pending') === 'pending' ? order : undefined));
  });
  router.post('/__vitrine/pending-order', (ctx) => {
    const input = body(ctx);
    const session = ctx.state.newSession();
    const added = addToCart(session, { productId: Number(input.product_id ?? 11), quantity: Number(input.quantity ?? 1) });
    if (!added.ok) return ctx.json({ error: text(added.message) }, 400);
    const email = str(input.email) || 'jane@example.com';
    const values: Record<string, string> = { payment_method: '', billing_email: email, billing_first_name: 'Jane', billing_last_name: 'Shopper', billing_country: 'US' };
    const order = createOrder(ctx.state, session, (name) => values[name] ?? '', totals(session));
    statuses.set(order, 'pending');
    ctx.json({ id: order.id, key: order.key, url: `/checkout/order-pay/${order.id}/?pay_for_order=true&key=${order.key}` });
  });

  /** The order statuses (tests read them). */
  router.get('/__vitrine/order-statuses', (ctx) => ctx.json(ordersOf(ctx.state).map((o) => ({ id: o.id, status: statuses.get(o) ?? 'pending', paymentMethod: o.paymentMethod, lines: o.lines }))));
}
