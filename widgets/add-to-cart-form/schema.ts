import { SkipMount } from '../../mount/errors';
import { addToCartParams } from '../../src/settings';

export interface AddToCartFormProps {
  cartUrl: string;
  cartRedirectAfterAdd: boolean;
}

/**
 * The boundary of the product-form add: a `form.cart` that posts to this site with a
 * `.single_add_to_cart_button`. An external/affiliate product's form (a GET to another site) and
 * forms without the button are not ours: they work as served.
 */
export function readAddToCartFormProps(element: Element): AddToCartFormProps {
  if (!(element instanceof HTMLFormElement)) throw new SkipMount('not a <form>');
  if (element.method !== 'post') throw new SkipMount('the form is not posted (external product): it works as served');
  if (new URL(element.action, document.baseURI).origin !== window.location.origin) throw new SkipMount('the form posts to another site');
  if (!element.querySelector('.single_add_to_cart_button')) throw new SkipMount('no .single_add_to_cart_button');
  const settings = addToCartParams();
  return { cartUrl: settings.cartUrl, cartRedirectAfterAdd: settings.cartRedirectAfterAdd };
}
