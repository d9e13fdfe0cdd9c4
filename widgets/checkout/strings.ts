import { textsOf } from '../../src/strings';

/** The checkout's own texts (src/strings.ts says how a site replaces them); WooCommerce's come from wc_checkout_params. */
export const CHECKOUT_STRINGS = {
  checkoutTotalChanged: 'Your order total is now {total}. Check your order, then place it again.',
  checkoutOrderChanged: 'Your order has changed. Check it, then place it again.',
} as const;

export const t = textsOf(CHECKOUT_STRINGS);
