/**
 * Pure rules of the express wallet (WooPayments' tokenized Express Checkout Element): Store API cart →
 * Stripe amounts, line items and rates; Stripe wallet details → Store API addresses; button options,
 * appearance, the login confirmation text and the 3DS confirmation hash. No DOM, no network.
 */

export const SHIPPING_RATES_LIMIT = 9;
export const BUTTON_HEIGHT = { min: 40, max: 55, fallback: 48 } as const;
export const QUANTITY_DEBOUNCE_MS = 250;
export const LOAD_TRACK_DEBOUNCE_MS = 1000;
export const STRIPE_POLL_MS = 100;
export const STRIPE_WAIT_MS = 600_000;
export const DEFAULT_CURRENCY_DECIMALS = 2;
export const PAY_LATER_FONT_FACTOR = 0.875;
export const DARK_BRIGHTNESS_MAX = 125;
export const DEFAULT_RADIUS_PX = 4;
export const SPACING_UNIT = '6px';

export const PENDING_RATE: StripeShippingRate = { id: 'pending', displayName: 'Pending', amount: 0 };

/** The Store API cart fields the wallet reads (money: minor-unit strings). */
export interface ExpressCart {
  items: Array<{
    key: string;
    name: string;
    quantity: number;
    variation?: Array<{ attribute: string; value: string }>;
    item_data?: Array<{ name?: string; key?: string; value: string }>;
    prices?: { price?: string };
    totals?: { line_subtotal?: string; line_subtotal_tax?: string };
    extensions?: { bundles?: { bundled_by?: string } };
  }>;
  totals: {
    total_price?: string;
    total_refund?: string;
    total_shipping?: string | null;
    total_shipping_tax?: string | null;
    total_discount?: string;
    total_discount_tax?: string;
    total_fees?: string;
    total_fees_tax?: string;
    total_tax?: string;
    currency_code?: string;
    currency_minor_unit?: number;
  };
  shipping_rates?: Array<{
    package_id?: number | string;
    shipping_rates?: Array<{
      rate_id: string;
      name: string;
      price: string;
      taxes?: string;
      selected?: boolean;
      method_id?: string;
      meta_data?: Array<{ key: string; value: string }>;
    }>;
  }>;
  needs_shipping?: boolean;
}

export interface StripeLineItem {
  name: string;
  amount: number;
}
export interface StripeShippingRate {
  id: string;
  displayName: string;
  amount: number;
  deliveryEstimate?: string;
}

export interface MoneyOptions {
  /** Stripe's decimals for the currency (checkout.stripe_minor_unit, or currency_decimals; default 2). */
  stripeMinor: number;
  /** woocommerce_tax_display_cart == incl. */
  pricesIncludeTax: boolean;
}

const num = (value: string | number | null | undefined): number => {
  const n = typeof value === 'number' ? value : Number.parseInt(value ?? '0', 10);
  return Number.isFinite(n) ? n : 0;
};

/** A Store API minor-unit amount in Stripe's minor units: rounded only when Stripe has fewer decimals. */
export function transformPrice(price: string | number | null | undefined, currencyMinor: number, stripeMinor = DEFAULT_CURRENCY_DECIMALS): number {
  const shift = stripeMinor - currencyMinor;
  const value = num(price) * 10 ** shift;
  return shift < 0 ? Math.round(value) : value;
}

function minorOf(cart: ExpressCart): number {
  return cart.totals.currency_minor_unit ?? DEFAULT_CURRENCY_DECIMALS;
}

