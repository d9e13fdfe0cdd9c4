import { PropsError, SkipMount } from '../../mount/errors';
import { addToCartParams, hasSettings } from '../../src/settings';
import { isProductId, isQuantity, requestDataFrom } from './logic';

export interface AddToCartProps {
  productId: string;
  successMessage: string;
  cartUrl: string;
  isCart: boolean;
  cartRedirectAfterAdd: boolean;
  viewCartText: string;
}

/**
 * The boundary of the add-to-cart widget: the button's data attributes and wc_add_to_cart_params.
 * A button without a product id is not ours (ATC-05: the link is simply followed).
 */
export function readAddToCartProps(element: Element): AddToCartProps {
  if (!(element instanceof HTMLElement)) throw new PropsError('element', 'expected an <a> or <button>');
  const productId = element.getAttribute('data-product_id');
  if (productId === null || productId.trim() === '') throw new SkipMount('no data-product_id: the link is followed');
  if (!isProductId(productId)) throw new PropsError('data-product_id', `data-product_id="${productId}" is not a product id`);
  // WooCommerce prints ajax_add_to_cart on every simple product's button, but enqueues its add-to-cart script (and so
  // its settings) only where AJAX add to cart is on, and drops it on pages whose Product Button blocks add by
  // themselves (8.1–8.5 print those without wc-interactive): add-to-cart.js does nothing without its settings.
  if (!hasSettings('wc_add_to_cart_params')) throw new SkipMount('AJAX add to cart is off');
  const quantity = element.getAttribute('data-quantity');
  if (quantity !== null && !isQuantity(quantity)) throw new PropsError('data-quantity', `data-quantity="${quantity}" is not a quantity`);
  const settings = addToCartParams();
  return {
    productId: productId.trim(),
    successMessage: element.getAttribute('data-success_message') ?? '',
    cartUrl: settings.cartUrl,
    isCart: settings.isCart,
    cartRedirectAfterAdd: settings.cartRedirectAfterAdd,
    viewCartText: settings.i18nViewCart,
  };
}

/**
 * Read at click time, not at mount: swatches and quantity fields change the button's data
 * attributes after load, and the add must carry what the shopper sees now.
 */
export function readRequestData(element: Element): Record<string, string> | null {
  if (!isProductId(element.getAttribute('data-product_id'))) return null;
  return requestDataFrom(element.attributes);
}
