/**
 * Page navigation and viewport reads for the instant search, kept out of the components (which
 * never touch window globals) and in one object so tests can observe where a shopper is sent.
 */
export const searchNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

export function viewportWidth(): number {
  return window.innerWidth || document.documentElement.clientWidth || 0;
}

/** Calls `listener` with the new width after each resize; returns the unsubscribe. */
export function onViewportResize(listener: (width: number) => void): () => void {
  const handler = () => listener(viewportWidth());
  window.addEventListener('resize', handler);
  return () => window.removeEventListener('resize', handler);
}
