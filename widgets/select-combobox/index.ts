import type { WidgetDefinition } from '../../mount/types';
import type { SelectComboboxProps } from './schema';

/**
 * The country and state selects of the checkout and the shipping calculator (where WooCommerce loads
 * selectWoo): a searchable combobox drives the native select, which stays in the form (hidden) and
 * posts the value; without JavaScript the native select is the control. The first-paint CSS gives the selects
 * the combobox's box (styles/first-paint.css), so the address fields below do not move when it mounts.
 */
export default {
  name: 'select-combobox',
  selector: 'select.country_select,select.state_select',
} satisfies WidgetDefinition<SelectComboboxProps>;
