/**
 * Pure rules of the payment sheet (sheet.ts), apart from the button's (logic.ts) so that the chunk every
 * product and cart page loads at idle does not carry them: Stripe wallet details → Store API addresses
 * and the checkout body, the order's outcome, the 3DS confirmation hash, the login question and the
 * sheet's own messages.
 * No DOM, no network. logic.ts re-exports them: the rules stay one catalogue for the tests.
 */
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
export const ADDRESS_FAILED = 'The shipping address could not be checked. Please try again.';
export const RATE_FAILED = 'The shipping method could not be changed. Please try again.';

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
