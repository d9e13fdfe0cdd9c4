/** Pure rules of the checkout (checkout.js). */

/** checkout.js waits 5 ms after an update request (several fields change at once) and 1000 ms after typing. */
export const UPDATE_DELAY_MS = 5;
export const TYPING_DELAY_MS = 1000;

export type CheckoutAnswer =
  | { kind: 'success'; redirect: string }
  | { kind: 'failure'; messages: string; refresh: boolean; reload: boolean }
  | { kind: 'invalid' };

function asAnswer(value: unknown): CheckoutAnswer | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (v.result === 'success' && typeof v.redirect === 'string' && v.redirect !== '') return { kind: 'success', redirect: v.redirect };
  if (v.result === 'failure' || v.reload === true || v.refresh === true) {
    return { kind: 'failure', messages: typeof v.messages === 'string' ? v.messages : '', refresh: v.refresh === true, reload: v.reload === true };
  }
  return null;
}

/**
 * The checkout's answer, repaired as checkout.js repairs it: a PHP notice printed before the JSON is
 * skipped by taking the first `{"result…}` object. Anything else is 'invalid' (never a redirect).
 */
export function parseCheckoutAnswer(text: string): CheckoutAnswer {
  try {
    const direct = asAnswer(JSON.parse(text));
    if (direct) return direct;
  } catch {
    const embedded = /\{"result.*\}/s.exec(text)?.[0];
    if (embedded) {
      try {
        const repaired = asAnswer(JSON.parse(embedded));
        if (repaired) return repaired;
      } catch {
        // not JSON either
      }
    }
  }
  return { kind: 'invalid' };
}

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

/**
 * Keeps only the newest of overlapping requests: each `next()` returns a ticket, and an answer is
 * applied only while its ticket is still `current` (checkout.js aborts the previous xhr; a late
 * answer that got through anyway is dropped here).
 */
export function createLatest() {
  let counter = 0;
  return {
    next: () => ++counter,
    current: (ticket: number) => ticket === counter,
  };
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
