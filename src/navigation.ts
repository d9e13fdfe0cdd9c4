/**
 * Page navigation and viewport reads in one place, kept out of the components (which never touch
 * window globals) and in one object so widget tests can observe where a shopper would be sent.
 */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
  open(url: string, target: string): void {
    window.open(url, target);
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

/**
 * Calls `listener` when the browser shows this page again from its back-forward cache: the page comes back
 * exactly as it was left, so a control kept busy "until the browser moves on" must be given back.
 */
export function onReturnFromPageCache(listener: () => void): () => void {
  const handler = (event: PageTransitionEvent) => {
    if (event.persisted) listener();
  };
  window.addEventListener('pageshow', handler);
  return () => window.removeEventListener('pageshow', handler);
}
