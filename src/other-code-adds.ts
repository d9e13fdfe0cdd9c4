/**
 * add-to-cart.js answers every `added_to_cart`, whoever fires it (a quick view, a bundle plugin, a theme's own add),
 * for the button it passes: out of `loading`; with fragments, `added` and the View cart link; `wc_cart_button_updated`;
 * then the button's `data-success_message` read out. Vitrine's own adds do this in their widgets; this is for the
 * adds other code announces, which reach Vitrine through the jQuery bridge (with or without jQuery), so it lives in
 * the bridge's chunk, not in the core every page loads (hence not under src/cart/, which the core's chunk takes).
 */
import { emit } from './bus';
import { addToCartParams } from './settings';
import { announce } from './cart/announce';
import { showViewCartLink } from './cart/view-cart-link';

export function showButtonAdded(button: HTMLElement, withFragments: boolean): void {
  button.classList.remove('loading');
  if (withFragments) {
    button.classList.add('added');
    const { cartUrl, i18nViewCart, isCart } = addToCartParams();
    showViewCartLink(button, { cartUrl, text: i18nViewCart, isCart });
  }
  emit('cart:button-updated', { button });
}

/** After the fragments are in (add-to-cart.js alerts last). */
export function announceAdded(button: HTMLElement): void {
  const message = button.getAttribute('data-success_message');
  if (message) announce(message);
}