/** EXP-02 The amount to charge: total_price − total_refund (0 hides the button). */
export function cartTotal(cart: ExpressCart, stripeMinor = DEFAULT_CURRENCY_DECIMALS): number {
  return transformPrice(num(cart.totals.total_price) - num(cart.totals.total_refund), minorOf(cart), stripeMinor);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#039': "'", '#39': "'", apos: "'", nbsp: ' ' };
/** Store API names carry HTML entities (&amp;, &#8211;); the sheet shows text. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    const lower = code.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower] ?? whole;
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return whole;
  });
}

function itemLabel(item: ExpressCart['items'][number]): string {
  const parts = [decodeEntities(item.name)];
  if (item.quantity > 1) parts.push(`(x${item.quantity})`);
  const attributes = (item.variation ?? []).map((v) => `${decodeEntities(v.attribute)}: ${decodeEntities(v.value)}`);
  if (attributes.length) parts.push('-', attributes.join(', '));
  const data = (item.item_data ?? []).map((d) => `${decodeEntities(d.name ?? d.key ?? '')}: ${decodeEntities(d.value)}`);
  if (data.length) parts.push('-', data.join(', '));
  return parts.join(' ');
}

/** EXP-15 Bundled child items (extensions.bundles.bundled_by) are left out: only the bundle's line stays. */
export function withoutBundledChildren(items: ExpressCart['items']): ExpressCart['items'] {
  return items.filter((item) => !item.extensions?.bundles?.bundled_by);
}

/**
 * EXP-15 The sheet's line items: products, then shipping, discount, fees, tax (only when prices are shown
 * without tax) and refund when non-zero. When the total is less than their sum, none at all (the sheet
 * shows only the total), so rounding or a gift card never makes Stripe refuse the sheet.
 */
export function lineItems(cart: ExpressCart, options: MoneyOptions): StripeLineItem[] {
  const minor = minorOf(cart);
  const price = (value: number) => transformPrice(value, minor, options.stripeMinor);
  const t = cart.totals;
  const withTax = (amount: string | null | undefined, tax: string | null | undefined) => num(amount) + (options.pricesIncludeTax ? num(tax) : 0);
  const out: StripeLineItem[] = withoutBundledChildren(cart.items).map((item) => {
    const subtotal = item.totals?.line_subtotal;
    const amount = subtotal === undefined ? num(item.prices?.price) : withTax(subtotal, item.totals?.line_subtotal_tax);
    return { name: itemLabel(item), amount: price(amount) };
  });
  const extra: Array<[string, number]> = [
    ['Shipping', withTax(t.total_shipping, t.total_shipping_tax)],
    ['Discount', -withTax(t.total_discount, t.total_discount_tax)],
    ['Fees', withTax(t.total_fees, t.total_fees_tax)],
    ['Tax', options.pricesIncludeTax ? 0 : num(t.total_tax)],
    ['Refund', -num(t.total_refund)],
  ];
  for (const [name, amount] of extra) if (amount !== 0) out.push({ name, amount: price(amount) });
  const sum = out.reduce((acc, item) => acc + item.amount, 0);
  return cartTotal(cart, options.stripeMinor) < sum ? [] : out;
}

/**
 * EXP-16 The first package's rates, the selected one first (stable otherwise), at most 9: Stripe refuses
 * ten or more. Pickup rates carry their address and details as the delivery estimate.
 */
export function shippingRates(cart: ExpressCart, options: MoneyOptions): StripeShippingRate[] {
  const rates = cart.shipping_rates?.[0]?.shipping_rates ?? [];
  const minor = minorOf(cart);
  const sorted = [...rates.filter((r) => r.selected), ...rates.filter((r) => !r.selected)];
  return sorted.slice(0, SHIPPING_RATES_LIMIT).map((rate) => {
    const meta = (key: string) => rate.meta_data?.find((m) => m.key === key)?.value ?? '';
    const amount = transformPrice(num(rate.price) + (options.pricesIncludeTax ? num(rate.taxes) : 0), minor, options.stripeMinor);
    const out: StripeShippingRate = { id: rate.rate_id, displayName: decodeEntities(rate.name), amount };
    const address = meta('pickup_address');
    if (address) out.deliveryEstimate = [address, meta('pickup_details')].filter(Boolean).join(' - ');
    return out;
  });
}

/** The rates the click resolves with: the cart's, or the pending placeholder Stripe needs when shipping is required. */
export function clickRates(rates: StripeShippingRate[]): StripeShippingRate[] {
  return rates.length ? rates : [PENDING_RATE];
}

/** First word / the rest. */
export function splitName(name: string | null | undefined): { first: string; last: string } {
  const [first = '', ...rest] = (name ?? '').trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/** EXP-17 Brackets, spaces and hyphens go. */
export function stripPhone(phone: string | null | undefined): string {
  return (phone ?? '').replace(/[() -]/g, '');
}

/** Only the first space goes (redacted GB/CA postcodes "SW1A 1" → "SW1A1"), as WooPayments does. */
export function storePostcode(postcode: string | null | undefined): string {
  return (postcode ?? '').replace(' ', '');
}

export interface StripeAddress {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
  organization?: string | null;
}

export interface StoreAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  email?: string;
  phone?: string;
}

/** The (redacted) shipping address of an address change or confirm; no '-' for a missing last name. */
export function shippingAddressForStore(name: string | null | undefined, address: StripeAddress | null | undefined): StoreAddress {
  const { first, last } = splitName(name);
  return {
    first_name: first,
    last_name: last,
    company: address?.organization ?? '',
    address_1: address?.line1 ?? '',
    address_2: address?.line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postcode: storePostcode(address?.postal_code),
    country: address?.country ?? '',
  };
}

export interface ConfirmEvent {
  expressPaymentType: string;
  billingDetails?: { name?: string | null; email?: string | null; phone?: string | null; address?: StripeAddress | null };
  shippingAddress?: { name?: string | null; address?: StripeAddress | null };
  payerPhone?: string;
  order_comments?: string;
}

/** EXP-13 Billing from the wallet: last name falls back to '-', phone stripped, postcode as given. */
export function billingAddressForStore(event: ConfirmEvent): StoreAddress {
  const details = event.billingDetails ?? {};
  const { first, last } = splitName(details.name);
  const a = details.address ?? {};
  return {
    first_name: first,
    last_name: last || '-',
    company: a.organization ?? '',
    address_1: a.line1 ?? '',
    address_2: a.line2 ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    postcode: a.postal_code ?? '',
    country: a.country ?? '',
    email: details.email ?? '',
    phone: stripPhone(details.phone || event.payerPhone),
  };
}

/** The Store API checkout body for a confirmed wallet payment (EXP-07). */
export function checkoutPayload(event: ConfirmEvent, paymentMethodId: string, fraudToken: string): Record<string, unknown> {
  const billing = billingAddressForStore(event);
  const payload: Record<string, unknown> = {
    billing_address: billing,
    payment_method: 'woocommerce_payments',
    payment_data: [
      { key: 'payment_method', value: 'card' },
      { key: 'payment_request_type', value: event.expressPaymentType },
      { key: 'wcpay-fraud-prevention-token', value: fraudToken },
      { key: 'wcpay-payment-method', value: paymentMethodId },
      { key: 'express_payment_type', value: event.expressPaymentType },
    ],
    extensions: {},
  };
  if (event.shippingAddress) {
    payload.shipping_address = { ...shippingAddressForStore(event.shippingAddress.name, event.shippingAddress.address), phone: billing.phone };
  }
  if (event.order_comments !== undefined) payload.customer_note = event.order_comments;
  return payload;
}

export interface CheckoutAnswer {
  order_id?: number;
  payment_result?: {
    payment_status?: string;
    payment_details?: Array<{ key: string; value: string }>;
    redirect_url?: string;
    message?: string;
  };
  message?: string;
}

export const ORDER_FAILED = 'There was a problem processing the order.';
export const REQUIRES_ACTION = 'Payment requires additional action.';
export const PRODUCT_FAILED = 'There was an error processing the product with this payment method. Please add the product to the cart, instead.';
export const STRIPE_NOT_FOUND = 'Stripe object not found';
export const SELECT_OPTIONS = 'Please select your product options before proceeding.';
export const UNAVAILABLE = 'Sorry, this product is unavailable. Please choose a different combination.';
export const SESSION_EXPIRED = 'Your session has expired. Please try again.';
export const WALLET_UNAVAILABLE = 'Express checkout is not available right now. Please reload the page, or check out with the form below.';
export const ADDRESS_FAILED = 'The shipping address could not be checked. Please try again.';
export const RATE_FAILED = 'The shipping method could not be changed. Please try again.';

/** Codes whose text is about the transport, not the shop: the step's own message says more to a shopper. */
const TRANSPORT_CODES = new Set(['http_error', 'unknown_error', 'invalid_json']);
const NONCE_CODES = new Set(['woocommerce_rest_invalid_nonce', 'woocommerce_rest_missing_nonce']);

/**
 * What to tell the shopper when a wallet step's request failed: an expired nonce asks them to try again
 * (the refusal carried a fresh nonce, so the next try works); a 5xx page, garbage or an empty answer gets
 * the step's message; offline and timeouts keep the catalogue's text; a refusal the shop worded (a
 * declined card) is shown as worded.
 */
export function failureMessage(error: { code: string; message: string }, stepMessage: string): string {
  if (NONCE_CODES.has(error.code)) return SESSION_EXPIRED;
  if (TRANSPORT_CODES.has(error.code)) return stepMessage;
  return error.message.trim() || stepMessage;
}

/** An answer shaped like a Store API cart (an empty body or an error page is not one). */
export function isExpressCart(value: unknown): value is ExpressCart {
  if (!value || typeof value !== 'object') return false;
  const cart = value as { items?: unknown; totals?: unknown };
  return Array.isArray(cart.items) && !!cart.totals && typeof cart.totals === 'object';
}

/**
 * EXP-11 The order is placed only when payment_status is success: then the redirect (redirect_url, or the
 * payment_details `redirect`, which keeps the #wcpay-confirm hash that esc_url_raw strips). Otherwise the
 * answer's message, its errorMessage detail, or EXP-24's default.
 */
export function orderOutcome(answer: CheckoutAnswer | null | undefined): { ok: true; redirect: string } | { ok: false; message: string } {
  const result = answer?.payment_result;
  const detail = (key: string) => result?.payment_details?.find((d) => d.key === key)?.value ?? '';
  if (result?.payment_status !== 'success') {
    return { ok: false, message: result?.message || detail('errorMessage') || answer?.message || ORDER_FAILED };
  }
  return { ok: true, redirect: result.redirect_url || detail('redirect') };
}

export interface IntentConfirmation {
  type: 'pi' | 'si';
  orderId: string;
  clientSecret: string;
  nonce: string;
}

/** EXP-03 `#wcpay-confirm-(pi|si):<order>:<client secret>:<nonce>`; on order-pay pages the order id comes from the URL. */
export function parseConfirmationHash(url: string, pageUrl = ''): IntentConfirmation | null {
  const match = /#wcpay-confirm-(pi|si):(.+):(.+):(.+)$/.exec(url);
  if (!match) return null;
  const [, type, orderId = '', clientSecret = '', nonce = ''] = match;
  const orderPay = /order-pay\/(\d+)/.exec(pageUrl);
  return { type: type as 'pi' | 'si', orderId: orderPay?.[1] ?? orderId, clientSecret, nonce };
}

/** The address without the confirmation hash (where the shopper goes when there is nothing to confirm). */
export function withoutHash(url: string): string {
  return url.replace(/#wcpay-confirm-.*$/, '');
}

const WALLET_NAMES: Record<string, string> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  amazon_pay: 'Amazon Pay',
  paypal: 'PayPal',
  link: 'Link',
};

/** EXP-20 The first **…** span names the wallet; the remaining ** marks go. */
export function loginMessage(message: string, expressPaymentType: string): string {
  const wallet = WALLET_NAMES[expressPaymentType];
  const named = wallet ? message.replace(/\*\*.*?\*\*/, wallet) : message;
  return named.replace(/\*\*/g, '');
}

/** EXP-14 */
export function buttonHeight(height: string | number | null | undefined): number {
  const n = typeof height === 'number' ? height : Number.parseInt(height ?? '', 10);
  if (!Number.isFinite(n)) return BUTTON_HEIGHT.fallback;
  return Math.min(BUTTON_HEIGHT.max, Math.max(BUTTON_HEIGHT.min, n));
}

export function buttonTheme(theme: string | undefined): { applePay: string; googlePay: string } {
  if (theme === 'light') return { applePay: 'white', googlePay: 'white' };
  if (theme === 'light-outline') return { applePay: 'white-outline', googlePay: 'white' };
  return { applePay: 'black', googlePay: 'black' };
}

const APPLE_TYPES = ['add-money', 'book', 'buy', 'check-out', 'contribute', 'donate', 'order', 'plain', 'reload', 'rent', 'subscribe', 'support', 'tip', 'top-up'];
const GOOGLE_TYPES = ['book', 'buy', 'checkout', 'donate', 'order', 'pay', 'plain', 'subscribe'];

/** WooPayments' 'default' is Stripe's 'plain'; a type a wallet does not know falls back to its default. */
export function buttonType(type: string | undefined): { applePay: string; googlePay: string } {
  const wanted = !type || type === 'default' ? 'plain' : type;
  return {
    applePay: APPLE_TYPES.includes(wanted) ? wanted : 'plain',
    googlePay: GOOGLE_TYPES.includes(wanted) ? wanted : 'buy',
  };
}

/** YIQ brightness (0–255) of a CSS rgb()/rgba() or #hex colour; null when unreadable or transparent. */
export function brightness(color: string): number | null {
  const rgb = /^rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)(?:[,\s/]+([\d.]+))?\s*\)$/i.exec(color.trim());
  let parts: number[] | null = null;
  if (rgb) {
    if (rgb[4] !== undefined && Number(rgb[4]) === 0) return null;
    parts = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  } else {
    const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
    if (hex?.[1]) {
      const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
      parts = [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
    }
  }
  if (!parts) return null;
  const [r = 0, g = 0, b = 0] = parts;
  return (r * 299 + g * 587 + b * 114) / 1000;
}

