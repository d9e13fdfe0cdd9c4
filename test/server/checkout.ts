import { randomBytes } from 'node:crypto';
import { countryName, fieldLocale, STATES } from '../fixtures/address-data.ts';
import { type CartView, cartView, escapeText } from './cart.ts';
import type { CartItem, Session, State } from './state.ts';

// The buying half of the demo shop: customer address, shipping zones, the TAKE10 coupon, payment gateways,
// checkout validation and orders (WC_Customer, WC_Shipping_Zone, WC_Discounts, WC_Checkout, over the demo cart).

export interface Address {
  country: string;
  state: string;
  postcode: string;
  city: string;
  address_1: string;
  address_2: string;
}

export interface Buying {
  billing: Address;
  /** The shipping address the rates are computed for (billing unless "ship to a different address"). */
  shipping: Address;
  coupons: string[];
  /** shipping_method[0]. */
  chosenShipping: string;
  chosenPayment: string;
  /** Removed lines, for the cart page's "Undo?" link (restore-item). */
  removed: Map<string, CartItem>;
}

export interface Order {
  id: number;
  /** The session that placed it: POST /__vitrine/reset forgets the sessions, and with them their orders. */
  sessionId: string;
  key: string;
  total: number;
  paymentMethod: string;
  billing: Record<string, string>;
  lines: { name: string; quantity: number; total: number }[];
  /** Order attribution meta (`_wc_order_attribution_<field>`), without empty and `(none)` values. */
  attribution: Record<string, string>;
}

const buying = new WeakMap<Session, Buying>();
const orders = new WeakMap<State, Order[]>();

const emptyAddress = (): Address => ({ country: 'US', state: 'CA', postcode: '', city: '', address_1: '', address_2: '' });

export function buyingOf(session: Session | undefined): Buying {
  if (!session) return { billing: emptyAddress(), shipping: emptyAddress(), coupons: [], chosenShipping: '', chosenPayment: 'cheque', removed: new Map() };
  let b = buying.get(session);
  if (!b) {
    b = { billing: emptyAddress(), shipping: emptyAddress(), coupons: [], chosenShipping: '', chosenPayment: 'cheque', removed: new Map() };
    buying.set(session, b);
  }
  return b;
}

export function ordersOf(state: State): Order[] {
  const list = (orders.get(state) ?? []).filter((order) => state.sessions.has(order.sessionId));
  orders.set(state, list);
  return list;
}

export interface Rate {
  id: string;
  label: string;
  cost: number;
}

const DE_RATES: Rate[] = Array.from({ length: 12 }, (_, i) => ({ id: `flat_rate:${20 + i}`, label: `Carrier ${String.fromCharCode(65 + i)}`, cost: 4 + i }));

/** Shipping zones: United States and United Kingdom have rates, everywhere else none (e.g. Austria); Germany has twelve. */
export function ratesFor(address: Address, subtotal: number): Rate[] {
  if (address.country === 'US') {
    const rates: Rate[] = [{ id: 'flat_rate:1', label: 'Flat rate', cost: 5 }];
    if (subtotal >= 50) rates.push({ id: 'free_shipping:2', label: 'Free shipping', cost: 0 });
    rates.push({ id: 'local_pickup:3', label: 'Local pickup', cost: 0 });
    return rates;
  }
  if (address.country === 'GB') return [{ id: 'flat_rate:4', label: 'International', cost: 15 }, { id: 'flat_rate:5', label: 'International express', cost: 25 }];
  // Germany: twelve carriers, more than a wallet sheet may offer (it takes at most 9).
  if (address.country === 'DE') return DE_RATES;
  return [];
}

export const COUPON = 'take10';
export const COUPON_PERCENT = 10;

export interface Gateway {
  id: string;
  title: string;
  description: string;
  orderButtonText: string;
}

export const GATEWAYS: Gateway[] = [
  { id: 'cheque', title: 'Check payments', description: 'Please send a check to Store Name, Store Street, Store Town, Store State / County, Store Postcode.', orderButtonText: '' },
  {
    id: 'bacs',
    title: 'Direct bank transfer',
    description: 'Make your payment directly into our bank account. Please use your Order ID as the payment reference. Your order will not be shipped until the funds have cleared in our account.',
    orderButtonText: 'Place order and show bank details',
  },
];

