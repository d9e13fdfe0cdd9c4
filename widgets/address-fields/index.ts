import type { WidgetDefinition } from '../../mount/types';
import type { AddressFieldsProps } from './schema';

/**
 * A country field (`.country_to_state`, in the checkout addresses and the cart's shipping calculator):
 * the state field becomes a select, a text input or hidden for the country, and labels, required
 * marks, placeholders and field order follow the country's locale (country-select.js, address-i18n.js).
 */
export default {
  name: 'address-fields',
  selector: 'select.country_to_state,input.country_to_state',
  load: 'idle',
  hold: ['change'],
} satisfies WidgetDefinition<AddressFieldsProps>;
