import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, sendRequest } from '../../../src/http';
import { mockFetch } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

describe('sendRequest (the one request behind wc-ajax, admin-ajax and JSON GETs)', () => {
  it('GETs with same-origin cookies and the caller’s headers, and parses JSON whatever the content type', async () => {
    const requests = mockFetch(() => new Response('{"ok":true}', { headers: { 'Content-Type': 'text/html; charset=UTF-8', 'X-WP-Nonce': 'n2' } }));
    const answer = await sendRequest<{ ok: boolean }>('/wp-json/ysm/v1/search?id=1&query=mug', { headers: { 'X-WP-Nonce': 'n1' } });
    expect(answer.body).toEqual({ ok: true });
    expect(answer.headers.get('X-WP-Nonce')).toBe('n2');
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.headers.get('X-WP-Nonce')).toBe('n1');
    expect(requests[0]!.init.credentials).toBe('same-origin');
  });

  it('keeps the answer’s headers on a failure, so a caller can read the fresh nonce WordPress sends with a 403', async () => {
    mockFetch(() => new Response('{"code":"rest_cookie_invalid_nonce","message":"Cookie check failed"}', { status: 403, headers: { 'X-WP-Nonce': 'fresh' } }));
    const error = await sendRequest('/wp-json/ysm/v1/search').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(403);
    expect((error as HttpError).message).toBe('Cookie check failed');
    expect((error as HttpError).headers?.get('X-WP-Nonce')).toBe('fresh');
  });

  it('keeps the headers on an answer that is not JSON too', async () => {
    mockFetch(() => new Response('<html>', { headers: { 'X-WP-Nonce': 'fresh' } }));
    const error = (await sendRequest('/x').catch((e: unknown) => e)) as HttpError;
    expect(error.code).toBe('invalid_json');
    expect(error.headers?.get('X-WP-Nonce')).toBe('fresh');
  });
});
