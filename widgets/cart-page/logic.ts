/** Pure rules of the cart page (cart.js). */

/** The notices cart.js clears and carries over from an answer page. */
export const NOTICE_SELECTOR = '.woocommerce-error, .woocommerce-message, .woocommerce-info, .is-error, .is-info, .is-success';

export type CartIntent = 'apply_coupon' | 'update_cart' | 'default';

/**
 * What a submit of the cart form asks for, from the button that submitted it and the focused field:
 * Enter in the coupon field or its button applies the coupon, Enter in a quantity or "Update cart"
 * updates the cart; anything else (a theme's own button) posts as the server expects.
 */
export function submitIntent(submitterName: string | null, focusedName: string | null): CartIntent {
  if (submitterName === 'apply_coupon' || (submitterName === null && focusedName === 'coupon_code')) return 'apply_coupon';
  if (submitterName === 'update_cart') return 'update_cart';
  if (submitterName === null && focusedName !== null && /^cart\[[^\]]+\]\[qty\]$/.test(focusedName)) return 'update_cart';
  return 'default';
}

export interface ShippingChoice {
  index: string | null;
  value: string;
  type: string;
  checked: boolean;
}

/** `shipping_method[index] = value` for each package: a select, the checked radio, or a lone hidden input. */
export function chosenShippingMethods(inputs: ShippingChoice[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const input of inputs) {
    if (input.type === 'radio' && !input.checked) continue;
    if (!['radio', 'hidden', 'select-one'].includes(input.type)) continue;
    out[input.index ?? '0'] = input.value;
  }
  return out;
}

/**
 * Whether a field of a cart row (its quantity, or a plugin's gift note or add-on) shows something other than what the
 * server rendered (the "Update cart" button is enabled then). Each field is given as two strings: now and as rendered.
 */
export function fieldsChanged(inputs: { value: string; defaultValue: string }[]): boolean {
  return inputs.some((input) => input.value !== input.defaultValue);
}
