import { wakeWidgetsOn } from '../../mount/wake';

/**
 * Wakes the address suggestions when the shopper steps into the address they belong to.
 *
 * The suggestions' code loads when the shopper first comes to the street address field (their definition's
 * `interaction`), and the field becomes a combobox as it mounts. A screen reader names a field's role when the focus
 * lands on it, not when the role changes under the focus: loaded only then, the field was announced as a plain text
 * field, and the cue that suggestions exist came with the first list. Woken from the fields before it in the same
 * address (the name, the company, the country), the field is a combobox by the time the shopper reaches it. Where the
 * page declares no suggestions, nothing is pending on the field and the wake does nothing.
 */
const GROUPS = '.woocommerce-billing-fields, .woocommerce-shipping-fields';

export function wakeAddressSuggestions(form: HTMLFormElement): () => void {
  const woken = new Set<Element>();
  const onFocusIn = (event: FocusEvent) => {
    const street = (event.target as Element).closest(GROUPS)?.querySelector('#billing_address_1, #shipping_address_1');
    if (!street || woken.has(street)) return;
    woken.add(street);
    wakeWidgetsOn(street);
  };
  form.addEventListener('focusin', onFocusIn);
  return () => form.removeEventListener('focusin', onFocusIn);
}
