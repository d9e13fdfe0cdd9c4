/**
 * The instant-search REST call (spec §7, SRC-08/09): GET restUrl + id + query with X-WP-Nonce when
 * a nonce is known. On any failure the nonce the answer carries (WordPress sends a fresh one with
 * rest_cookie_invalid_nonce, which cached pages hit) replaces the old one, or the nonce is dropped
 * (the route is public), and the query is retried once. Answers are cached per query.
 * "Cached unless disabled" (SRC-08): the plugin's script has a `cache` option (devbridge's `noCache:
 * !options.cache`, default true), but no `swsL10n` entry sets it (2.15–2.16.1, and the captured
 * pages): no setting turns caching off, so the widget always caches. `cache: false` stays for callers.
 */
import { HttpError, toHttpError } from '../http/errors';
import { sendRequest } from '../http/post-form';
import { isRecord } from '../guards';

export interface Suggestion {
  value: string;
  /** Row markup from the server: sanitised before display. */
  data: string;
  url: string;
  /** Pro: -1 means "not a link". */
  id?: number;
  addToCart?: boolean;
}

export interface SearchAnswer {
  suggestions: Suggestion[];
  /** View-all link markup ('' without results). */
  viewAllLink: string;
  keywords: string[];
}

export interface SearchClientOptions {
  restUrl: string;
  widgetId: string;
  nonce: string;
  /** Cache answers per query for the page's lifetime (default true). */
  cache?: boolean;
}

export interface SearchClient {
  search(query: string, signal?: AbortSignal): Promise<SearchAnswer>;
  /** The nonce the next request sends ('' for none). */
  nonce(): string;
  /** Answered from the cache without a request, or undefined. */
  cached(query: string): SearchAnswer | undefined;
}


function parseSuggestion(value: unknown): Suggestion | null {
  if (!isRecord(value) || typeof value.data !== 'string') return null;
  const suggestion: Suggestion = {
    value: typeof value.value === 'string' ? value.value : '',
    data: value.data,
    url: typeof value.url === 'string' ? value.url : '',
  };
  const id = Number(value.id);
  if (value.id !== undefined && Number.isFinite(id)) suggestion.id = id;
  if (value.addToCart !== undefined) suggestion.addToCart = Boolean(value.addToCart) && value.addToCart !== '0';
  return suggestion;
}

/** The answer's shape, or an invalid_json error: garbage never reaches the widget. */
export function parseSearchAnswer(body: unknown): SearchAnswer {
  if (!isRecord(body) || !Array.isArray(body.suggestions)) {
    throw new HttpError('invalid_json', { data: body });
  }
  const suggestions = body.suggestions.map(parseSuggestion).filter((s): s is Suggestion => s !== null);
  const keywords = Array.isArray(body.keywords) ? body.keywords.filter((k): k is string => typeof k === 'string' && k.trim() !== '') : [];
  return { suggestions, viewAllLink: typeof body.view_all_link === 'string' ? body.view_all_link : '', keywords };
}

export function searchUrl(restUrl: string, widgetId: string, query: string): string {
  const separator = restUrl.endsWith('?') || restUrl.endsWith('&') ? '' : restUrl.includes('?') ? '&' : '?';
  return `${restUrl}${separator}id=${encodeURIComponent(widgetId)}&query=${encodeURIComponent(query)}`;
}

interface Attempt {
  answer?: SearchAnswer;
  error?: HttpError;
  freshNonce: string | null;
}

async function attempt(url: string, nonce: string, signal: AbortSignal | undefined): Promise<Attempt> {
  try {
    const { body, headers } = await sendRequest<unknown>(url, { headers: nonce ? { 'X-WP-Nonce': nonce } : {}, signal });
    const freshNonce = headers.get('X-WP-Nonce');
    try {
      return { answer: parseSearchAnswer(body), freshNonce };
    } catch (error) {
      return { error: toHttpError(error), freshNonce };
    }
  } catch (error) {
    let httpError = toHttpError(error);
    if (httpError.code === 'aborted') throw httpError;
    // A REST failure that is not JSON (a PHP fatal's HTML page) reads as invalid_json, as WordPress's own REST client reports it.
    if (httpError.code === 'http_error' && typeof httpError.data === 'string') {
      httpError = new HttpError('invalid_json', { status: httpError.status, data: httpError.data, ...(httpError.headers ? { headers: httpError.headers } : {}) });
    }
    return { error: httpError, freshNonce: httpError.headers?.get('X-WP-Nonce') ?? null };
  }
}

export function createSearchClient(options: SearchClientOptions): SearchClient {
  let nonce = options.nonce;
  const cache = new Map<string, SearchAnswer>();
  const useCache = options.cache !== false;

  return {
    nonce: () => nonce,
    cached: (query) => (useCache ? cache.get(query) : undefined),
    async search(query, signal) {
      const hit = useCache ? cache.get(query) : undefined;
      if (hit) return hit;
      const url = searchUrl(options.restUrl, options.widgetId, query);
      let result = await attempt(url, nonce, signal);
      if (result.error) {
        // SRC-09: the answer's nonce replaces ours, or ours is dropped; then one retry.
        nonce = result.freshNonce ?? '';
        result = await attempt(url, nonce, signal);
      }
      if (result.error || !result.answer) throw result.error ?? new HttpError('unknown_error');
      if (useCache) cache.set(query, result.answer);
      return result.answer;
    },
  };
}
