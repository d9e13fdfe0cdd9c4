/**
 * The one request behind wc-ajax, admin-ajax and plain JSON GETs (instant search): same-origin
 * cookies, an optional timeout and cancel signal, and a body parsed as JSON whatever the Content-Type
 * (wc-ajax answers JSON as text/html). `postForm` adds the url-encoded body and the X-Requested-With
 * header WordPress and plugins use to recognise ajax.
 */
import { HttpError, toHttpError } from './errors';
import { type FormInput, formEncode } from './form';

export interface PostFormOptions {
  /** The caller's cancel signal; its abort rejects with code 'aborted'. */
  signal?: AbortSignal | undefined;
  /** Milliseconds before the request is given up with code 'timeout'; 0 or absent: none. */
  timeout?: number | undefined;
}

export interface FormAnswer<T> {
  /** The parsed JSON, or null for an empty body. */
  body: T | null;
  status: number;
  headers: Headers;
}

function parseBody(text: string, headers: Headers): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError('invalid_json', { cause: error, data: text, headers });
  }
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, data } = body as { message?: unknown; data?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  if (typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string') {
    return (data as { message: string }).message;
  }
  return undefined;
}

/** Combines the caller's signal and the timeout, remembering which one fired. */
function linkSignals(options: PostFormOptions) {
  const controller = new AbortController();
  let reason: 'aborted' | 'timeout' | undefined;
  const onAbort = () => {
    reason ??= 'aborted';
    controller.abort();
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    options.timeout && options.timeout > 0
      ? setTimeout(() => {
          reason ??= 'timeout';
          controller.abort();
        }, options.timeout)
      : undefined;
  return {
    signal: controller.signal,
    reason: () => reason,
    dispose: () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    },
  };
}

export interface RequestOptions extends PostFormOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | URLSearchParams | FormData;
}

interface TextAnswer {
  text: string;
  status: number;
  headers: Headers;
  /** Where the answer came from after redirects, and whether there were any. */
  url: string;
  redirected: boolean;
}

/** Sends one request and reads its text; every failure is an HttpError (with the headers, once an answer arrived). */
async function sendForText(url: string, options: RequestOptions, accept: string): Promise<TextAnswer> {
  const link = linkSignals(options);
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: { Accept: accept, ...options.headers },
      ...(options.body === undefined ? {} : { body: options.body }),
      signal: link.signal,
    });
    const text = await response.text();
    const { headers, status } = response;
    if (status >= 400) {
      let body: unknown = text;
      try {
        body = parseBody(text, headers);
      } catch {
        // An HTML error page: keep the text as data, the message stays the generic one.
      }
      const message = serverMessage(body);
      throw new HttpError('http_error', { status, data: body, headers, ...(message ? { message } : {}) });
    }
    return { text, status, headers, url: response.url || url, redirected: response.redirected };
  } catch (error) {
    // Whatever fetch or the body read threw after our abort, the reason we recorded is the truth.
    const reason = link.reason();
    if (reason) throw new HttpError(reason, { cause: error });
    throw toHttpError(error);
  } finally {
    link.dispose();
  }
}

/** Sends one request and parses its JSON; every failure is an HttpError (with the headers, once an answer arrived). */
export async function sendRequest<T>(url: string, options: RequestOptions = {}): Promise<FormAnswer<T>> {
  const { text, status, headers } = await sendForText(url, options, 'application/json, text/javascript, */*; q=0.01');
  return { body: parseBody(text, headers) as T | null, status, headers };
}

export interface PageAnswer {
  /** The answer parsed as an HTML document (never attached to the page, so its scripts never run). */
  document: Document;
  url: string;
  redirected: boolean;
}

/**
 * Posts a page's own form as the browser would, every field (files too) in its encoding, and returns
 * the HTML page the server answers with: the server keeps its whole form handling (validation,
 * plugins' extra fields, notices), which the ajax endpoints do not have.
 */
export async function postPageForm(url: string, body: URLSearchParams | FormData, options: PostFormOptions = {}): Promise<PageAnswer> {
  const answer = await sendForText(url, { ...options, method: 'POST', body }, 'text/html,application/xhtml+xml');
  return { document: new DOMParser().parseFromString(answer.text, 'text/html'), url: answer.url, redirected: answer.redirected };
}

/** GETs an HTML page (a cart page's remove or undo link) and parses it, never attached, like `postPageForm`. */
export async function getPage(url: string, options: PostFormOptions = {}): Promise<PageAnswer> {
  const answer = await sendForText(url, { ...options, method: 'GET' }, 'text/html,application/xhtml+xml');
  return { document: new DOMParser().parseFromString(answer.text, 'text/html'), url: answer.url, redirected: answer.redirected };
}

/**
 * Posts fields as jQuery's ajax did and hands back the answer's text: for endpoints that answer notice
 * markup (apply_coupon) or JSON the caller repairs itself (the checkout, whose answer a PHP notice may precede).
 */
export async function postFormText(url: string, fields: FormInput, options: PostFormOptions = {}): Promise<string> {
  const answer = await sendForText(
    url,
    {
      ...options,
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8', 'X-Requested-With': 'XMLHttpRequest' },
      body: formEncode(fields).toString(),
    },
    'text/html, */*; q=0.01',
  );
  return answer.text;
}

export function postForm<T>(url: string, fields: FormInput, options: PostFormOptions = {}): Promise<FormAnswer<T>> {
  return sendRequest<T>(url, {
    ...options,
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
      'X-Requested-With': 'XMLHttpRequest',
    },
    body: formEncode(fields).toString(),
  });
}
