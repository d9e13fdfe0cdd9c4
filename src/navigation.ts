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
