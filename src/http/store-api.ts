/**
 * WooCommerce Store API client (`/wc/store/v1` under the REST root), for the express wallet (EXP-21).
 *
 * Each answer carries a fresh `Nonce` and may carry a new `Cart-Token`; the next request must send the
 * latest of both, so calls run one at a time and the headers are taken from every answer, errors too.
 * A 409 carries the current cart in data.cart, which is handed to the resync listeners.
 */
import { HttpError } from './errors';
import { createQueue } from './queue';
import { restResponse } from './rest-session';

export interface StoreApiConfig {
  /** A Store API nonce printed by the page (e.g. wcpayExpressCheckoutParams.nonce.store_api_nonce). */
  nonce?: string | undefined;
  /** A Cart-Token to address a separate cart; '' for the cookie session's cart. */
  cartToken?: string | undefined;
  /** Added to every request as `?currency=` (upper case, as the Store API expects). '' for none. */
  currency?: string | undefined;
}

export interface StoreMoney {
  currency_code?: string;
  currency_minor_unit?: number;
  [key: string]: unknown;
}

/** The cart fields Vitrine reads; the Store API sends more. Money values are minor-unit strings. */
export interface StoreCart {
  items: Array<{ key: string; id: number; quantity: number; name: string; [key: string]: unknown }>;
  totals: StoreMoney & { total_price?: string };
  shipping_rates?: unknown[];
  needs_shipping?: boolean;
  needs_payment?: boolean;
  [key: string]: unknown;
}

export type VariationInput = Array<{ attribute: string; value: string }> | Record<string, string>;

export interface StoreApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string>;
  signal?: AbortSignal;
}

const session = { nonce: '', cartToken: '', currency: '' };
const resyncListeners = new Set<(cart: unknown) => void>();
const calls = createQueue();

export function configureStoreApi(config: StoreApiConfig): void {
  if (config.nonce !== undefined) session.nonce = config.nonce;
  if (config.cartToken !== undefined) session.cartToken = config.cartToken;
  if (config.currency !== undefined) session.currency = config.currency.toUpperCase();
}

/** The headers the next request will send. */
export function storeApiSession(): { nonce: string; cartToken: string } {
  return { nonce: session.nonce, cartToken: session.cartToken };
}

/** Registers a listener for the cart a 409 answer carries; returns the function that removes it. */
export function onCartResync(listener: (cart: unknown) => void): () => void {
  resyncListeners.add(listener);
  return () => resyncListeners.delete(listener);
}

