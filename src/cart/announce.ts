/**
 * The polite live region add-to-cart.js appends to the body for cart messages
 * (`.widget_shopping_cart_live_region`), shared by every cart widget so messages never talk over
 * each other. A message is set after a pause so screen readers that are busy reading the focused
 * button do not swallow it (WooCommerce waits 1000 ms for the same reason).
 */
export const ANNOUNCE_DELAY_MS = 1000;

let timer: ReturnType<typeof setTimeout> | undefined;

export function liveRegion(): HTMLElement {
  let region = document.querySelector<HTMLElement>('.widget_shopping_cart_live_region');
  if (!region) {
    region = document.createElement('div');
    region.className = 'widget_shopping_cart_live_region screen-reader-text';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  return region;
}

/** Announces `message` as text; an empty message only clears the region. */
export function announce(message: string, delay = ANNOUNCE_DELAY_MS): void {
  const region = liveRegion();
  region.textContent = '';
  clearTimeout(timer);
  if (!message) return;
  timer = setTimeout(() => {
    region.textContent = message;
  }, delay);
}
