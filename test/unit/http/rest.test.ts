import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, messageFor } from '../../../src/http/errors';
import { configureRest, resetRest, restFetch, restNonce, restRoot } from '../../../src/http/rest';
import { resetSettingsCache } from '../../../src/settings';
import { flush, json, mockFetch, text } from './fetch-mock';

beforeEach(() => {
  resetRest();
  resetSettingsCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRest();
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

const INVALID_NONCE = { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } };

describe('configuration from the page', () => {
  it('takes the root from the api.w.org link in the head', async () => {
    document.head.innerHTML = '<link rel="https://api.w.org/" href="/blog/wp-json/" />';
    const requests = mockFetch(() => json({ id: 1 }));
    await restFetch({ path: '/wp/v2/users/me' });
    expect(new URL(requests[0]!.url, 'http://shop.test').pathname).toBe('/blog/wp-json/wp/v2/users/me');
    expect(restRoot()).toBe('/blog/wp-json/');
  });

  it('falls back to /wp-json/ and accepts a plain-permalink root', async () => {
    expect(restRoot()).toBe('/wp-json/');
    configureRest({ root: '/?rest_route=/' });
    const requests = mockFetch(() => json([]));
    await restFetch({ path: '/wp/v2/posts?per_page=2' });
    const url = new URL(requests[0]!.url, 'http://shop.test');
    expect(url.searchParams.get('rest_route')).toBe('/wp/v2/posts');
    expect(url.searchParams.get('per_page')).toBe('2');
  });

  it('sends X-WP-Nonce once a nonce is configured, and none before', async () => {
    const requests = mockFetch(() => json({}));
    await restFetch({ path: '/wp/v2/users/me' });
    configureRest({ nonce: 'abc123' });
    await restFetch({ path: '/wp/v2/users/me' });
    expect(requests[0]?.headers.has('X-WP-Nonce')).toBe(false);
    expect(requests[1]?.headers.get('X-WP-Nonce')).toBe('abc123');
    expect(restNonce()).toBe('abc123');
  });

  it('NTC-02 POSTs the coming-soon dismissal with the nonce header', async () => {
    configureRest({ nonce: 'n0nce' });
    const requests = mockFetch(() => json({ id: 1 }));
    await restFetch({
      url: '/wp-json/wp/v2/users/1',
      method: 'POST',
      data: { meta: { woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } } },
    });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('X-WP-Nonce')).toBe('n0nce');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(requests[0]!.body)).toEqual({ meta: { woocommerce_meta: { coming_soon_banner_dismissed: 'yes' } } });
  });

  it('configuring twice replaces the middlewares instead of stacking them', async () => {
    configureRest({ root: '/a/' });
    configureRest({ root: '/b/' });
    const requests = mockFetch(() => json({}));
    await restFetch({ path: '/x' });
    expect(new URL(requests[0]!.url, 'http://shop.test').pathname).toBe('/b/x');
  });
});

