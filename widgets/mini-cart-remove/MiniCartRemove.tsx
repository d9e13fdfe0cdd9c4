import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { onPress } from '../../src/dom';
import { emit } from '../../src/bus';
import { announce, applyFragments, asCartAnswer, CART_REQUEST_TIMEOUT_MS, navigation, setBusy, watchCartChanges } from '../../src/cart';
import { cartQueue, wcAjax } from '../../src/http';
import { injectStyle } from '../../src/styles';
import css from '../../styles/mini-cart-remove.css?inline';
import type { MiniCartRemoveProps } from './schema';

/** The removed link took the keyboard focus with it: give it to the next line, or the mini cart. */
function focusMiniCart(): void {
  const next = document.querySelector<HTMLElement>('.widget_shopping_cart_content .remove_from_cart_button');
  if (next) {
    next.focus();
    return;
  }
  const content = document.querySelector<HTMLElement>('.widget_shopping_cart_content');
  if (!content) return;
  content.tabIndex = -1;
  content.focus();
}

/**
 * Removes one mini-cart line by ajax (MCR-01): the line is blocked by the busy overlay (MCR-02),
 * remove_from_cart goes through the cart queue (ATC-03), the answer's fragments replace the mini
 * cart. A failed call or an answer without fragments follows the link instead (MCR-03), so the
 * shopper's removal is never lost.
 */
export default function MiniCartRemove({ element, props }: WidgetProps<MiniCartRemoveProps, HTMLElement>) {
  useEffect(() => {
    injectStyle('mini-cart-remove', css);
    watchCartChanges();
    let running = false;
    const remove = async () => {
      const line = element.closest<HTMLElement>('.woocommerce-mini-cart-item') ?? element;
      const hadFocus = document.activeElement === element;
      running = true;
      setBusy(line, true);
      announce('');
      try {
        const body = await cartQueue.enqueue(() => wcAjax('remove_from_cart', { cart_item_key: props.cartItemKey }, { timeout: CART_REQUEST_TIMEOUT_MS }));
        const answer = asCartAnswer(body);
        if (!answer) {
          navigation.assign(props.href);
          return;
        }
        // As in WooCommerce, removed_from_cart listeners find the new mini cart already in place.
        applyFragments(answer.fragments, {
          after: () => {
            emit('cart:removed', { fragments: answer.fragments, cartHash: answer.cartHash, button: element });
            if (hadFocus) focusMiniCart();
            announce(props.successMessage);
          },
        });
      } catch (error) {
        console.error('[vitrine] mini-cart-remove: the ajax removal failed; following the remove link.', element, error);
        navigation.assign(props.href);
      } finally {
        running = false;
        // The line is usually gone with the new fragments; if not (navigation pending), unblock it.
        if (line.isConnected) setBusy(line, false);
      }
    };
    const onClick = (event: MouseEvent) => {
      event.preventDefault();
      if (!running) void remove();
    };
    // Since WooCommerce 10.0 the link has role=button: Space presses it too, as woocommerce.js does for it. Before, it
    // is announced as a plain link, and Space scrolls the page as on any link.
    if (element.getAttribute('role') === 'button') return onPress(element, onClick);
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [element, props]);
  return null;
}
