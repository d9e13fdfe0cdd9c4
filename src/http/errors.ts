import { isRecord } from '../guards';
/**
 * One error type for every HTTP failure, so widgets handle wc-ajax, admin-ajax, REST and Store API
 * failures the same way and always have a catalogue message (spec §8) to show the shopper.
 */

export type HttpErrorCode =
  | 'fetch_error'
  | 'invalid_json'
  | 'unknown_error'
  | 'post_process'
  | 'timeout'
  | 'aborted'
  | 'http_error'
  | (string & Record<never, never>);

/** Spec §8 catalogue, plus the two transport situations the catalogue does not name. */
export const MESSAGES = {
  fetch_error: 'You are probably offline.',
  invalid_json: 'The response is not a valid JSON response.',
  unknown_error: 'An unknown error occurred.',
  post_process: 'Media upload failed. If this is a photo or a large image, please scale it down and try again.',
  timeout: 'The server took too long to answer. Please try again.',
  aborted: 'The request was cancelled.',
} as const;

/**
 * Codes whose text is fixed by the catalogue. The server's or the library's own wording is replaced:
 * api-fetch 7.x says 'Could not get a valid response from the server.' for fetch_error, and reports
 * `offline_error` when navigator.onLine is false; the spec wants one offline message for both.
 */
const CATALOGUE_CODES: Record<string, keyof typeof MESSAGES> = {
  fetch_error: 'fetch_error',
  offline_error: 'fetch_error',
  invalid_json: 'invalid_json',
  unknown_error: 'unknown_error',
  post_process: 'post_process',
  timeout: 'timeout',
  aborted: 'aborted',
};

export interface HttpErrorInit {
  message?: string;
  status?: number;
  data?: unknown;
  cause?: unknown;
  /** The answer's headers when one arrived (e.g. the fresh X-WP-Nonce WordPress sends with a 403). */
  headers?: Headers;
}

export class HttpError extends Error {
  override name = 'HttpError';
  readonly code: HttpErrorCode;
  readonly status?: number;
  readonly data?: unknown;
  readonly headers?: Headers;

  constructor(code: HttpErrorCode, init: HttpErrorInit = {}) {
    const fixed = CATALOGUE_CODES[code];
    const message = fixed ? MESSAGES[fixed] : init.message?.trim() || MESSAGES.unknown_error;
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = fixed && code === 'offline_error' ? 'fetch_error' : code;
    if (init.status !== undefined) this.status = init.status;
    if (init.data !== undefined) this.data = init.data;
    if (init.headers !== undefined) this.headers = init.headers;
  }
}


function statusFrom(data: unknown): number | undefined {
  if (isRecord(data) && typeof data.status === 'number') return data.status;
  return undefined;
}

/**
 * Turns anything a request can reject with into an HttpError: our own errors, fetch's TypeError,
 * AbortSignal reasons, and api-fetch's plain `{code, message, data}` objects (WordPress REST errors).
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (isRecord(error) && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return new HttpError(error.name === 'AbortError' ? 'aborted' : 'timeout', { cause: error });
  }
  // fetch rejects with a TypeError when the network is unreachable or the request is refused.
  if (error instanceof TypeError) return new HttpError('fetch_error', { cause: error });
  if (isRecord(error) && typeof error.code === 'string' && error.code !== '') {
    const init: HttpErrorInit = { cause: error };
    if (typeof error.message === 'string') init.message = error.message;
    const status = statusFrom(error.data);
    if (status !== undefined) init.status = status;
    if (error.data !== undefined) init.data = error.data;
    return new HttpError(error.code, init);
  }
  return new HttpError('unknown_error', { cause: error });
}

/** The text to show a shopper for any failure. */
export function messageFor(error: unknown): string {
  return toHttpError(error).message;
}

/** Callers that cancel their own requests (a newer search, an unmounted widget) ignore these. */
export function isAborted(error: unknown): boolean {
  return toHttpError(error).code === 'aborted';
}
