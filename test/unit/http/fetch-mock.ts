/**
 * The network boundary for the HTTP tests: a stubbed globalThis.fetch that records each request and
 * answers from a per-test responder. A responder that waits honours the request's AbortSignal, like
 * a real fetch does.
 */
import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string;
  init: RequestInit;
}

export type Responder = (request: RecordedRequest, index: number) => Response | Promise<Response>;

export function mockFetch(responder: Responder): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : init.body == null ? '' : String(init.body),
      init,
    };
    requests.push(request);
    const signal = init.signal;
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const answer = Promise.resolve(responder(request, requests.length - 1));
    if (!signal) return answer;
    return Promise.race([
      answer,
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))),
      ),
    ]);
  });
  vi.stubGlobal('fetch', spy);
  return requests;
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', ...(init.headers as Record<string, string>) },
  });
}

export function text(body: string, init: ResponseInit = {}): Response {
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/html; charset=UTF-8' }, ...init });
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks and zero-delay timers run. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
