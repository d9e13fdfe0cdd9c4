import { PropsError, SkipMount } from '../../mount/errors';
import { hasSettings } from '../../src/settings';
import { checkoutParams } from '../../src/settings-buying';

export interface CheckoutProps {
  updateOrderReviewNonce: string;
  applyCouponNonce: string;
  removeCouponNonce: string;
  checkoutUrl: string;
  guestCheckout: boolean;
  /** WooCommerce's localized text for a failed order request (it holds a link to the order history). */
  i18nCheckoutError: string;
}

/** checkout.js needs wc_checkout_params; without it the form posts to the server as rendered. */
export function readCheckoutProps(element: Element): CheckoutProps {
  if (!(element instanceof HTMLFormElement)) throw new PropsError('element', 'expected <form class="checkout"> or <form id="order_review">');
  if (!hasSettings('wc_checkout_params')) throw new SkipMount('no wc_checkout_params: the checkout posts without JavaScript');
  const p = checkoutParams();
  if (p.checkoutUrl.trim() === '') throw new PropsError('wc_checkout_params.checkout_url', 'checkout_url is empty');
  return {
    updateOrderReviewNonce: p.updateOrderReviewNonce,
    applyCouponNonce: p.applyCouponNonce,
    removeCouponNonce: p.removeCouponNonce,
    checkoutUrl: p.checkoutUrl,
    guestCheckout: p.guestCheckout,
    i18nCheckoutError: p.i18nCheckoutError,
  };
}
