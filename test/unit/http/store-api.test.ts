import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../src/http/errors';
import { configureRest, resetRest } from '../../../src/http/rest';
import {
  configureStoreApi,
  onCartResync,
  resetStoreApi,
  storeApi,
  storeApiFetch,
  storeApiSession,
} from '../../../src/http/store-api';
import { resetSettingsCache } from '../../../src/settings';
import { deferred, flush, json, mockFetch, text } from './fetch-mock';

// Headers of the captured GET /wp-json/wc/store/v1/cart (test/fixtures/captures/ajax/store-api-cart.headers.txt).
const CART_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VyX2lkIjoidF8xMWU1YjIzNGI1NTg4MGU4ZjVlMzBiYzBiMmY5ZGQiLCJleHAiOjE3OTU0ODc2MTYsImlzcyI6InN0b3JlLWFwaSIsImlhdCI6MTc5NTMxNDgxNn0.U2cIwEpLnceS1vLYwJT-Qn6tyCInrRDYru_zwSIDSCY';
const CART_HEADERS = {
  Link: '</wp-json/>; rel="https://api.w.org/"',
  'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link, Cart-Token',
  Nonce: '92f2fa7f9c',
  'Nonce-Timestamp': '1795314816',
  'User-ID': '0',
  'Cart-Token': CART_TOKEN,
  'Cart-Hash': '7997977161ba60badef401492d1d3dbf',
};
const CART = {
  items: [{ key: 'd3d9446802a44259755d38e6d163e820', id: 10, quantity: 2, name: 'Simple Mug' }],
  totals: { total_price: '2400', currency_code: 'USD', currency_minor_unit: 2 },
};

beforeEach(() => {
  resetRest();
  resetStoreApi();
  resetSettingsCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRest();
  resetStoreApi();
});

