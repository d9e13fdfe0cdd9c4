/**
 * The REST root and wp_rest nonce, and one plain-fetch REST request, shared by the api-fetch client
 * (src/http/rest) and the Store API transport (src/http/store-api).
 *
 * Why the Store API does not go through @wordpress/api-fetch: that library is 7 KB gzip, and the express
 * wallet is on every product and cart page. Of its behaviours the Store API calls use only the root URL,
 * `_locale=user` (HTTP-01), the method override (HTTP-02), JSON bodies and same-origin cookies, all
 * written here; its nonce refresh (HTTP-03) never applied to them (it reads parsed errors, and these calls
 * read the raw Response), and media upload and paging are not Store API routes. REST routes that need
 * those keep using src/http/rest.
 */
import { toHttpError } from './errors';

interface RestSession {
  /** Set by configureRest; otherwise the page's api.w.org link. */
  root?: string;
  /** The current wp_rest nonce ('' when none); src/http/rest points it at api-fetch's refreshed one. */
  nonce: () => string;
}

const session: RestSession = { nonce: () => '' };

/** The root from `<link rel="https://api.w.org/" href="…">` WordPress prints in the head. */
function rootFromPage(): string {
  const link = document.querySelector<HTMLLinkElement>('link[rel="https://api.w.org/"]');
  return link?.getAttribute('href') || '/wp-json/';
}

function withSlash(root: string): string {
  return root.includes('?') || root.endsWith('/') ? root : `${root}/`;
}

/** The REST root, ending in '/' (or a plain-permalink '?rest_route=/'). */
export function sessionRoot(): string {
  return session.root ?? withSlash(rootFromPage());
}

/** Called by configureRest: later calls replace earlier ones. */
export function setRestSession(root: string, nonce: () => string): void {
  session.root = withSlash(root);
  session.nonce = nonce;
}

export function resetRestSession(): void {
  delete session.root;
  session.nonce = () => '';
}

/**
 * Root + path as WordPress joins them: under a plain-permalink root (`/?rest_route=/`) the path's own
 * query continues with '&'. `_locale=user` asks for the shopper's language, as api-fetch does.
 */
export function restUrl(path: string): string {
  const root = sessionRoot();
  let relative = path.replace(/^\//, '');
  if (root.includes('?')) relative = relative.replace('?', '&');
  // A path with an empty query ('cart?') loses its '?'.
  const url = (root + relative).replace(/\?$/, '');
  return /[?&]_locale=/.test(url) ? url : `${url}${url.includes('?') ? '&' : '?'}_locale=user`;
}

export interface RestRequest {
  /** Path under the REST root, e.g. '/wc/store/v1/cart'. */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as a JSON body. */
  data?: unknown;
  signal?: AbortSignal;
}

/**
 * One REST request resolving the raw Response, error statuses included (the caller reads the body and
 * headers such as the Store API's Nonce). Transport failures reject with an HttpError: fetch_error,
 * aborted.
 */
export async function restResponse(request: RestRequest): Promise<Response> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json, */*;q=0.1', ...request.headers };
  const nonce = session.nonce();
  // WordPress refuses an empty X-WP-Nonce as invalid, so a logged-out page sends none.
  if (nonce) headers['X-WP-Nonce'] = nonce;
  // Hosts that block PUT, PATCH and DELETE still pass POST (HTTP-02).
  if (method !== 'GET' && method !== 'POST') headers['X-HTTP-Method-Override'] = method;
  const init: RequestInit = { method: method === 'GET' ? 'GET' : 'POST', headers, credentials: 'include' };
  if (request.data !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(request.data);
  }
  if (request.signal) init.signal = request.signal;
  try {
    return await fetch(restUrl(request.path), init);
  } catch (error) {
    throw toHttpError(error);
  }
}
