import type { WidgetDefinition } from '../../mount/types';
import type { QuantityProps } from './schema';

/**
 * Quantity inputs (global/quantity-input.php): a value under the minimum is raised to it, at
 * load and on every change. Enhance in place: the input stays the server's, so the form posts as is.
 */
export default {
  name: 'quantity',
  selector: '.quantity input.qty',
  load: 'idle',
} satisfies WidgetDefinition<QuantityProps>;