export interface Totals {
  cart: CartView;
  rates: Rate[];
  chosenRate: Rate | undefined;
  discount: number;
  shipping: number;
  total: number;
  needsAddress: boolean;
}

/** WC_Cart::calculate_totals for the demo: 10% off with TAKE10, then the chosen rate (the first when none is chosen). */
export function totals(session: Session | undefined): Totals {
  const cart = cartView(session);
  const b = buyingOf(session);
  const discount = b.coupons.includes(COUPON) ? Math.round(cart.subtotal * COUPON_PERCENT) / 100 : 0;
  const rates = ratesFor(b.shipping, cart.subtotal);
  const chosenRate = rates.find((r) => r.id === b.chosenShipping) ?? rates[0];
  const shipping = chosenRate?.cost ?? 0;
  return { cart, rates, chosenRate, discount, shipping, total: cart.subtotal - discount + shipping, needsAddress: false };
}

export function destination(a: Address): string {
  const state = (STATES[a.country] as Record<string, string> | undefined)?.[a.state] ?? a.state;
  return [a.city, state && !Array.isArray(STATES[a.country]) ? state : '', a.postcode, countryName(a.country)].filter(Boolean).join(', ');
}

/** WC_Discounts / WC_Cart::apply_coupon: the notice markup apply_coupon answers with. */
export function applyCoupon(session: Session, code: string): { ok: boolean; message: string } {
  const normalised = code.trim().toLowerCase();
  const b = buyingOf(session);
  if (normalised === '') return { ok: false, message: 'Please enter a coupon code.' };
  if (normalised !== COUPON) return { ok: false, message: `Coupon &quot;${escapeText(normalised)}&quot; does not exist!` };
  if (b.coupons.includes(normalised)) return { ok: false, message: 'Coupon code already applied!' };
  b.coupons.push(normalised);
  return { ok: true, message: 'Coupon code applied successfully.' };
}

export function removeCoupon(session: Session, code: string): { ok: boolean; message: string } {
  const b = buyingOf(session);
  const normalised = code.trim().toLowerCase();
  if (!b.coupons.includes(normalised)) return { ok: false, message: 'Sorry there was a problem removing this coupon.' };
  b.coupons = b.coupons.filter((c) => c !== normalised);
  return { ok: true, message: 'Coupon has been removed.' };
}

const ADDRESS_KEYS = ['first_name', 'last_name', 'country', 'address_1', 'address_2', 'city', 'state', 'postcode'] as const;
const LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  country: 'Country / Region',
  address_1: 'Street address',
  address_2: 'Apartment, suite, unit, etc.',
  city: 'Town / City',
  state: 'State / County',
  postcode: 'Postcode / ZIP',
};

export interface CheckoutError {
  /** The field id the error is about (li[data-id]), when it is about one. */
  id?: string;
  html: string;
}

/** WC_Checkout::validate_checkout: required fields per the country's locale, email, terms, shipping and payment. */
export function validateCheckout(input: (name: string) => string, t: Totals): CheckoutError[] {
  const errors: CheckoutError[] = [];
  const shipDifferent = input('ship_to_different_address') === '1';
  const groups: ['billing' | 'shipping', string][] = [['billing', 'Billing']];
  if (shipDifferent) groups.push(['shipping', 'Shipping']);
  for (const [group, title] of groups) {
    const country = input(`${group}_country`);
    for (const key of ADDRESS_KEYS) {
      const locale = fieldLocale(country, key);
      const required = key === 'first_name' || key === 'last_name' || key === 'country' ? true : locale.required === true && locale.hidden !== true;
      if (required && input(`${group}_${key}`).trim() === '') {
        errors.push({ id: `${group}_${key}`, html: `<strong>${title} ${escapeText(locale.label ?? LABELS[key] ?? key)}</strong> is a required field.` });
      }
    }
    if (key_state_invalid(country, input(`${group}_state`))) {
      errors.push({ id: `${group}_state`, html: `${title} ${escapeText(fieldLocale(country, 'state').label ?? 'State')} is not valid. Please enter one of the following: ${Object.values(STATES[country] as Record<string, string>).map(escapeText).join(', ')}` });
    }
  }
  const email = input('billing_email').trim();
  if (email === '') errors.push({ id: 'billing_email', html: '<strong>Billing Email address</strong> is a required field.' });
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.push({ id: 'billing_email', html: '<strong>Billing Email address</strong> is not a valid email address.' });
  if (input('terms-field') === '1' && input('terms') === '') {
    errors.push({ id: 'terms', html: 'Please read and accept the terms and conditions to proceed with your order.' });
  }
  if (t.cart.lines.length && t.rates.length === 0) {
    errors.push({ html: 'No shipping method has been selected. Please double check your address, or contact us if you need any help.' });
  }
  if (!GATEWAYS.some((g) => g.id === input('payment_method'))) errors.push({ html: 'Invalid payment method.' });
  return errors;
}

