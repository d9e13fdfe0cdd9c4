/**
 * The checkout's fields (checkout.js): what makes a field invalid, which changes ask for an order review
 * update, and the address fields update_order_review sends. Pure: the widget reads the form into these shapes.
 */

export interface FieldState {
  required: boolean;
  email: boolean;
  phone: boolean;
  type: string;
  checked: boolean;
  value: string;
}

export type FieldProblem = 'required' | 'email' | 'phone';

/** validate_field: the problems of one field on change, focus-out or validate (empty list: valid). */
export function fieldProblems(f: FieldState): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (f.required && ((f.type === 'checkbox' && !f.checked) || (f.type !== 'checkbox' && f.value === ''))) problems.push('required');
  if (f.email && f.value !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.value.trim())) problems.push('email');
  if (f.phone && f.value.replace(/[\s#0-9_\-+/().]/g, '').length > 0) problems.push('phone');
  return problems;
}

export const INVALID_CLASSES: Record<FieldProblem, string> = {
  required: 'woocommerce-invalid-required-field',
  email: 'woocommerce-invalid-email',
  phone: 'woocommerce-invalid-phone',
};

/** What kind of field a change or key press came from (the widget answers these with `matches`). */
export interface ChangedField {
  /** A shipping method, the ship-to-different box, or a field the theme marked `update_totals_on_change`. */
  updatesTotals: boolean;
  /** A select in an address (country, state). */
  addressSelect: boolean;
  /** A text field in an address. */
  typedAddress: boolean;
}

/**
 * How a change asks for an update: `now` (after the 5 ms that gathers several changes into one),
 * `when-complete` (only once the address's required fields are filled, so a half-typed address does
 * not price shipping), or not at all. A typed address field's change counts only after the shopper typed
 * in the address (`typing`): a change fired by a script filling the form does not.
 */
export function updateOnChange(field: ChangedField, typing: boolean): 'now' | 'when-complete' | 'none' {
  if (field.updatesTotals) return 'now';
  if (field.addressSelect) return 'when-complete';
  if (field.typedAddress && typing) return 'when-complete';
  return 'none';
}

/** A key typed in an address text field waits for a pause in typing (1000 ms) before the update; Tab only moves on. */
export function updateOnKey(key: string, field: ChangedField): 'after-typing' | 'none' {
  return key !== 'Tab' && field.typedAddress ? 'after-typing' : 'none';
}

/** maybe_update_checkout: the address is complete when none of its required fields is empty. */
export function addressComplete(requiredValues: string[]): boolean {
  return requiredValues.every((value) => value !== '');
}

export interface AddressSnapshot {
  country: string;
  state: string;
  postcode: string;
  city: string;
  address: string;
  address_2: string;
}

/** update_order_review's address fields: billing, and s_* from the shipping address when it is used. */
export function orderReviewAddress(billing: AddressSnapshot, shipping: AddressSnapshot | null): Record<string, string> {
  const s = shipping ?? billing;
  return {
    country: billing.country,
    state: billing.state,
    postcode: billing.postcode,
    city: billing.city,
    address: billing.address,
    address_2: billing.address_2,
    s_country: s.country,
    s_state: s.state,
    s_postcode: s.postcode,
    s_city: s.city,
    s_address: s.address,
    s_address_2: s.address_2,
  };
}
