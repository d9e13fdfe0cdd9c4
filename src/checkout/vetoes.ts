/**
 * The jQuery events a gateway or plugin answers `false` to stop the order (checkout.js): asked in this order
 * before the request, each only if the one before allowed it. `checkout_place_order_success` is asked after a
 * successful answer, before the redirect.
 */
export function placeOrderVetoes(paymentMethod: string): string[] {
  return ['checkout_place_order', `checkout_place_order_${paymentMethod}`];
}

export const SUCCESS_VETO = 'checkout_place_order_success';

/** True when every veto allows the order; stops asking at the first refusal, as jQuery's chain does. */
export function allowedByAll(vetoes: string[], allows: (name: string) => boolean): boolean {
  return vetoes.every((name) => allows(name));
}
