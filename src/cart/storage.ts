/**
 * Where cart-fragments.js keeps its copy, under the same names so a page still running WooCommerce's
 * script (or a second tab) agrees with us: sessionStorage[fragment_name] holds the fragments JSON,
 * local and session storage hold cart_hash_key, sessionStorage.wc_cart_created the creation time.
 * Storage can be missing or full (private modes, quotas): every access degrades to "nothing stored".
 */
import Cookies from 'js-cookie';
import type { Fragments } from '../events';
import type { StoredCart } from './logic';

export interface StorageKeys {
  fragmentName: string;
  cartHashKey: string;
}

const CREATED_KEY = 'wc_cart_created';

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export function readStoredCart(keys: StorageKeys): StoredCart {
  return safe(
    () => {
      const created = sessionStorage.getItem(CREATED_KEY);
      return {
        fragmentsJson: sessionStorage.getItem(keys.fragmentName),
        sessionHash: sessionStorage.getItem(keys.cartHashKey),
        createdAt: created === null ? null : Number(created),
      };
    },
    { fragmentsJson: null, sessionHash: null, createdAt: null },
  );
}

export function localCartHash(keys: StorageKeys): string | null {
  return safe(() => localStorage.getItem(keys.cartHashKey), null);
}

/**
 * Stores the fragments and the hash; an empty hash (empty cart) removes the hash keys, as WooCommerce
 * does. A refresh restarts the 24 h clock (`restartClock`); an add or remove only starts a missing one.
 */
export function storeCart(keys: StorageKeys, fragments: Fragments, cartHash: string, now: number, restartClock: boolean): void {
  safe(() => {
    sessionStorage.setItem(keys.fragmentName, JSON.stringify(fragments));
    if (cartHash) {
      localStorage.setItem(keys.cartHashKey, cartHash);
      sessionStorage.setItem(keys.cartHashKey, cartHash);
    } else {
      localStorage.removeItem(keys.cartHashKey);
      sessionStorage.removeItem(keys.cartHashKey);
    }
    if (restartClock || sessionStorage.getItem(CREATED_KEY) === null) sessionStorage.setItem(CREATED_KEY, String(now));
  }, undefined);
}

/** The cookies the server sets with every cart change. */
export function cartCookies(): { cartHash: string | null; itemsInCart: string | null } {
  return {
    cartHash: Cookies.get('woocommerce_cart_hash') ?? null,
    itemsInCart: Cookies.get('woocommerce_items_in_cart') ?? null,
  };
}
