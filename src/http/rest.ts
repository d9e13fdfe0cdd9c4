/**
 * WordPress REST through @wordpress/api-fetch, configured the way WordPress's own wp-api-fetch inline
 * script does it (root URL, nonce middleware, nonce endpoint, media upload), so the library's
 * behaviours apply (spec §7): `_locale=user` (HTTP-01), PUT/PATCH/DELETE as POST with
 * X-HTTP-Method-Override (HTTP-02), nonce refresh on rest_cookie_invalid_nonce (HTTP-03), media
 * post-process retries (HTTP-04) and per_page=-1 paging (HTTP-05). Every rejection becomes an
 * HttpError with the §8 messages (HTTP-07).
 */
import apiFetch, { type APIFetchMiddleware, type APIFetchOptions } from '@wordpress/api-fetch';
import { ajaxUrls } from '../settings';
import { toHttpError } from './errors';
import { resetRestSession, sessionRoot, setRestSession } from './rest-session';

export interface RestConfig {
  /** REST root, e.g. '/wp-json/' or '/?rest_route=/'. Default: the page's api.w.org link. */
  root?: string | undefined;
  /** A wp_rest nonce (swsL10n.nonce, data-rest-nonce, …). Logged-out pages have none. */
  nonce?: string | undefined;
  /** Where a fresh nonce is fetched (HTTP-03). Default: ajax_url + action=rest-nonce. */
  nonceEndpoint?: string | undefined;
}

type NonceMiddleware = ReturnType<typeof apiFetch.createNonceMiddleware>;

interface RestState {
  root: string;
  nonce: NonceMiddleware;
  installed: APIFetchMiddleware[];
}

let state: RestState | undefined;

/**
 * A logged-out visitor has no nonce, and WordPress rejects an empty X-WP-Nonce header as invalid,
 * so the library's middleware (which always sets the header) only runs once a nonce is known.
 */
const nonceWhenKnown =
  (middleware: NonceMiddleware): APIFetchMiddleware =>
  (options, next) =>
    middleware.nonce ? middleware(options, next) : next(options);

/**
 * Added because the library leaves it out: after failed post-process retries, media-upload fires a
 * cleanup DELETE and drops its promise, so a failing cleanup would be an unhandled rejection. The
 * no-op catch marks it handled without changing what any awaiting caller receives.
 */
const markMediaDeleteHandled: APIFetchMiddleware = (options, next) => {
  const result = next(options);
  if (options.method === 'DELETE' && /\/wp\/v2\/media\//.test(options.path ?? options.url ?? '')) {
    result.catch(() => undefined);
  }
  return result;
};

/**
 * Added because the library would loop: apiFetch retries a rest_cookie_invalid_nonce failure after
 * every refresh, forever if the server keeps refusing. The retry reuses the caller's options object,
 * so a second refusal for the same object is renamed and the library lets it through.
 */
const refusedOnce = new WeakSet<object>();
const stopNonceLoop: APIFetchMiddleware = (options, next) =>
  next(options).catch((error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== 'rest_cookie_invalid_nonce') throw error;
    if (refusedOnce.has(options)) throw { ...(error as object), code: 'rest_nonce_refresh_failed' };
    refusedOnce.add(options);
    throw error;
  });

function nonceEndpointFromPage(): string {
  const ajaxUrl = ajaxUrls().ajaxUrl;
  return `${ajaxUrl}${ajaxUrl.includes('?') ? '&' : '?'}action=rest-nonce`;
}

/** Sets (or updates) the REST root and nonce. Safe to call again; later calls replace earlier ones. */
export function configureRest(config: RestConfig = {}): void {
  if (state) for (const middleware of state.installed) apiFetch.unregister(middleware);
  setRestSession(config.root ?? state?.root ?? sessionRoot(), () => state?.nonce.nonce ?? '');
  const root = sessionRoot();
  const nonce = apiFetch.createNonceMiddleware(config.nonce ?? state?.nonce.nonce ?? '');
  // `use` puts each middleware first, so this runs as: stopNonceLoop → media upload →
  // markMediaDeleteHandled → nonce → root URL → the library's defaults. Media upload before the nonce
  // and root matches WordPress's own registration order, so its follow-up requests get both.
  const installed = [
    apiFetch.createRootURLMiddleware(root),
    nonceWhenKnown(nonce),
    markMediaDeleteHandled,
    apiFetch.mediaUploadMiddleware,
    stopNonceLoop,
  ];
  for (const middleware of installed) apiFetch.use(middleware);
  // The library's refresh writes the new nonce into apiFetch.nonceMiddleware and reads nonceEndpoint.
  apiFetch.nonceMiddleware = nonce;
  apiFetch.nonceEndpoint = config.nonceEndpoint ?? nonceEndpointFromPage();
  state = { root, nonce, installed };
}

function ensureConfigured(): RestState {
  if (!state) configureRest();
  return state!;
}

/** The configured REST root, ending in '/' (or a plain-permalink '?rest_route=/'). */
export function restRoot(): string {
  return ensureConfigured().root;
}

/** The current wp_rest nonce ('' when none), refreshed by HTTP-03. */
export function restNonce(): string {
  return ensureConfigured().nonce.nonce;
}

export interface RestFetchOptions extends Omit<RequestInit, 'headers' | 'body'> {
  /** Path under the REST root, e.g. '/wp/v2/users/me'. */
  path?: string;
  /** A full address instead of a path. */
  url?: string;
  /** Sent as a JSON body. */
  data?: unknown;
  body?: BodyInit | null;
  headers?: Record<string, string>;
}

/** A REST call resolving the parsed JSON; always rejects with an HttpError. */
export async function restFetch<T = unknown>(options: RestFetchOptions): Promise<T> {
  ensureConfigured();
  try {
    return await apiFetch<T>({ ...options } as APIFetchOptions<true>);
  } catch (error) {
    throw toHttpError(error);
  }
}

/** Tests start each case from an unconfigured library. */
export function resetRest(): void {
  if (state) for (const middleware of state.installed) apiFetch.unregister(middleware);
  state = undefined;
  resetRestSession();
  apiFetch.nonceMiddleware = undefined;
  apiFetch.nonceEndpoint = undefined;
}
