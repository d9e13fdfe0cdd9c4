import type { WidgetDefinition } from '../../mount/types';
import type { AddressAutocompleteProps } from './schema';

/**
 * Address suggestions on the checkout's billing and shipping `address_1` fields (address-autocomplete.js),
 * from providers registered on `window.wc.addressAutocomplete`. Only where the page declares providers
 * (`wc_address_autocomplete_common_params`). Enhance: the field stays the server's and keeps what was typed.
 *
 * Loaded when the shopper first comes to the field (pointer, focus, key, or the browser's autofill writing into it), or
 * to a field before it in the same address (the checkout wakes it: widgets/checkout/address-wake.ts), with the list's
 * code beside it: a returning customer whose saved address the checkout prints, or a shopper who
 * never reaches the field, does not download it (docs/decisions.md, "Address suggestions load when the shopper comes
 * to the address field"). Providers register meanwhile with the plugin's stub, which queues them; what was typed
 * before the code came is searched as it mounts.
 */
export default {
  name: 'address-autocomplete',
  selector: () => ('wc_address_autocomplete_common_params' in globalThis ? ['#billing_address_1,#shipping_address_1'] : []),
  load: 'interaction',
  // The list's code beside the widget's, not a round trip after it. Without it the widget does not mount, and the field
  // stays the server's plain field, as a widget whose list cannot come would leave it.
  alongside: (_element, importWidget) => importWidget('address-autocomplete-list'),
} satisfies WidgetDefinition<AddressAutocompleteProps>;
