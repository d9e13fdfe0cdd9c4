/** What a selection does to the checkout's fields (ADR-13). */
import { emit, on } from '../../src/bus';
import { type AddressType, addressFrom } from '../../src/address-autocomplete/logic';

/** While the list is open, password managers and the browser's own autofill keep away (WooCommerce's set). */
export const IGNORE_ATTRIBUTES: Record<string, string> = {
  autocomplete: 'off',
  'data-lpignore': 'true',
  'data-op-ignore': 'true',
  'data-1p-ignore': 'true',
};

/** How long to wait for the country's state field to be rebuilt (address-fields may still be loading). */
const STATE_FIELD_WAIT_MS = 1000;

type Field = HTMLInputElement | HTMLSelectElement;

/**
 * Fills the address a provider selected: country and address_1 at once; the rest (address_2, city, postcode,
 * state; fields the provider left out are emptied) once the country's state field is in place, which
 * address-fields does on the country's change event. Every changed field then gets one `change` event and the
 * checkout one update request, all in one task, so it sends one update. Returns false when the answer is not
 * an address.
 */
export async function fillAddress(address1: HTMLInputElement, type: AddressType, answer: unknown): Promise<boolean> {
  const address = addressFrom(answer);
  if (!address) return false;
  const field = (key: string) => document.getElementById(`${type}_${key}`) as Field | null;
  const changed = new Set<Field>();
  const set = (element: Field | null, value: string) => {
    if (!element) return;
    const next = element instanceof HTMLSelectElement && !Array.from(element.options).some((o) => o.value === value) ? '' : value;
    if (element.value === next) return;
    element.value = next;
    changed.add(element);
  };

  const country = field('country');
  const countryChanges = country !== null && address.country !== '' && country.value !== address.country;
  let stateReady = !countryChanges;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  const stop = on('address:country-changed', ({ country: code }) => {
    if (code !== address.country) return;
    stateReady = true;
    resolveReady();
  });
  try {
    if (countryChanges && country) {
      set(country, address.country);
      changed.delete(country);
      country.dispatchEvent(new Event('change', { bubbles: true }));
    }
    set(address1, address.address_1);
    if (!stateReady) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([ready, new Promise<void>((resolve) => (timer = setTimeout(resolve, STATE_FIELD_WAIT_MS)))]);
      clearTimeout(timer);
    }
  } finally {
    stop();
  }
  set(field('address_2'), address.address_2);
  set(field('city'), address.city);
  set(field('postcode'), address.postcode);
  const state = field('state');
  if (state && !(state instanceof HTMLInputElement && state.type === 'hidden')) set(state, address.state);
  for (const element of changed) element.dispatchEvent(new Event('change', { bubbles: true }));
  // Typed address fields update the checkout only after a keystroke (checkout.js's dirty input): ask once
  // for the whole address. The checkout coalesces this with the country's and state's own requests.
  if (changed.size > 0 || countryChanges) emit('checkout:update-requested', {});
  return true;
}
