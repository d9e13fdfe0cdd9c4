/**
 * The recent-searches list in localStorage under the plugin's own key, so a shopper's history
 * survives switching between the plugin's script and Vitrine. Storage can be full, disabled or
 * hold garbage: reads fall back to an empty list and writes fail silently.
 * Every widget on the page shows one list: a save is announced to the page's other widgets at once
 * (a local event, carrying the list, so it reaches them even when storage refused the write), and
 * a save in another tab reaches this one through the `storage` event.
 */
export const RECENT_SEARCHES_KEY = 'swsLatestSearches';
/** SRC-11: recent searches stored up to 10 (the widget shows the last 5). */
export const RECENT_KEPT = 10;

/** Parses the stored recent-searches list; anything that is not an array of strings counts as empty. */
export function parseRecent(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(-RECENT_KEPT);
  } catch {
    return [];
  }
}


/** Within the page only: the instant-search chunk is loaded once, so its widgets share this target. */
const changes = new EventTarget();
const CHANGE = 'change';

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
  changes.dispatchEvent(new CustomEvent<string[]>(CHANGE, { detail: [...list] }));
}

/**
 * Calls `listener` with the new list whenever a widget of this page saves one, or another tab
 * changes (or clears) the stored list. Returns the unsubscribe.
 */
export function onRecentSearchesChange(listener: (list: string[]) => void): () => void {
  const local = (event: Event) => listener((event as CustomEvent<string[]>).detail);
  const otherTab = (event: StorageEvent) => {
    // key is null when the other tab cleared the whole storage.
    if (event.key === RECENT_SEARCHES_KEY || event.key === null) listener(parseRecent(event.key === null ? null : event.newValue));
  };
  changes.addEventListener(CHANGE, local);
  window.addEventListener('storage', otherTab);
  return () => {
    changes.removeEventListener(CHANGE, local);
    window.removeEventListener('storage', otherTab);
  };
}