function key_state_invalid(country: string, state: string): boolean {
  const states = STATES[country];
  return !!states && !Array.isArray(states) && state !== '' && !(state in states);
}

export function createOrder(state: State, session: Session, input: (name: string) => string, t: Totals): Order {
  const list = ordersOf(state);
  const order: Order = {
    id: 100 + list.length + 1,
    sessionId: session.id,
    key: `wc_order_${randomBytes(6).toString('hex')}`,
    total: t.total,
    paymentMethod: input('payment_method'),
    billing: Object.fromEntries(['first_name', 'last_name', 'email', 'country', 'state', 'city', 'postcode', 'address_1'].map((k) => [k, input(`billing_${k}`)])),
    lines: t.cart.lines.map((l) => ({ name: l.name, quantity: l.item.quantity, total: l.lineTotal })),
    attribution: attributionFrom(input),
  };
  list.push(order);
  session.cart.clear();
  buyingOf(session).coupons = [];
  return order;
}

/** The order attribution fields the checkout posts (wc_order_attribution_<field>). */
export const ATTRIBUTION_FIELDS = [
  'source_type', 'referrer', 'utm_campaign', 'utm_source', 'utm_medium', 'utm_content', 'utm_id', 'utm_term',
  'utm_source_platform', 'utm_creative_format', 'utm_marketing_tactic', 'session_entry', 'session_start_time',
  'session_pages', 'session_count', 'user_agent',
] as const;

/**
 * WooCommerce's OrderAttributionController on order creation: `(none)` and empty values dropped, nothing
 * when all are empty, the device type derived from the user agent.
 */
export function attributionFrom(input: (name: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = input(`wc_order_attribution_${field}`).trim();
    if (value && value !== '(none)') out[field] = value;
  }
  if (Object.keys(out).length === 0) return out;
  const ua = out.user_agent ?? '';
  out.device_type = /tablet|ipad/i.test(ua) ? 'Tablet' : /mobi|android|iphone/i.test(ua) ? 'Mobile' : 'Desktop';
  return out;
}

/** The origin label of the order screen: "Source: X", "Organic: X", "Referral: X", "Direct", "Web admin" or "Unknown". */
export function originLabel(a: Record<string, string>): string {
  const raw = (a.utm_source ?? '').replace(/^\(|\)$/g, '');
  const x = raw.charAt(0).toUpperCase() + raw.slice(1);
  switch (a.source_type) {
    case 'utm':
      return `Source: ${x}`;
    case 'organic':
      return `Organic: ${x}`;
    case 'referral':
      return `Referral: ${x}`;
    case 'typein':
      return 'Direct';
    case 'admin':
      return 'Web admin';
    default:
      return 'Unknown';
  }
}

/** Reads the address fields the checkout scripts post (update_order_review's country/s_country…, or the form's billing_…). */
export function addressFrom(read: (name: string) => string, prefix: '' | 's_'): Address {
  return {
    country: read(`${prefix}country`),
    state: read(`${prefix}state`),
    postcode: read(`${prefix}postcode`),
    city: read(`${prefix}city`),
    address_1: read(`${prefix}address`),
    address_2: read(`${prefix}address_2`),
  };
}
