/**
 * Wakes the address suggestions when the shopper steps into the address they belong to.
 *
 * The suggestions' code loads when the shopper first comes to the street address field (their definition's
 * `interaction`), and the field becomes a combobox as it mounts. A screen reader names a field's role when the focus
 * lands on it, not when the role changes under the focus: loaded only then, the field was announced as a plain text
 * field, and the cue that suggestions exist came with the first list. Woken from the fields before it in the same
 * address (the name, the company, the country), the field is a combobox by the time the shopper reaches it.
 *
 * The wake is the event the entry hears from a pending widget's element (mount/early.ts). It does not bubble, so no
 * script but one listening on the field itself (or capturing above it) hears it.
 */
const GROUPS = '.woocommerce-billing-fields, .woocommerce-shipping-fields';

export function wakeAddressSuggestions(form: HTMLFormElement): () => void {
  const woken = new Set<Element>();
  const onFocusIn = (event: FocusEvent) => {
    const group = (event.target as Element).closest(GROUPS);
    const street = group?.querySelector('#billing_address_1, #shipping_address_1');
    if (!street || street === event.target || woken.has(street)) return;
    woken.add(street);
    street.dispatchEvent(new Event('pointerover'));
  };
  if (!('wc_address_autocomplete_common_params' in globalThis)) return () => {};
  form.addEventListener('focusin', onFocusIn);
  return () => form.removeEventListener('focusin', onFocusIn);
}
