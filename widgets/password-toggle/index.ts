import type { WidgetDefinition } from '../../mount/types';
import type { PasswordToggleProps } from './schema';

/** Show/hide button on WooCommerce's password fields (woocommerce.js), for the account and checkout forms. */
export default {
  name: 'password-toggle',
  selector: '.woocommerce form input[type=password]',
  load: 'idle',
} satisfies WidgetDefinition<PasswordToggleProps>;
