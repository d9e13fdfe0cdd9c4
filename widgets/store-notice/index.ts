import type { WidgetDefinition } from '../../mount/types';
import type { StoreNoticeProps } from './schema';

/**
 * The store notice (woocommerce_demo_store): printed hidden, shown unless the shopper dismissed it.
 * `ready`: it sits at the top of every page and must appear at once.
 */
export default {
  name: 'store-notice',
  selector: '.woocommerce-store-notice',
  load: 'ready',
  hold: ['click'],
} satisfies WidgetDefinition<StoreNoticeProps>;
