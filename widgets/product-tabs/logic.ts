/** Pure rules of the product tabs (single-product.js, spec §2 tab rules, §9). */

/** TAB-04: a tab brought into view by a link or the address sits this many px below the top. */
export const TAB_SCROLL_OFFSET = 50;

export const REVIEWS_TAB = 'tab-reviews';
export const ADDITIONAL_INFORMATION_TAB = 'tab-additional_information';

export type OpeningReason = 'reviews' | 'additional_information' | 'first';

/**
 * Which tab the hash alone asks for: reviews for #reviews, #tab-reviews or a comment anchor
 * (#comment-123, #comments), additional information for its own id; null when it asks for none.
 */
export function tabForHash(hash: string): Exclude<OpeningReason, 'first'> | null {
  const lower = hash.toLowerCase();
  if (lower.includes('comment-') || lower === '#reviews' || lower === '#tab-reviews') return 'reviews';
  if (lower === '#tab-additional_information') return 'additional_information';
  return null;
}

/** TAB-01..03: the tab that opens at load, from the whole address (comment pages open the reviews). */
export function tabForAddress(href: string, hash: string): OpeningReason {
  const byHash = tabForHash(hash);
  if (byHash) return byHash;
  const withoutHash = href.split('#')[0] ?? '';
  if (withoutHash.includes('comment-page-') || withoutHash.includes('cpage=')) return 'reviews';
  return 'first';
}

/** The panel id to open for a reason, falling back to the first tab when the page lacks that tab. */
export function resolveTab(reason: OpeningReason, panelIds: readonly string[]): string | null {
  const wanted = reason === 'reviews' ? REVIEWS_TAB : reason === 'additional_information' ? ADDITIONAL_INFORMATION_TAB : null;
  if (wanted && panelIds.includes(wanted)) return wanted;
  return panelIds[0] ?? null;
}

export type TabKey = 'ArrowRight' | 'ArrowDown' | 'ArrowLeft' | 'ArrowUp' | 'Home' | 'End';

/** How the theme lays the tabs out: in a column (`vertical`), and on a right-to-left page (`rtl`). */
export interface TabLayout {
  vertical?: boolean;
  rtl?: boolean;
}

/**
 * Roving focus in the tablist, as single-product.js moves it: the arrows along the tabs (Left and Right in a row,
 * swapped right to left; Up and Down in a column) move and wrap, Home and End jump; null for other keys, which the
 * page keeps (Up and Down scroll it past a row of tabs).
 */
export function nextTabIndex(key: string, current: number, count: number, { vertical = false, rtl = false }: TabLayout = {}): number | null {
  if (count <= 0) return null;
  const next = vertical ? 'ArrowDown' : rtl ? 'ArrowLeft' : 'ArrowRight';
  const previous = vertical ? 'ArrowUp' : rtl ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case next:
      return (current + 1) % count;
    case previous:
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** single-product.js's guess of a column: the second tab is further below the first than beside it. */
export function isColumn(first: DOMRect, second: DOMRect): boolean {
  return Math.abs(second.top - first.top) > Math.abs(second.left - first.left);
}
