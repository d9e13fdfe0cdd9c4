/**
 * The recent-searches list in localStorage under the plugin's own key, so a shopper's history
 * survives switching between the plugin's script and Vitrine. Storage can be full, disabled or
 * hold garbage: reads fall back to an empty list and writes fail silently.
 */
import { parseRecent } from '../../widgets/instant-search/logic';

export const RECENT_SEARCHES_KEY = 'swsLatestSearches';

export function loadRecentSearches(): string[] {
  try {
    return parseRecent(window.localStorage.getItem(RECENT_SEARCHES_KEY));
  } catch {
    return [];
  }
}

export function saveRecentSearches(list: readonly string[]): void {
  try {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Private mode or a full quota: the list lives only for this page.
  }
}
