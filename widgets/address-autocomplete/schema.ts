import { PropsError } from '../../mount/errors';
import type { AddressType } from '../../src/address-autocomplete/logic';
import { type AddressAutocompleteApi, installRegistry } from '../../src/address-autocomplete/registry';

export interface AddressAutocompleteProps {
  type: AddressType;
  /** The registry on window.wc.addressAutocomplete (installed here, once per page). */
  registry: AddressAutocompleteApi;
}

/** The field must be a text input named billing_address_1 or shipping_address_1 (its address type). */
export function readAddressAutocompleteProps(element: Element): AddressAutocompleteProps {
  if (!(element instanceof HTMLInputElement) || !['text', 'search', ''].includes(element.getAttribute('type') ?? '')) {
    throw new PropsError('element', 'expected a text <input>');
  }
  const type = /^(billing|shipping)_address_1$/.exec(element.name || element.id)?.[1];
  if (type !== 'billing' && type !== 'shipping') throw new PropsError('name', 'expected billing_address_1 or shipping_address_1');
  return { type, registry: installRegistry() };
}
