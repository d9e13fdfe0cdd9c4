/**
 * The cart-fragments store (cart-fragments.js without jQuery): restores the mini cart from the
 * browser's copy when it is still the server's cart, otherwise asks get_refreshed_fragments; keeps the
 * copy up to date after every cart change; refreshes when asked, when another tab changed the cart,
 * when the page comes back from the back-forward cache, and when the copy turns 24 h old.
 * One store per page: starting it again (a replaced mini cart mounts again) changes nothing.
 */
import { cameFromJQuery, emit, on } from '../bus';
import type { Fragments } from '../events';
import { isAborted, wcAjax } from '../http';
import { addToCartParams, cartFragmentsParams } from '../settings';
import { navigation, onReturnFromPageCache } from '../navigation';
import { applyFragments } from './apply';
import { followBlockCarts } from './blocks';
import { asCartAnswer, cartHasItems, MINI_CART_KEY, msUntilExpiry, otherTabChangedCart, restorableFragments } from './logic';
import { cartCookies, localCartHash, readStoredCart, type StorageKeys, storeCart } from './storage';

let keys: StorageKeys | undefined;
let watching = false;
let started = false;
/** Bumped by every cart change applied here, so an older refresh answer never overwrites a newer cart. */
let generation = 0;
let inflight: AbortController | undefined;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let restoreTimer: ReturnType<typeof setTimeout> | undefined;
const stops: Array<() => void> = [];

function storageKeys(): StorageKeys {
  keys ??= (({ fragmentName, cartHashKey }) => ({ fragmentName, cartHashKey }))(cartFragmentsParams());
  return keys;
}

function scheduleExpiry(createdAt: number | null): void {
  clearTimeout(expiryTimer);
  expiryTimer = setTimeout(() => void refreshFragments('expired'), msUntilExpiry(createdAt, Date.now()));
}

/** `.hide_cart_widget_if_empty`: its cart widget shows only while the cart holds something. */
export function syncHiddenCartWidgets(forceShow = false): void {
  const show = forceShow || cartHasItems(cartCookies().itemsInCart);
  for (const marker of document.querySelectorAll('.hide_cart_widget_if_empty')) {
    const widget = marker.closest<HTMLElement>('.widget_shopping_cart');
    if (widget) widget.style.display = show ? '' : 'none';
  }
}

/** Records a cart change (ours or another script's) so other tabs and the next page see it. */
export function rememberCart(fragments: Fragments, cartHash: string): void {
  generation += 1;
  storeCart(storageKeys(), fragments, cartHash, Date.now(), false);
}

/**
 * Keeps the stored copy in step with every add and remove. Changes relayed from jQuery (a plugin
 * firing added_to_cart itself) also get their fragments applied, as add-to-cart.js would.
 */
export function watchCartChanges(): void {
  if (watching) return;
  watching = true;
  for (const name of ['cart:added', 'cart:removed'] as const) {
    stops.push(
      on(name, ({ fragments, cartHash }, event) => {
        if (cameFromJQuery(event)) applyFragments(fragments);
        rememberCart(fragments, cartHash);
        // As cart.js: an add made on the cart page while it shows no cart (a suggested product's button under "Your
        // cart is empty") reloads the page, which then draws the cart.
        if (name === 'cart:added' && addToCartParams().isCart && !document.querySelector('form.woocommerce-cart-form')) navigation.reload();
      }),
    );
  }
  stops.push(on('cart:adding', () => syncHiddenCartWidgets(true)));
  stops.push(on('fragments:loaded', () => syncHiddenCartWidgets()));
  stops.push(on('fragments:refreshed', () => syncHiddenCartWidgets()));
}

/** FRG-01: asks the server for fresh fragments; a failure only fires fragments:failed (FRG-04). */
export async function refreshFragments(_reason = 'requested'): Promise<void> {
  inflight?.abort();
  const controller = new AbortController();
  inflight = controller;
  const startedAt = generation;
  const { requestTimeout } = cartFragmentsParams();
  try {
    const body = await wcAjax('get_refreshed_fragments', { time: Date.now() }, { signal: controller.signal, timeout: requestTimeout });
    const answer = asCartAnswer(body);
    if (!answer) throw new Error('get_refreshed_fragments answered without fragments');
    // A cart change applied while we waited carries newer fragments than this answer may.
    if (startedAt !== generation) return;
    const now = Date.now();
    storeCart(storageKeys(), answer.fragments, answer.cartHash, now, true);
    scheduleExpiry(now);
    // Checked again when the markup goes in: an add held behind a press may have come since.
    applyFragments(answer.fragments, { loaded: false, current: () => startedAt === generation, after: () => emit('fragments:refreshed', {}) });
  } catch (error) {
    // A newer refresh replaced this one: not a failure.
    if (controller.signal.aborted && isAborted(error)) return;
    emit('fragments:failed', {});
  } finally {
    if (inflight === controller) inflight = undefined;
  }
}

function onStorage(event: StorageEvent): void {
  const { cartHashKey } = storageKeys();
  // key null: another tab cleared its storage.
  if (event.key !== null && event.key !== cartHashKey) return;
  const session = readStoredCart(storageKeys()).sessionHash;
  if (otherTabChangedCart(localCartHash(storageKeys()), session)) void refreshFragments('storage');
}

function onReturnToCachedPage(): void {
  // The cached page shows an old cart: empty it rather than let the shopper act on it.
  for (const content of document.querySelectorAll(MINI_CART_KEY)) content.replaceChildren();
  void refreshFragments('pageshow');
}

/** Starts the store once per page: restore or refresh, then keep listening. */
export function startCartFragments(): void {
  if (started) return;
  started = true;
  watchCartChanges();
  stops.push(on('fragments:refresh-requested', ({ reason }) => void refreshFragments(reason)));
  stops.push(followBlockCarts((reason) => void refreshFragments(reason)));
  window.addEventListener('storage', onStorage);
  stops.push(() => window.removeEventListener('storage', onStorage));
  stops.push(onReturnFromPageCache(onReturnToCachedPage));
  syncHiddenCartWidgets();
  // The browser's copy is read a task later. A page's first storage access waits on the browser process, and
  // with the mount it started from, it made the longest task of a 96-card shop's mount (issue 16).
  const startedAt = generation;
  restoreTimer = setTimeout(() => {
    if (generation === startedAt) return restoreOrRefresh();
    // A cart change since has put its fragments on the page and stored them: nothing to restore or ask for,
    // whatever the cart cookie says. The stored copy still turns stale after 24 h.
    scheduleExpiry(readStoredCart(storageKeys()).createdAt);
  }, 0);
}

/** The mini cart from the browser's copy while it is still the server's cart (FRG-02), otherwise from the server. */
function restoreOrRefresh(): void {
  const stored = readStoredCart(storageKeys());
  const fragments = restorableFragments(stored, cartCookies().cartHash, Date.now());
  if (fragments) {
    applyFragments(fragments, { runScripts: false });
    scheduleExpiry(stored.createdAt);
  } else {
    void refreshFragments('load');
  }
}

/** Test hook: forget the page's store. */
export function resetCartFragmentsForTests(): void {
  for (const stop of stops.splice(0)) stop();
  inflight?.abort();
  clearTimeout(expiryTimer);
  clearTimeout(restoreTimer);
  keys = undefined;
  watching = false;
  started = false;
  generation = 0;
}
