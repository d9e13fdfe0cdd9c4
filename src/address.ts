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

/** Scrolls the window so `element` sits `offset` px below the top of the viewport. */
export function scrollToElement(element: Element, offset: number): void {
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: 'auto' });
}
