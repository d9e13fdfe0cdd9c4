import type { WidgetDefinition } from '../../mount/types';

/** The catalogue "sort by" select: choosing an order submits its form (woocommerce.js). */
export default {
  name: 'catalog-ordering',
  selector: 'form.woocommerce-ordering select.orderby',
  load: 'idle',
  hold: ['change'],
} satisfies WidgetDefinition<Record<string, never>>;
