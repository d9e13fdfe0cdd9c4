/**
 * WooCommerce's "View cart" link after a listing button that added (add-to-cart.js: `a.added_to_cart.wc-forward`
 * right after the button, never twice, never on the cart page), shared by the ajax add-to-cart button and the loop
 * swatches' add.
 *
 * While a mouse pointer is still on the button, the link waits for it to leave. Themes lay listing cards out as
 * flex columns with `justify-content: space-between` (Twenty Twenty-One among them), so a new line under the
 * button moves the button up its card, here by about 100 px. A shopper clicking quickly keeps the pointer where it
 * is; with a real server's latency the first add's answer lands in the middle of the clicks, and the next click hit
 * the new link (a trip to the cart) or the card (a lost add). Devices that cannot hover (phones) get the link at once.
 */
export interface ViewCartLink {
  cartUrl: string;
  text: string;
  /** On the cart page there is nothing to link to. */
  isCart: boolean;
}

const waiting = new WeakSet<HTMLElement>();

const hasLink = (button: HTMLElement) => button.parentElement?.querySelector('.added_to_cart') != null;

/** True when a mouse (or pen) pointer is over the button now: the next click would land where it is. */
function pointerIsOn(button: HTMLElement): boolean {
  return typeof matchMedia === 'function' && matchMedia('(hover: hover)').matches && button.matches(':hover');
}

function insertLink(button: HTMLElement, { cartUrl, text }: ViewCartLink): void {
  if (hasLink(button) || !button.isConnected) return;
  const link = document.createElement('a');
  link.href = cartUrl;
  link.className = 'added_to_cart wc-forward';
  link.title = text;
  link.textContent = text;
  button.after(link);
}

export function showViewCartLink(button: HTMLElement, link: ViewCartLink): void {
  if (link.isCart || !link.cartUrl || hasLink(button) || waiting.has(button)) return;
  if (!pointerIsOn(button)) {
    insertLink(button, link);
    return;
  }
  waiting.add(button);
  button.addEventListener(
    'pointerleave',
    () => {
      waiting.delete(button);
      insertLink(button, link);
    },
    { once: true },
  );
}