describe('the library’s REST rules, through the real @wordpress/api-fetch', () => {
  it('HTTP-01 adds _locale=user to every request', async () => {
    const requests = mockFetch(() => json([]));
    await restFetch({ path: '/wp/v2/posts' });
    await restFetch({ url: '/wp-json/wp/v2/pages?search=a' });
    for (const request of requests) {
      expect(new URL(request.url, 'http://shop.test').searchParams.get('_locale')).toBe('user');
    }
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('HTTP-02 sends %s as POST with X-HTTP-Method-Override', async (method) => {
    const requests = mockFetch(() => json({ deleted: true }));
    await restFetch({ path: '/wp/v2/posts/5', method, data: { title: 'x' } });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('X-HTTP-Method-Override')).toBe(method);
  });

  it('HTTP-02 leaves GET and POST alone', async () => {
    const requests = mockFetch(() => json({}));
    await restFetch({ path: '/wp/v2/posts', method: 'POST', data: {} });
    await restFetch({ path: '/wp/v2/posts' });
    expect(requests.map((request) => request.method)).toEqual(['POST', 'GET']);
    expect(requests.every((request) => !request.headers.has('X-HTTP-Method-Override'))).toBe(true);
  });

  it('HTTP-03 refreshes the nonce from admin-ajax on rest_cookie_invalid_nonce and retries with it', async () => {
    configureRest({ nonce: 'stale' });
    const requests = mockFetch((request, index) => {
      if (index === 0) return json(INVALID_NONCE, { status: 403 });
      if (request.url.includes('action=rest-nonce')) return text('fresh42');
      return json({ id: 3, name: 'Shopper' });
    });
    await expect(restFetch({ path: '/wp/v2/users/me' })).resolves.toEqual({ id: 3, name: 'Shopper' });
    expect(requests).toHaveLength(3);
    expect(requests[0]?.headers.get('X-WP-Nonce')).toBe('stale');
    expect(requests[1]?.url).toBe('/wp-admin/admin-ajax.php?action=rest-nonce');
    expect(requests[2]?.headers.get('X-WP-Nonce')).toBe('fresh42');
    expect(restNonce()).toBe('fresh42');
    await restFetch({ path: '/wp/v2/users/me' });
    expect(requests[3]?.headers.get('X-WP-Nonce')).toBe('fresh42');
  });

  it('HTTP-03 asks the page’s ajax_url for the fresh nonce', async () => {
    vi.stubGlobal('woocommerce_params', { ajax_url: '/shop/wp-admin/admin-ajax.php' });
    configureRest({ nonce: 'stale' });
    const requests = mockFetch((request, index) => {
      if (index === 0) return json(INVALID_NONCE, { status: 403 });
      return request.url.includes('action=rest-nonce') ? text('n2') : json({ id: 1 });
    });
    await restFetch({ path: '/wp/v2/users/me' });
    expect(requests[1]?.url).toBe('/shop/wp-admin/admin-ajax.php?action=rest-nonce');
  });

  it('HTTP-03 rejects with the original error when the nonce cannot be refreshed', async () => {
    configureRest({ nonce: 'stale' });
    mockFetch((_request, index) => (index === 0 ? json(INVALID_NONCE, { status: 403 }) : text('0', { status: 400 })));
    const error = await rejection(restFetch({ path: '/wp/v2/users/me' }));
    expect(error).toMatchObject({ code: 'rest_cookie_invalid_nonce', status: 403, message: 'Cookie check failed' });
  });

  it('HTTP-03 refreshes once, not forever, when the server keeps refusing the nonce', async () => {
    configureRest({ nonce: 'stale' });
    const requests = mockFetch((request) =>
      request.url.includes('action=rest-nonce') ? text('fresh') : json(INVALID_NONCE, { status: 403 }),
    );
    const error = await rejection(restFetch({ path: '/wp/v2/users/me' }));
    expect(requests).toHaveLength(3);
    expect(error).toMatchObject({ code: 'rest_nonce_refresh_failed', status: 403 });
  });

  it('HTTP-04 retries media post-process up to 5 times, then gives the post_process message', async () => {
    const requests = mockFetch((_request, index) => {
      if (index === 0) return json({}, { status: 500, headers: { 'X-WP-Upload-Attachment-ID': '42' } });
      // The clean-up DELETE fails too: that must not surface as an unhandled rejection.
      return text('<html>fatal</html>', { status: 500 });
    });
    const error = await rejection(restFetch({ path: '/wp/v2/media', method: 'POST', body: 'image-bytes' }));
    await flush();
    expect(error.code).toBe('post_process');
    expect(error.message).toBe(
      'Media upload failed. If this is a photo or a large image, please scale it down and try again.',
    );
    const postProcess = requests.filter((request) => request.url.includes('/wp/v2/media/42/post-process'));
    expect(postProcess).toHaveLength(5);
    expect(JSON.parse(postProcess[0]!.body)).toEqual({ action: 'create-image-subsizes' });
    const cleanup = requests.at(-1);
    expect(cleanup?.url).toContain('/wp/v2/media/42');
    expect(cleanup?.headers.get('X-HTTP-Method-Override')).toBe('DELETE');
    expect(requests).toHaveLength(7);
  });

  it('HTTP-04 resolves with the post-processed attachment when a retry succeeds', async () => {
    const requests = mockFetch((_request, index) => {
      if (index === 0) return json({}, { status: 502, headers: { 'X-WP-Upload-Attachment-ID': '9' } });
      if (index < 3) return text('', { status: 500 });
      return json({ id: 9, media_type: 'image' });
    });
    await expect(restFetch({ path: '/wp/v2/media', method: 'POST', body: 'bytes' })).resolves.toEqual({
      id: 9,
      media_type: 'image',
    });
    expect(requests).toHaveLength(4);
  });

  it('HTTP-05 fetches per_page=-1 as pages of 100 following the Link header', async () => {
    const page1 = Array.from({ length: 100 }, (_, index) => ({ id: index + 1 }));
    const requests = mockFetch((_request, index) =>
      index === 0
        ? json(page1, { headers: { Link: '</wp-json/wp/v2/categories?per_page=100&page=2>; rel="next"' } })
        : json([{ id: 101 }], { headers: { Link: '</wp-json/wp/v2/categories?per_page=100&page=1>; rel="prev"' } }),
    );
    const all = await restFetch<Array<{ id: number }>>({ path: '/wp/v2/categories?per_page=-1' });
    expect(all).toHaveLength(101);
    expect(all.at(-1)).toEqual({ id: 101 });
    expect(requests).toHaveLength(2);
    const first = new URL(requests[0]!.url, 'http://shop.test').searchParams;
    expect(first.get('per_page')).toBe('100');
    const second = new URL(requests[1]!.url, 'http://shop.test').searchParams;
    expect(second.get('page')).toBe('2');
  });
});

describe('HTTP-07 errors as HttpError with the catalogue messages', () => {
  it('HTTP-07 network failure → fetch_error "You are probably offline."', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(restFetch({ path: '/wp/v2/posts' }));
    expect(error).toMatchObject({ code: 'fetch_error', message: 'You are probably offline.' });
  });

  it('HTTP-07 the library’s offline_error is shown as fetch_error too', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(restFetch({ path: '/wp/v2/posts' }));
    expect(error).toMatchObject({ code: 'fetch_error', message: 'You are probably offline.' });
  });

  it('HTTP-07 a body that is not JSON → invalid_json', async () => {
    mockFetch(() => text('<!doctype html><title>Maintenance</title>'));
    const error = await rejection(restFetch({ path: '/wp/v2/posts' }));
    expect(error).toMatchObject({ code: 'invalid_json', message: 'The response is not a valid JSON response.' });
  });

  it('HTTP-07 an error without a code → unknown_error', async () => {
    mockFetch(() => json({}, { status: 500 }));
    const error = await rejection(restFetch({ path: '/wp/v2/posts' }));
    expect(error).toMatchObject({ code: 'unknown_error', message: 'An unknown error occurred.' });
  });

  it('keeps a WordPress error’s code, message, status and data', async () => {
    const body = { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } };
    mockFetch(() => json(body, { status: 401 }));
    const error = await rejection(restFetch({ path: '/wp/v2/users/me' }));
    expect(error).toMatchObject({ code: 'rest_forbidden', status: 401, data: { status: 401 } });
    expect(messageFor(error)).toBe('Sorry, you are not allowed to do that.');
  });

  it('rejects with aborted when the caller aborts', async () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const pending = rejection(restFetch({ path: '/wp/v2/posts', signal: controller.signal }));
    await flush();
    controller.abort();
    expect((await pending).code).toBe('aborted');
  });
});
