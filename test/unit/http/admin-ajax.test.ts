import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminAjax, ajaxSend, ajaxSendWithMeta } from '../../../src/http/admin-ajax';
import { HttpError } from '../../../src/http/errors';
import { resetSettingsCache } from '../../../src/settings';
import { json, mockFetch, text } from './fetch-mock';

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

describe('ajaxSend (generic helper)', () => {
  it('HTTP-06 sends action plus fields and resolves data on success', async () => {
    const requests = mockFetch(() => json({ success: true, data: { id: 7 } }));
    await expect(ajaxSend('query-attachments', { query: { posts_per_page: 40 } })).resolves.toEqual({ id: 7 });
    const body = new URLSearchParams(requests[0]?.body);
    expect(body.get('action')).toBe('query-attachments');
    expect(body.get('query[posts_per_page]')).toBe('40');
  });

  it('HTTP-06 rejects with an HttpError carrying data when success is false', async () => {
    mockFetch(() => json({ success: false, data: 'Not allowed' }));
    const error = await rejection(ajaxSend('save_upe_appearance', {}));
    expect(error.data).toBe('Not allowed');
    expect(error.message).toBe('Not allowed');
  });

  it('HTTP-06 takes code and message of a wp_send_json_error(WP_Error) answer', async () => {
    const data = [{ code: 'invalid_nonce', message: 'Your session has expired.' }];
    mockFetch(() => json({ success: false, data }));
    const error = await rejection(ajaxSend('create_setup_intent', {}));
    expect(error).toMatchObject({ code: 'invalid_nonce', message: 'Your session has expired.', data });
  });

  it('HTTP-06 rejects a success:false without data with the unknown message', async () => {
    mockFetch(() => json({ success: false }));
    const error = await rejection(ajaxSend('x', {}));
    expect(error.message).toBe('An unknown error occurred.');
  });

  it('HTTP-06 reads the X-WP-Total header as totalAttachments', async () => {
    mockFetch(() => json({ success: true, data: [] }, { headers: { 'X-WP-Total': '42' } }));
    await expect(ajaxSendWithMeta('query-attachments', {})).resolves.toEqual({ data: [], totalAttachments: 42 });
  });

  it('HTTP-06 leaves totalAttachments undefined without the header', async () => {
    mockFetch(() => json({ success: true, data: 1 }));
    await expect(ajaxSendWithMeta('x', {})).resolves.toEqual({ data: 1, totalAttachments: undefined });
  });

  it('HTTP-06 treats a bare 1 as success, as wp.ajax.send does', async () => {
    mockFetch(() => text('1'));
    await expect(ajaxSend('old_handler', {})).resolves.toBeUndefined();
  });

  it('HTTP-06 rejects an answer without success with unknown_error and the answer as data', async () => {
    mockFetch(() => text('"-1"'));
    const error = await rejection(ajaxSend('x', {}));
    expect(error).toMatchObject({ code: 'unknown_error', data: '-1', message: 'An unknown error occurred.' });
  });

  it('HTTP-07 maps an offline failure to fetch_error', async () => {
    mockFetch(() => {
      throw new TypeError('NetworkError when attempting to fetch resource.');
    });
    const error = await rejection(ajaxSend('x', {}));
    expect(error).toMatchObject({ code: 'fetch_error', message: 'You are probably offline.' });
  });
});
