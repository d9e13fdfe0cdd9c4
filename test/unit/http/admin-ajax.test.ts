import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminAjax } from '../../../src/http/admin-ajax';
import { HttpError } from '../../../src/http/errors';
import { resetSettingsCache } from '../../../src/settings';
import { json, mockFetch } from './fetch-mock';

beforeEach(() => resetSettingsCache());
afterEach(() => {
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

describe('adminAjax', () => {
  it('admin-ajax client POSTs the action and fields to woocommerce_params.ajax_url', async () => {
    vi.stubGlobal('woocommerce_params', { ajax_url: '/shop/wp-admin/admin-ajax.php' });
    const requests = mockFetch(() => json({ success: true }));
    const answer = await adminAjax('platform_tracks', { tracksEventName: 'gpay_button_click', tracksEventProp: '{}' });
    expect(answer).toEqual({ success: true });
    expect(requests[0]?.url).toBe('/shop/wp-admin/admin-ajax.php');
    expect(requests[0]?.method).toBe('POST');
    const body = new URLSearchParams(requests[0]?.body);
    expect(body.get('action')).toBe('platform_tracks');
    expect(body.get('tracksEventName')).toBe('gpay_button_click');
    expect(requests[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('defaults to /wp-admin/admin-ajax.php and honours an explicit url', async () => {
    const requests = mockFetch(() => json({}));
    await adminAjax('a');
    await adminAjax('b', {}, { url: '/custom-ajax.php' });
    expect(requests.map((request) => request.url)).toEqual(['/wp-admin/admin-ajax.php', '/custom-ajax.php']);
  });

  it('the action argument wins over an action field', async () => {
    const requests = mockFetch(() => json({}));
    await adminAjax('real', { action: 'spoofed' });
    expect(new URLSearchParams(requests[0]?.body).getAll('action')).toEqual(['real']);
  });
});

describe('adminAjax failures', () => {
  it('HTTP-07 maps an offline failure to fetch_error', async () => {
    mockFetch(() => {
      throw new TypeError('NetworkError when attempting to fetch resource.');
    });
    const error = await rejection(adminAjax('x', {}));
    expect(error).toMatchObject({ code: 'fetch_error', message: 'You are probably offline.' });
  });
});
