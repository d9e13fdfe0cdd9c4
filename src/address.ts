/**
 * The address bar, for widgets that keep state in it (the lightbox's gid/pid, the tab rules).
 * Components use these instead of reading `window.location` / `history` themselves.
 */

export const currentHash = (): string => window.location.hash;
export const currentHref = (): string => window.location.href;

/** Sets the hash without scrolling and without a hashchange event. `push` adds a history entry. */
export function writeHash(hash: string, mode: 'push' | 'replace'): void {
  const { pathname, search } = window.location;
  const url = `${pathname}${search}${hash === '' || hash === '#' ? '' : hash}`;
  if (mode === 'push') window.history.pushState(window.history.state, '', url);
  else window.history.replaceState(window.history.state, '', url);
}

export function goBack(): void {
  window.history.back();
}

/** Calls `handler` whenever the hash changes (back/forward, links); returns the unsubscribe. */
export function onHashChange(handler: (hash: string) => void): () => void {
  const listener = () => handler(window.location.hash);
  window.addEventListener('hashchange', listener);
  window.addEventListener('popstate', listener);
  return () => {
    window.removeEventListener('hashchange', listener);
    window.removeEventListener('popstate', listener);
  };
}

/**
 * How much of the viewport's top a fixed bar covers: WordPress's admin bar, shown to a logged-in
 * user, is fixed above the page on wide screens (32 px, 46 px under 783 px) and scrolls away on
 * phones. It only offsets layout (HLP-04): scrolling lands below it, nothing else changes.
 */
export function coveredTop(): number {
  const bar = document.getElementById('wpadminbar');
  if (!bar || getComputedStyle(bar).position !== 'fixed') return 0;
  return Math.max(0, Math.round(bar.getBoundingClientRect().bottom));
}

/** Scrolls the window so `element` sits `offset` px below the top of the viewport (and any admin bar). */
export function scrollToElement(element: Element, offset: number): void {
  const top = element.getBoundingClientRect().top + window.scrollY - offset - coveredTop();
  window.scrollTo({ top: Math.max(0, top), behavior: 'auto' });
}

const USER_SCROLL_INTENT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
/** Long enough for the gallery and images above to settle after load; a shopper's scroll ends it sooner. */
const HOLD_MS = 3000;

/**
 * Scrolls to `element` as `scrollToElement` does, and keeps it there while the page above it is
 * still settling (the gallery builds its slider and thumbnails after load, images arrive): without
 * this, the tabs a shopper opened with #reviews drift 100 px or more down the window. The hold
 * ends at the shopper's first own scroll, key or touch, or after 3 s. Returns its cancel.
 */
export function scrollToElementAndHold(element: Element, offset: number): () => void {
  scrollToElement(element, offset);
  const expectedTop = () => offset + coveredTop();
  const realign = () => {
    if (Math.abs(element.getBoundingClientRect().top - expectedTop()) > 1) scrollToElement(element, offset);
  };
  const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(realign) : undefined;
  resizes?.observe(document.body);
  const stop = () => {
    resizes?.disconnect();
    clearTimeout(timer);
    for (const type of USER_SCROLL_INTENT) window.removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, HOLD_MS);
  for (const type of USER_SCROLL_INTENT) window.addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}