export interface Appearance {
  theme: 'night' | 'stripe';
  variables: { borderRadius: string; spacingUnit: string; colorText?: string; fontSizeBase?: string };
  rules?: Record<string, Record<string, string>>;
}

/**
 * EXP-27 Elements appearance from the page: dark ('night') when the background's brightness is 125 or
 * less, radius 4px unless the page's field has another, spacing 6px.
 */
export function appearanceFor(style: { background: string; color?: string; radius?: string; fontSize?: string }): Appearance {
  const light = brightness(style.background);
  const radius = /^\d+(\.\d+)?px$/.test(style.radius ?? '') ? (style.radius as string) : `${DEFAULT_RADIUS_PX}px`;
  const variables: Appearance['variables'] = { borderRadius: radius, spacingUnit: SPACING_UNIT };
  if (style.color) variables.colorText = style.color;
  if (style.fontSize) variables.fontSizeBase = style.fontSize;
  return { theme: light !== null && light <= DARK_BRIGHTNESS_MAX ? 'night' : 'stripe', variables };
}

/** EXP-27 The pay-later message's text size: the page's base size × 0.875. */
export function payLaterFontSize(basePx: number): string {
  return `${Math.round(basePx * PAY_LATER_FONT_FACTOR * 100) / 100}px`;
}

/** Tracks event names for the wallets (other types are not tracked). */
export function trackName(expressPaymentType: string, kind: 'click' | 'load'): string | null {
  if (expressPaymentType === 'google_pay' || expressPaymentType === 'googlePay') return `gpay_button_${kind}`;
  if (expressPaymentType === 'apple_pay' || expressPaymentType === 'applePay') return `applepay_button_${kind}`;
  return null;
}

// EXP-19 Generic field rules.
export const isEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
export const isPhone = (value: string): boolean => /^\+?\d{6,15}$/.test(stripPhone(value));
export const isSlug = (value: string): boolean => /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/.test(value);
export function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Whether any wallet the element reported is available (EXP-02). */
export function anyWallet(available: Record<string, boolean> | undefined | null): boolean {
  return !!available && Object.values(available).some(Boolean);
}
