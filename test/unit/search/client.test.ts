import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSearchClient, parseSearchAnswer, searchUrl } from '../../../src/search/client';

const answer = { suggestions: [{ value: 'Simple Mug', data: '<a href="/product/simple-mug/">Simple Mug</a>', url: '/product/simple-mug/' }], view_all_link: '', keywords: [] };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function stubFetch(...responses: Array<Response | Error>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function headerOf(call: unknown[], name: string): string | undefined {
  const init = call[1] as RequestInit;
  return (init.headers as Record<string, string>)[name];
}

afterEach(() => vi.unstubAllGlobals());

describe('instant search REST client', () => {
  it('SRC-08 GETs restUrl with the widget id and the query, with the nonce header', async () => {
    const fetchMock = stubFetch(json(answer));
    const client = createSearchClient({ restUrl: '/wp-json/ysm/v1/search?', widgetId: '1', nonce: 'abc' });
    const result = await client.search('red mug & co');
    expect(fetchMock.mock.calls[0]![0]).toBe('/wp-json/ysm/v1/search?id=1&query=red%20mug%20%26%20co');
    expect((fetchMock.mock.calls[0]![1] as RequestInit).method).toBe('GET');
    expect(headerOf(fetchMock.mock.calls[0]!, 'X-WP-Nonce')).toBe('abc');
    expect(result.suggestions[0]!.value).toBe('Simple Mug');
  });

  it('SRC-08 sends no nonce header when there is no nonce', async () => {
    const fetchMock = stubFetch(json(answer));
    await createSearchClient({ restUrl: '/wp-json/ysm/v1/search?lang=fr&', widgetId: 'product', nonce: '' }).search('mug');
    expect(fetchMock.mock.calls[0]![0]).toBe('/wp-json/ysm/v1/search?lang=fr&id=product&query=mug');
    expect(headerOf(fetchMock.mock.calls[0]!, 'X-WP-Nonce')).toBeUndefined();
  });

  it('SRC-08 caches answers per query', async () => {
    const fetchMock = stubFetch(json(answer));
    const client = createSearchClient({ restUrl: '/s?', widgetId: '1', nonce: '' });
    await client.search('mug');
    await client.search('mug');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(client.cached('mug')?.suggestions).toHaveLength(1);
  });

  it('does not cache when caching is disabled', async () => {
    const fetchMock = stubFetch(json(answer), json(answer));
    const client = createSearchClient({ restUrl: '/s?', widgetId: '1', nonce: '', cache: false });
    await client.search('mug');
    await client.search('mug');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('SRC-09 an expired nonce is replaced by the one the answer carries, and the query retried once', async () => {
    const fetchMock = stubFetch(
      json({ code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } }, 403, { 'X-WP-Nonce': 'fresh' }),
      json(answer),
    );
    const client = createSearchClient({ restUrl: '/s?', widgetId: '1', nonce: 'stale' });
    const result = await client.search('mug');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headerOf(fetchMock.mock.calls[0]!, 'X-WP-Nonce')).toBe('stale');
    expect(headerOf(fetchMock.mock.calls[1]!, 'X-WP-Nonce')).toBe('fresh');
    expect(result.suggestions).toHaveLength(1);
    expect(client.nonce()).toBe('fresh');
  });

  it('SRC-09 without a nonce in the error answer the nonce is cleared for the retry', async () => {
    const fetchMock = stubFetch(new Response('oops', { status: 500 }), json(answer));
    const client = createSearchClient({ restUrl: '/s?', widgetId: '1', nonce: 'stale' });
    await client.search('mug');
    expect(headerOf(fetchMock.mock.calls[1]!, 'X-WP-Nonce')).toBeUndefined();
    expect(client.nonce()).toBe('');
  });

  it('a second failure rejects with a catalogue error, after exactly two requests', async () => {
    const fetchMock = stubFetch(new Response('<html>fatal</html>', { status: 500 }), new Response('<html>fatal</html>', { status: 500 }));
    const client = createSearchClient({ restUrl: '/s?', widgetId: '1', nonce: '' });
    await expect(client.search('mug')).rejects.toMatchObject({ name: 'HttpError', code: 'invalid_json' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('offline twice rejects with the offline message', async () => {
    stubFetch(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    await expect(createSearchClient({ restUrl: '/s?', widgetId: '1', nonce: '' }).search('mug')).rejects.toMatchObject({ code: 'fetch_error', message: 'You are probably offline.' });
  });

  it('an aborted search is not retried', async () => {
    const fetchMock = stubFetch(new DOMException('aborted', 'AbortError'));
    await expect(createSearchClient({ restUrl: '/s?', widgetId: '1', nonce: '' }).search('mug')).rejects.toMatchObject({ code: 'aborted' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rejects answers that are not the search shape; drops malformed rows', () => {
    expect(() => parseSearchAnswer(null)).toThrow();
    expect(() => parseSearchAnswer({ suggestions: 'nope' })).toThrow();
    const parsed = parseSearchAnswer({ suggestions: [{ value: 'x' }, { value: 'Mug', data: '<b>Mug</b>', url: '/m/', id: '10', addToCart: true }], keywords: ['mug', 3] });
    expect(parsed.suggestions).toEqual([{ value: 'Mug', data: '<b>Mug</b>', url: '/m/', id: 10, addToCart: true }]);
    expect(parsed.keywords).toEqual(['mug']);
    expect(parsed.viewAllLink).toBe('');
  });

  it('builds the address whatever restUrl ends with', () => {
    expect(searchUrl('/wp-json/ysm/v1/search', '1', 'a b')).toBe('/wp-json/ysm/v1/search?id=1&query=a%20b');
    expect(searchUrl('/?rest_route=/ysm/v1/search', '1', 'a')).toBe('/?rest_route=/ysm/v1/search&id=1&query=a');
  });
});