function storePath(path: string, query: Record<string, string> = {}): string {
  const full = path.startsWith('/wc/store/') ? path : `/wc/store/v1${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams(query);
  if (session.currency) params.set('currency', session.currency);
  const search = params.toString();
  return search ? `${full}${full.includes('?') ? '&' : '?'}${search}` : full;
}

function remember(headers: Headers): void {
  session.nonce = headers.get('Nonce') ?? session.nonce;
  session.cartToken = headers.get('Cart-Token') ?? session.cartToken;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!response.ok) return undefined;
    throw new HttpError('invalid_json', { cause: error, status: response.status });
  }
}

function failure(response: Response, body: unknown): HttpError {
  const { code, message, data } = (body ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const init = { status: response.status, data, ...(typeof message === 'string' ? { message } : {}) };
  return new HttpError(typeof code === 'string' && code !== '' ? code : 'http_error', init);
}

function resync(data: unknown): void {
  const cart = (data as { cart?: unknown } | null)?.cart;
  if (cart === undefined) return;
  for (const listener of resyncListeners) {
    try {
      listener(cart);
    } catch (error) {
      // A broken listener must not replace the answer's own error.
      console.error('[vitrine] Store API cart resync listener failed', error);
    }
  }
}

async function send<T>(path: string, request: StoreApiRequest): Promise<T> {
  const headers: Record<string, string> = {};
  if (session.nonce) headers.Nonce = session.nonce;
  if (session.cartToken) headers['Cart-Token'] = session.cartToken;
  const response = await restResponse({
    path: storePath(path, request.query),
    method: request.method ?? 'GET',
    headers,
    ...(request.body === undefined ? {} : { data: request.body }),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  remember(response.headers);
  const body = await readJson(response);
  if (response.ok) return body as T;
  const error = failure(response, body);
  if (response.status === 409) resync(error.data);
  throw error;
}

/** Any Store API route, e.g. storeApiFetch('/cart/apply-coupon', {method: 'POST', body: {code}}). */
export function storeApiFetch<T = unknown>(path: string, request: StoreApiRequest = {}): Promise<T> {
  return calls.enqueue(() => send<T>(path, request));
}

function variationList(variation: VariationInput | undefined): Array<{ attribute: string; value: string }> {
  if (!variation) return [];
  if (Array.isArray(variation)) return variation;
  return Object.entries(variation).map(([attribute, value]) => ({ attribute, value }));
}

export const storeApi = {
  getCart: () => storeApiFetch<StoreCart>('/cart'),
  addItem: (item: { id: number; quantity?: number; variation?: VariationInput }) =>
    storeApiFetch<StoreCart>('/cart/add-item', {
      method: 'POST',
      body: { id: item.id, quantity: item.quantity ?? 1, variation: variationList(item.variation) },
    }),
  removeItem: (key: string) => storeApiFetch<StoreCart>('/cart/remove-item', { method: 'POST', body: { key } }),
  updateCustomer: (customer: { shipping_address?: object; billing_address?: object }) =>
    storeApiFetch<StoreCart>('/cart/update-customer', { method: 'POST', body: customer }),
  selectShippingRate: (packageId: number | string, rateId: string) =>
    storeApiFetch<StoreCart>('/cart/select-shipping-rate', {
      method: 'POST',
      body: { package_id: packageId, rate_id: rateId },
    }),
  checkout: <T = unknown>(payload: object) => storeApiFetch<T>('/checkout', { method: 'POST', body: payload }),
  getOrder: <T = unknown>(orderId: number | string, query: { key: string; billing_email?: string }) =>
    storeApiFetch<T>(`/order/${encodeURIComponent(String(orderId))}`, {
      query: { key: query.key, ...(query.billing_email ? { billing_email: query.billing_email } : {}) },
    }),
  payForOrder: <T = unknown>(orderId: number | string, payload: object) =>
    storeApiFetch<T>(`/checkout/${encodeURIComponent(String(orderId))}`, { method: 'POST', body: payload }),
};

/** Tests start each case from a fresh session. */
export function resetStoreApi(): void {
  session.nonce = '';
  session.cartToken = '';
  session.currency = '';
  resyncListeners.clear();
}

export interface TokenizedCartOptions {
  /** wcpayExpressCheckoutParams.nonce.store_api_nonce. */
  nonce: string;
  /** nonce.tokenized_cart_nonce (X-WooPayments-Tokenized-Cart-Nonce). */
  tokenizedCartNonce: string;
  /** nonce.tokenized_cart_session_nonce; product pages only (they buy from a separate cart). */
  sessionNonce?: string | undefined;
  /** A separate cart: '' asks the server for a new one, then the session token it answers with is kept. */
  separateCart: boolean;
  /** A throwaway preview cart (a price for the current choice): the server empties and forgets it after answering. */
  ephemeral?: boolean;
  /** Checkout currency; sent upper-case as ?currency= on every call. */
  currency: string;
}

/**
 * The express wallet's Store API transport (WooPayments' tokenized cart, EXP-21): the Nonce header,
 * X-WooPayments-Tokenized-Cart-Nonce, and for a product page a separate cart addressed by
 * X-WooPayments-Tokenized-Cart-Session ('' for a new one, then the token the last answer carried), so a
 * wallet purchase from a product page never touches the shopper's main cart. Calls run one at a time
 * and each answer's Nonce and session token are kept, errors included.
 */
export function createTokenizedCartApi(options: TokenizedCartOptions) {
  const own = { nonce: options.nonce, token: '' };
  const queue = createQueue();
  const currency = options.currency.toUpperCase();

  async function call<T>(path: string, request: StoreApiRequest & { tokenized?: boolean }): Promise<T> {
    const headers: Record<string, string> = { 'X-WooPayments-Tokenized-Cart-Nonce': options.tokenizedCartNonce };
    if (own.nonce) headers.Nonce = own.nonce;
    if (options.separateCart) {
      headers['X-WooPayments-Tokenized-Cart-Session'] = own.token;
      if (options.sessionNonce) headers['X-WooPayments-Tokenized-Cart-Session-Nonce'] = options.sessionNonce;
      if (options.ephemeral) headers['X-WooPayments-Tokenized-Cart-Is-Ephemeral-Cart'] = '1';
    }
    if (request.tokenized) headers['X-WooPayments-Tokenized-Cart'] = 'true';
    const params = new URLSearchParams(request.query ?? {});
    if (currency) params.set('currency', currency);
    const response = await restResponse({
      path: `/wc/store/v1${path}?${params.toString()}`,
      method: request.method ?? 'GET',
      headers,
      ...(request.body === undefined ? {} : { data: request.body }),
    });
    own.nonce = response.headers.get('Nonce') ?? own.nonce;
    if (options.separateCart) own.token = response.headers.get('X-WooPayments-Tokenized-Cart-Session') ?? own.token;
    const body = await readJson(response);
    if (response.ok) return body as T;
    throw failure(response, body);
  }
  const run = <T>(path: string, request: StoreApiRequest & { tokenized?: boolean } = {}) => queue.enqueue(() => call<T>(path, request));

  return {
    getCart: <T = StoreCart>() => run<T>('/cart'),
    addItem: <T = StoreCart>(item: { id: number; quantity?: number; variation?: VariationInput }) =>
      run<T>('/cart/add-item', { method: 'POST', body: { id: item.id, quantity: item.quantity ?? 1, variation: variationList(item.variation) } }),
    removeItem: <T = StoreCart>(key: string) => run<T>('/cart/remove-item', { method: 'POST', body: { key } }),
    updateCustomer: <T = StoreCart>(customer: object) => run<T>('/cart/update-customer', { method: 'POST', body: customer, tokenized: true }),
    selectShippingRate: <T = StoreCart>(packageId: number | string, rateId: string) =>
      run<T>('/cart/select-shipping-rate', { method: 'POST', body: { package_id: packageId, rate_id: rateId } }),
    checkout: <T = unknown>(payload: object) => run<T>('/checkout', { method: 'POST', body: payload, tokenized: true }),
    getOrder: <T = unknown>(orderId: number | string, query: { key: string; billing_email?: string }) =>
      run<T>(`/order/${encodeURIComponent(String(orderId))}`, { query: { key: query.key, ...(query.billing_email ? { billing_email: query.billing_email } : {}) } }),
    payForOrder: <T = unknown>(orderId: number | string, payload: object) =>
      run<T>(`/checkout/${encodeURIComponent(String(orderId))}`, { method: 'POST', body: payload }),
    /** Empties the cart this transport addresses: read it, then remove every line; errors are ignored. */
    async emptyCart(): Promise<void> {
      try {
        const cart = await run<StoreCart>('/cart');
        await Promise.all(cart.items.map((item) => run('/cart/remove-item', { method: 'POST', body: { key: item.key } }).catch(() => undefined)));
      } catch {
        // Nothing to restore: the temporary cart expires with its session.
      }
    },
    /** Forget the separate cart (the next call asks for a new one). */
    forgetSeparateCart(): void {
      own.token = '';
    },
  };
}

export type TokenizedCartApi = ReturnType<typeof createTokenizedCartApi>;