const pathOf = (url: string) => new URL(url, 'http://shop.test').pathname;
const paramsOf = (url: string) => new URL(url, 'http://shop.test').searchParams;

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('Store API requests', () => {
  it('Store API client reads the cart under the REST root (the transport EXP-21 will use; not yet used by a widget)', async () => {
    const requests = mockFetch(() => json(CART, { headers: CART_HEADERS }));
    await expect(storeApi.getCart()).resolves.toEqual(CART);
    expect(requests[0]?.method).toBe('GET');
    expect(pathOf(requests[0]!.url)).toBe('/wp-json/wc/store/v1/cart');
  });

  it('Store API client sends the latest Nonce and Cart-Token answered by the previous call', async () => {
    const requests = mockFetch((_request, index) =>
      json(CART, { headers: index === 0 ? CART_HEADERS : { ...CART_HEADERS, Nonce: 'aa11bb22cc', 'Cart-Token': 'tok-2' } }),
    );
    await storeApi.getCart();
    expect(requests[0]?.headers.has('Nonce')).toBe(false);
    await storeApi.addItem({ id: 13, quantity: 2, variation: { attribute_pa_color: 'red' } });
    expect(requests[1]?.headers.get('Nonce')).toBe('92f2fa7f9c');
    expect(requests[1]?.headers.get('Cart-Token')).toBe(CART_TOKEN);
    await storeApi.removeItem('d3d9446802a44259755d38e6d163e820');
    expect(requests[2]?.headers.get('Nonce')).toBe('aa11bb22cc');
    expect(requests[2]?.headers.get('Cart-Token')).toBe('tok-2');
    expect(storeApiSession()).toEqual({ nonce: 'aa11bb22cc', cartToken: 'tok-2' });
  });

  it('Store API client starts from a configured nonce and adds the currency in upper case', async () => {
    configureStoreApi({ nonce: 'page-nonce', currency: 'eur' });
    const requests = mockFetch(() => json(CART));
    await storeApi.selectShippingRate(0, 'flat_rate:1');
    expect(requests[0]?.headers.get('Nonce')).toBe('page-nonce');
    expect(paramsOf(requests[0]!.url).get('currency')).toBe('EUR');
    expect(pathOf(requests[0]!.url)).toBe('/wp-json/wc/store/v1/cart/select-shipping-rate');
    expect(JSON.parse(requests[0]!.body)).toEqual({ package_id: 0, rate_id: 'flat_rate:1' });
  });

  it('sends JSON bodies: add-item with a variation list, remove-item, update-customer, checkout', async () => {
    const requests = mockFetch(() => json(CART));
    await storeApi.addItem({ id: 13, variation: { attribute_pa_color: 'red', attribute_pa_size: 'small' } });
    await storeApi.removeItem('k1');
    await storeApi.updateCustomer({ shipping_address: { country: 'DE', postcode: '10115' } });
    await storeApi.checkout({ payment_method: 'woocommerce_payments', payment_data: [] });
    expect(requests.map((request) => [request.method, pathOf(request.url)])).toEqual([
      ['POST', '/wp-json/wc/store/v1/cart/add-item'],
      ['POST', '/wp-json/wc/store/v1/cart/remove-item'],
      ['POST', '/wp-json/wc/store/v1/cart/update-customer'],
      ['POST', '/wp-json/wc/store/v1/checkout'],
    ]);
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(requests[0]!.body)).toEqual({
      id: 13,
      quantity: 1,
      variation: [
        { attribute: 'attribute_pa_color', value: 'red' },
        { attribute: 'attribute_pa_size', value: 'small' },
      ],
    });
    expect(JSON.parse(requests[1]!.body)).toEqual({ key: 'k1' });
    expect(JSON.parse(requests[2]!.body)).toEqual({ shipping_address: { country: 'DE', postcode: '10115' } });
  });

  it('reads an order with key and billing_email', async () => {
    const requests = mockFetch(() => json({ id: 55 }));
    await storeApi.getOrder(55, { key: 'wc_order_abc', billing_email: 'a@b.test' });
    expect(pathOf(requests[0]!.url)).toBe('/wp-json/wc/store/v1/order/55');
    expect(paramsOf(requests[0]!.url).get('key')).toBe('wc_order_abc');
    expect(paramsOf(requests[0]!.url).get('billing_email')).toBe('a@b.test');
  });

  it('uses the configured REST root and the WordPress nonce when known', async () => {
    configureRest({ root: '/shop/wp-json/', nonce: 'wp-rest-nonce' });
    const requests = mockFetch(() => json(CART));
    await storeApiFetch('/cart/coupons');
    expect(pathOf(requests[0]!.url)).toBe('/shop/wp-json/wc/store/v1/cart/coupons');
    expect(requests[0]?.headers.get('X-WP-Nonce')).toBe('wp-rest-nonce');
  });

  it('HTTP-01 asks for the shopper\'s language (_locale=user) and sends same-origin cookies, logged out without X-WP-Nonce', async () => {
    const requests = mockFetch(() => json(CART));
    await storeApi.getCart();
    expect(paramsOf(requests[0]!.url).get('_locale')).toBe('user');
    expect(requests[0]?.init.credentials).toBe('include');
    expect(requests[0]?.headers.has('X-WP-Nonce')).toBe(false);
  });

  it('follows a plain-permalink root from the page (?rest_route=/), the query continuing with &', async () => {
    document.head.innerHTML = '<link rel="https://api.w.org/" href="https://shop.test/?rest_route=/" />';
    configureStoreApi({ currency: 'eur' });
    const requests = mockFetch(() => json(CART));
    await storeApi.getCart();
    const url = new URL(requests[0]!.url);
    expect(url.searchParams.get('rest_route')).toBe('/wc/store/v1/cart');
    expect(url.searchParams.get('currency')).toBe('EUR');
    document.head.innerHTML = '';
  });

  it('HTTP-02 sends PUT and DELETE as POST with X-HTTP-Method-Override', async () => {
    const requests = mockFetch(() => json({}));
    await storeApiFetch('/cart/items/k1', { method: 'DELETE' });
    await storeApiFetch('/cart/items/k2', { method: 'PUT', body: { quantity: 3 } });
    expect(requests.map((request) => [request.method, request.headers.get('X-HTTP-Method-Override')])).toEqual([
      ['POST', 'DELETE'],
      ['POST', 'PUT'],
    ]);
    expect(JSON.parse(requests[1]!.body)).toEqual({ quantity: 3 });
  });

  it('a cancelled call rejects as aborted', async () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const call = storeApiFetch('/cart', { signal: controller.signal });
    controller.abort();
    expect((await rejection(call)).code).toBe('aborted');
  });

  it('sends one call at a time so each carries the nonce of the answer before it', async () => {
    const first = deferred<Response>();
    const requests = mockFetch((_request, index) => (index === 0 ? first.promise : json(CART)));
    const adding = storeApi.addItem({ id: 10 });
    const removing = storeApi.removeItem('k');
    await flush();
    expect(requests).toHaveLength(1);
    first.resolve(json(CART, { headers: { Nonce: 'after-add' } }));
    await adding;
    await removing;
    expect(requests).toHaveLength(2);
    expect(requests[1]?.headers.get('Nonce')).toBe('after-add');
  });
});

