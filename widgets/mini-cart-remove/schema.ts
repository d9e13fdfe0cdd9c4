import { PropsError, SkipMount } from '../../mount/errors';

export interface MiniCartRemoveProps {
  cartItemKey: string;
  /** The no-JavaScript remove address, followed when the ajax call fails (MCR-03). */
  href: string;
  successMessage: string;
}

/** The remove link of cart/mini-cart.php: data-cart_item_key and a ?remove_item= href. */
export function readMiniCartRemoveProps(element: Element): MiniCartRemoveProps {
  if (!(element instanceof HTMLElement)) throw new PropsError('element', 'expected an <a class="remove_from_cart_button">');
  const cartItemKey = element.getAttribute('data-cart_item_key');
  if (cartItemKey === null || cartItemKey.trim() === '') throw new SkipMount('no data-cart_item_key: the link is followed');
  if (!/^[\w-]+$/.test(cartItemKey.trim())) {
    throw new PropsError('data-cart_item_key', `data-cart_item_key="${cartItemKey}" is not a cart item key`);
  }
  const href = element instanceof HTMLAnchorElement ? element.href : (element.getAttribute('href') ?? '');
  return { cartItemKey: cartItemKey.trim(), href, successMessage: element.getAttribute('data-success_message') ?? '' };
}
