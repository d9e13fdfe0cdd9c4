/**
 * Pure rules of the cart-fragments contract (cart-fragments.js), kept apart from the DOM and storage
 * so they can be tested exhaustively.
 */
import type { Fragments } from '../events';

/** Stored fragments older than this are refetched (spec §9, FRG-02). */
export const FRAGMENTS_TTL_MS = 86_400_000;

/**
 * Add and remove requests give up after this long: WooCommerce sets none, so a hanging server left the
 * button loading and, with the FIFO queue, every later add stuck behind it. Generous, as adds can be slow.
 */
export const CART_REQUEST_TIMEOUT_MS = 30_000;

/** The fragment key the restore rule insists on: without the mini cart the stored copy is useless. */
export const MINI_CART_KEY = 'div.widget_shopping_cart_content';

export interface StoredCart {
  /** JSON of the fragments map, as cart-fragments.js stores it under fragment_name. */
  fragmentsJson: string | null;
  /** The session copy of the cart hash (cart_hash_key). */
  sessionHash: string | null;
  /** `wc_cart_created`: ms timestamp of the first stored hash. */
  createdAt: number | null;
}

/** A fragments map: every value a string. Anything else is not something we inject as markup. */
export function asFragments(value: unknown): Fragments | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: Fragments = {};
  for (const [key, markup] of Object.entries(value)) {
    if (typeof markup !== 'string' || key.trim() === '') return null;
    out[key] = markup;
  }
  return out;
}

export function parseStoredFragments(json: string | null): Fragments | null {
  if (!json) return null;
  try {
    return asFragments(JSON.parse(json));
  } catch {
    return null;
  }
}

/**
 * FRG-02/FRG-03: the stored copy is used only when it holds the mini cart, its hash is the one the
 * server last set in the `woocommerce_cart_hash` cookie, and it is under 24 h old. A missing cookie
 * means an empty cart: an empty stored hash then matches (WooCommerce compares both as strings).
 */
export function restorableFragments(stored: StoredCart, cookieHash: string | null, now: number): Fragments | null {
  const fragments = parseStoredFragments(stored.fragmentsJson);
  if (!fragments || !(MINI_CART_KEY in fragments)) return null;
  if ((stored.sessionHash ?? '') !== (cookieHash ?? '')) return null;
  if (stored.createdAt === null || !Number.isFinite(stored.createdAt)) return null;
  const age = now - stored.createdAt;
  if (age < 0 || age >= FRAGMENTS_TTL_MS) return null;
  return fragments;
}

/** Milliseconds until the stored copy expires (never negative). */
export function msUntilExpiry(createdAt: number | null, now: number): number {
  if (createdAt === null || !Number.isFinite(createdAt)) return 0;
  return Math.max(0, createdAt + FRAGMENTS_TTL_MS - now);
}

/** Another tab changed the cart when the shared (local) hash differs from this tab's (session) one. */
export function otherTabChangedCart(localHash: string | null, sessionHash: string | null): boolean {
  return (localHash ?? '') !== (sessionHash ?? '');
}

/** `woocommerce_items_in_cart` is "1" (or a count) when the cart holds something. */
export function cartHasItems(itemsCookie: string | null): boolean {
  const count = Number(itemsCookie ?? '0');
  return Number.isFinite(count) && count > 0;
}

export interface CartAnswer {
  fragments: Fragments;
  cartHash: string;
}

/** The shape add_to_cart, remove_from_cart and get_refreshed_fragments answer with when they succeed. */
export function asCartAnswer(value: unknown): CartAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const { fragments, cart_hash } = value as { fragments?: unknown; cart_hash?: unknown };
  const map = asFragments(fragments);
  if (!map) return null;
  return { fragments: map, cartHash: typeof cart_hash === 'string' ? cart_hash : '' };
}