describe('Store API errors', () => {
  it('maps {code, message, data} to an HttpError keeping code, status and data', async () => {
    const body = {
      code: 'woocommerce_rest_cart_invalid_product',
      message: 'This product cannot be added to the cart.',
      data: { status: 400 },
    };
    mockFetch(() => json(body, { status: 400 }));
    const error = await rejection(storeApi.addItem({ id: 999 }));
    expect(error).toMatchObject({
      code: 'woocommerce_rest_cart_invalid_product',
      message: 'This product cannot be added to the cart.',
      status: 400,
      data: { status: 400 },
    });
  });

  it('keeps the fresh Nonce of an error answer', async () => {
    mockFetch(() =>
      json(
        { code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', data: { status: 403 } },
        { status: 403, headers: { Nonce: 'renewed' } },
      ),
    );
    await rejection(storeApi.removeItem('k'));
    expect(storeApiSession().nonce).toBe('renewed');
  });

  it('calls the resync listener with data.cart of a 409 before rejecting', async () => {
    const events: string[] = [];
    const seen: unknown[] = [];
    onCartResync((cart) => {
      events.push('resync');
      seen.push(cart);
    });
    mockFetch(() =>
      json(
        { code: 'woocommerce_rest_cart_invalid_key', message: 'Cart item no longer exists.', data: { status: 409, cart: CART } },
        { status: 409 },
      ),
    );
    const pending = storeApi.removeItem('gone').catch((error: unknown) => {
      events.push('rejected');
      return error;
    });
    const error = await pending;
    expect(events).toEqual(['resync', 'rejected']);
    expect(seen).toEqual([CART]);
    expect(error).toMatchObject({ code: 'woocommerce_rest_cart_invalid_key', status: 409 });
  });

  it('does not call the resync listener for a 409 without a cart, nor after unsubscribing', async () => {
    const listener = vi.fn();
    const stop = onCartResync(listener);
    mockFetch(() => json({ code: 'conflict', message: 'x', data: { status: 409 } }, { status: 409 }));
    await rejection(storeApi.getCart());
    expect(listener).not.toHaveBeenCalled();
    stop();
    vi.unstubAllGlobals();
    mockFetch(() => json({ code: 'conflict', message: 'x', data: { status: 409, cart: CART } }, { status: 409 }));
    await rejection(storeApi.getCart());
    expect(listener).not.toHaveBeenCalled();
  });

  it('a throwing resync listener does not replace the answer’s error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onCartResync(() => {
      throw new Error('listener bug');
    });
    mockFetch(() => json({ code: 'woocommerce_rest_cart_invalid_key', message: 'gone', data: { status: 409, cart: CART } }, { status: 409 }));
    const error = await rejection(storeApi.removeItem('k'));
    expect(error.code).toBe('woocommerce_rest_cart_invalid_key');
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('HTTP-07 a success answer that is not JSON → invalid_json', async () => {
    mockFetch(() => text('<html>cached page</html>'));
    const error = await rejection(storeApi.getCart());
    expect(error).toMatchObject({ code: 'invalid_json', message: 'The response is not a valid JSON response.' });
  });

  it('an error status with an HTML body → http_error with the status', async () => {
    mockFetch(() => text('<html>Bad gateway</html>', { status: 502 }));
    const error = await rejection(storeApi.getCart());
    expect(error).toMatchObject({ code: 'http_error', status: 502, message: 'An unknown error occurred.' });
  });

  it('HTTP-07 a network failure → fetch_error, and the next call still runs', async () => {
    mockFetch((_request, index) => {
      if (index === 0) throw new TypeError('Failed to fetch');
      return json(CART);
    });
    const error = await rejection(storeApi.getCart());
    expect(error).toMatchObject({ code: 'fetch_error', message: 'You are probably offline.' });
    await expect(storeApi.getCart()).resolves.toEqual(CART);
  });
});
