/**
 * The instant search's pure rules (spec §4, §5, §9; reference search-and-swatches.md §1). No DOM,
 * no storage, no network: everything here is a function of its arguments, so it is tested exhaustively.
 */
import { RECENT_KEPT } from '../../src/search/recent-searches';
import { t } from './strings';

// The stored list's rules live with the storage (src/search), shared by every widget of the page.
export { parseRecent, RECENT_KEPT } from '../../src/search/recent-searches';

export const DEFAULT_MIN_CHARS = 3;
export const DEFER_MS = 100;

/**
 * What is left of the 100 ms defer (SRC-08) when the input handler runs: the defer counts from the
 * keystroke itself (the event's time stamp), not from the handler, which on a busy page runs a few
 * milliseconds later and pushed every answer back by as much. A time stamp from another clock (a
 * negative elapsed time) leaves the whole defer.
 */
export function remainingDefer(typedAt: number | undefined, now: number): number {
  if (typedAt === undefined || !Number.isFinite(typedAt)) return DEFER_MS;
  const elapsed = now - typedAt;
  return elapsed < 0 ? DEFER_MS : Math.max(0, DEFER_MS - elapsed);
}
export const CLOSE_CLEANUP_MS = 500;
export const DESKTOP_MIN_WIDTH = 768;
export const RECENT_SHOWN = 5;
export const COLUMN_WIDTH = 200;

export type FullScreenMode = '' | 'desktop_only' | 'mobile_only' | 'enable';

/** Runs of whitespace become one space (the plugin's `onSearchStart`), so "red  mug" and "red mug" are one query. */
export function collapseSpaces(raw: string): string {
  return raw.replace(/\s{2,}/g, ' ');
}

/** The query as sent and cached: collapsed and trimmed (leading/trailing spaces never change the answer). */
export function normaliseQuery(raw: string): string {
  return collapseSpaces(raw).trim();
}

/** A query is long enough to send (and to submit, SRC-05) when it has at least `minChars` characters. */
export function isLongEnough(raw: string, minChars: number): boolean {
  const query = normaliseQuery(raw);
  return query.length > 0 && [...query].length >= Math.max(1, minChars);
}

/**
 * SRC-06: the `s` value of the search page address. Plus signs are encoded, spaces become plus
 * signs and double spaces collapse. Unlike the original (which encoded nothing else) `&`, `#` and
 * the like are percent-encoded too, so a query can never break out of its parameter.
 */
export function encodeSearchTerm(raw: string): string {
  return normaliseQuery(raw)
    .split(' ')
    .map((word) => encodeURIComponent(word))
    .join('+');
}

export interface SearchPageOptions {
  searchPageUrl: string;
  widgetId: string;
  /** 'product' adds post_type (SRC-07). */
  layout: string;
  productSlug: string;
}

/** SRC-07: where a submitted search goes: searchPageUrl with s, search_id and, for the product layout, post_type. */
export function searchPageAddress(raw: string, options: SearchPageOptions): string {
  const base = options.searchPageUrl || '/';
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  let address = `${base}${separator}s=${encodeSearchTerm(raw)}&search_id=${encodeURIComponent(options.widgetId)}`;
  if (options.layout === 'product') address += `&post_type=${encodeURIComponent(options.productSlug || 'product')}`;
  return address;
}

/** SRC-13: a product link that adds the product to the cart, WooCommerce's `?add-to-cart={id}`. */
export function addToCartHref(base: string, id: number): string {
  const [path = '', hash] = base.split('#', 2);
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}add-to-cart=${id}${hash === undefined ? '' : `#${hash}`}`;
}

/** SRC-04: which mode a widget shows at this viewport width. */
export function isFullScreen(mode: FullScreenMode, viewportWidth: number): boolean {
  if (mode === 'enable') return true;
  if (mode === 'desktop_only') return viewportWidth >= DESKTOP_MIN_WIDTH;
  if (mode === 'mobile_only') return viewportWidth < DESKTOP_MIN_WIDTH;
  return false;
}

/** SRC-12: the popup's height cap: maxHeight on desktop, maxHeightMobile under 768. */
export function popupMaxHeight(viewportWidth: number, maxHeight: number, maxHeightMobile: number): number {
  return viewportWidth < DESKTOP_MIN_WIDTH ? maxHeightMobile : maxHeight;
}

/** SRC-12: columns never exceed what fits at 200 px each, and never drop to 0 (the original's bug under 200 px). */
export function columnCount(width: number, configured: number): number {
  const wanted = Math.max(1, Math.floor(configured) || 1);
  const fits = Math.floor(Math.max(0, width) / COLUMN_WIDTH);
  return Math.max(1, Math.min(wanted, fits));
}

/**
 * Bad-query pruning (preventBadQueries): a query that extends one which had no results cannot have
 * any either (the server matches substrings), so it is answered empty without a request.
 */
export function isPrunedByBadQuery(query: string, badQueries: readonly string[]): boolean {
  const lower = query.toLowerCase();
  return badQueries.some((bad) => bad !== '' && lower.startsWith(bad.toLowerCase()));
}

/**
 * SRC-11: remembers a query that had results as the newest recent search; no duplicates (a repeat moves to the end),
 * 10 kept. `onTheWay` is the query this widget remembered earlier in the same
 * typing: when the new one grew out of it ("can", then "candle") or it out of the new one (a backspace), it goes. The
 * search answers whatever was typed when a key came late (a busy phone), and the shopper searched for "candle", not
 * also for "can".
 */
export function addRecent(list: readonly string[], raw: string, onTheWay?: string): string[] {
  const query = normaliseQuery(raw);
  if (query === '') return [...list];
  const earlier = onTheWay === undefined ? '' : normaliseQuery(onTheWay);
  const outgrown = earlier !== '' && (query.startsWith(earlier) || earlier.startsWith(query));
  const next = list.filter((item) => item !== query && !(outgrown && item === earlier));
  next.push(query);
  return next.slice(-RECENT_KEPT);
}

export function removeRecent(list: readonly string[], query: string): string[] {
  return list.filter((item) => item !== query);
}

/** SRC-11: the last five, newest first (the one a shopper most likely wants again comes first). */
export function visibleRecent(list: readonly string[]): string[] {
  return list.slice(-RECENT_SHOWN).reverse();
}

/** What the polite live region says for each state of the results area. */
export function announcement(state: { status: string; count: number; noResultsText: string }): string {
  switch (state.status) {
    case 'loading':
      return t('searchSearching');
    case 'results':
      return state.count === 1 ? t('searchOneResult') : t('searchResults', { count: state.count });
    case 'empty':
      return state.noResultsText || t('searchNoResults');
    case 'error':
      return t('searchUnavailable');
    default:
      return '';
  }
}
