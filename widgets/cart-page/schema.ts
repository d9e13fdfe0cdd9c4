import { PropsError, SkipMount } from '../../mount/errors';
import { hasSettings } from '../../src/settings';
import { cartParams } from '../../src/settings-buying';

export interface CartPageProps {
  updateShippingMethodNonce: string;
  applyCouponNonce: string;
  removeCouponNonce: string;
}

/** cart.js needs wc_cart_params (its nonces); without it the form keeps posting as the server renders it. */
export function readCartPageProps(element: Element): CartPageProps {
  if (!(element instanceof HTMLFormElement)) throw new PropsError('element', 'expected <form class="woocommerce-cart-form">');
  if (!hasSettings('wc_cart_params')) throw new SkipMount('no wc_cart_params: the cart form posts without JavaScript');
  const params = cartParams();
  return {
    updateShippingMethodNonce: params.updateShippingMethodNonce,
    applyCouponNonce: params.applyCouponNonce,
    removeCouponNonce: params.removeCouponNonce,
  };
}
