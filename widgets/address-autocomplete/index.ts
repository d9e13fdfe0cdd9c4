import type { WidgetDefinition } from '../../mount/types';
import type { AddressAutocompleteProps } from './schema';

/**
 * Address suggestions on the checkout's billing and shipping `address_1` fields (address-autocomplete.js),
 * from providers registered on `window.wc.addressAutocomplete`. Only where the page declares providers
 * (`wc_address_autocomplete_common_params`). Enhance: the field stays the server's and keeps what was typed.
 */
export default {
  name: 'address-autocomplete',
  selector: () => ('wc_address_autocomplete_common_params' in globalThis ? ['#billing_address_1', '#shipping_address_1'] : []),
  load: 'idle',
} satisfies WidgetDefinition<AddressAutocompleteProps>;
