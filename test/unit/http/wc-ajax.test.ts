import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../src/http/errors';
import { wcAjax, wcAjaxUrl } from '../../../src/http/wc-ajax';
import { resetSettingsCache } from '../../../src/settings';
import { deferred, flush, json, mockFetch, text } from './fetch-mock';

// The shape of the captured add_to_cart answer (test/fixtures/captures/ajax/add_to_cart-simple.json).
const ADDED = {
  fragments: { 'div.widget_shopping_cart_content': '<div class="widget_shopping_cart_content">…</div>' },
  cart_hash: '5e70371298ff090a938d2f9380a19da4',
};

beforeEach(() => resetSettingsCache());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetSettingsCache();
});

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

describe('wcAjax request', () => {
  it('ATC-04 POSTs the form-encoded fields to /?wc-ajax=add_to_cart like WooCommerce', async () => {
    const requests = mockFetch(() => text(JSON.stringify(ADDED)));
    await wcAjax('add_to_cart', { product_id: 10, quantity: 1, product_sku: 'MUG-1' });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe('/?wc-ajax=add_to_cart');
    expect(request?.method).toBe('POST');
    expect(request?.init.credentials).toBe('same-origin');
    expect(request?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request?.body).toBe('product_id=10&quantity=1&product_sku=MUG-1');
  });

  it('builds the address from woocommerce_params.wc_ajax_url', async () => {
    vi.stubGlobal('woocommerce_params', { ajax_url: '/shop/wp-admin/admin-ajax.php', wc_ajax_url: '/shop/?wc-ajax=%%endpoint%%' });
    const requests = mockFetch(() => text('{}'));
    await wcAjax('get_refreshed_fragments', { time: 1 });
    expect(requests[0]?.url).toBe('/shop/?wc-ajax=get_refreshed_fragments');
  });

  it('falls back to wc_add_to_cart_params when woocommerce.js is dequeued', () => {
    vi.stubGlobal('wc_add_to_cart_params', { wc_ajax_url: '/fr/?wc-ajax=%%endpoint%%' });
    expect(wcAjaxUrl('remove_from_cart')).toBe('/fr/?wc-ajax=remove_from_cart');
  });

  it('falls back to wc_cart_fragments_params, then to /?wc-ajax=', () => {
    expect(wcAjaxUrl('get_variation')).toBe('/?wc-ajax=get_variation');
    resetSettingsCache();
    vi.stubGlobal('wc_cart_fragments_params', { wc_ajax_url: '/de/?wc-ajax=%%endpoint%%' });
    expect(wcAjaxUrl('get_variation')).toBe('/de/?wc-ajax=get_variation');
  });
});

describe('wcAjax answers', () => {
  it('FRG-01 parses JSON sent as text/html', async () => {
    mockFetch(() => text(JSON.stringify(ADDED)));
    await expect(wcAjax('get_refreshed_fragments', { time: 5 })).resolves.toEqual(ADDED);
  });

  it('ATC-11 resolves an empty answer as null so the caller can ignore it', async () => {
    mockFetch(() => text(''));
    await expect(wcAjax('add_to_cart', { product_id: 10 })).resolves.toBeNull();
  });

  it('VAR-10 resolves get_variation’s false as false', async () => {
    mockFetch(() => text('false'));
    await expect(wcAjax('get_variation', { product_id: 210 })).resolves.toBe(false);
  });

  it('HTTP-07 rejects a non-JSON body with invalid_json', async () => {
    mockFetch(() => text('<br />\n<b>Warning</b>: oops'));
    const error = await rejection(wcAjax('add_to_cart', { product_id: 10 }));
    expect(error.code).toBe('invalid_json');
    expect(error.message).toBe('The response is not a valid JSON response.');
  });

  it('HTTP-07 rejects a network failure with fetch_error', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(wcAjax('add_to_cart', { product_id: 10 }));
    expect(error.code).toBe('fetch_error');
    expect(error.message).toBe('You are probably offline.');
  });

  it('rejects status ≥ 400 with http_error, the status and the unknown message', async () => {
    mockFetch(() => text('<html>Internal Server Error</html>', { status: 500 }));
    const error = await rejection(wcAjax('add_to_cart', { product_id: 10 }));
    expect(error).toMatchObject({ code: 'http_error', status: 500, message: 'An unknown error occurred.' });
  });

  it('uses the body’s message for an error status when there is one', async () => {
    mockFetch(() => json({ message: 'Too many requests, slow down.' }, { status: 429 }));
    const error = await rejection(wcAjax('add_to_cart', { product_id: 10 }));
    expect(error).toMatchObject({ code: 'http_error', status: 429, message: 'Too many requests, slow down.' });
    expect(error.data).toEqual({ message: 'Too many requests, slow down.' });
  });
});

describe('wcAjax timeout and abort', () => {
  it('FRG-01 gives up after the timeout with code timeout', async () => {
    vi.useFakeTimers();
    const never = deferred<Response>();
    mockFetch(() => never.promise);
    const pending = rejection(wcAjax('get_refreshed_fragments', { time: 1 }, { timeout: 5000 }));
    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('The server took too long to answer. Please try again.');
  });

  it('clears its timer once answered', async () => {
    vi.useFakeTimers();
    mockFetch(() => text('{}'));
    await wcAjax('get_refreshed_fragments', {}, { timeout: 5000 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with aborted when the caller aborts', async () => {
    const never = deferred<Response>();
    mockFetch(() => never.promise);
    const controller = new AbortController();
    const pending = rejection(wcAjax('get_variation', { product_id: 1 }, { signal: controller.signal, timeout: 60000 }));
    await flush();
    controller.abort();
    const error = await pending;
    expect(error.code).toBe('aborted');
  });

  it('rejects with aborted, not fetch_error, for an already aborted signal', async () => {
    const requests = mockFetch(() => text('{}'));
    const error = await rejection(wcAjax('get_variation', {}, { signal: AbortSignal.abort() }));
    expect(error.code).toBe('aborted');
    expect(requests[0]?.init.signal?.aborted).toBe(true);
  });
});
