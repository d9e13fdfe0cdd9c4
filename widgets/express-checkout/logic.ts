/**
 * Pure rules of the express wallet (WooPayments' tokenized Express Checkout Element): Store API cart →
 * Stripe amounts, line items and rates; button options and appearance. No DOM, no network. The payment
 * sheet's rules (addresses, the order, 3DS, the login question) are order.ts, re-exported here.
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

export const STRIPE_NOT_FOUND = 'Stripe object not found';
export const SELECT_OPTIONS = 'Please select your product options before proceeding.';
export const UNAVAILABLE = 'Sorry, this product is unavailable. Please choose a different combination.';
export const SESSION_EXPIRED = 'Your session has expired. Please try again.';
export const WALLET_UNAVAILABLE = 'Express checkout is not available right now. Please reload the page, or check out with the form below.';

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

/** Whether any wallet the element reported is available (EXP-02). */
export function anyWallet(available: Record<string, boolean> | undefined | null): boolean {
  return !!available && Object.values(available).some(Boolean);
}

// The sheet's rules live in order.ts (loaded with the sheet, not at idle); one catalogue for the tests.
export * from './order';
