import type { WidgetDefinition } from '../../mount/types';
import type { ProductTabsProps } from './schema';

/**
 * Product tabs (single-product.js, tabs markup v9.8). Enhance in place: the server's tablist and
 * panels already carry the ARIA roles and the classes theme CSS styles; we only drive which one is
 * open, the roving tabindex and the keys. Ready: the right panel must show before the shopper reads.
 */
export default {
  name: 'product-tabs',
  selector: '.wc-tabs-wrapper',
  load: 'ready',
  hold: ['click'],
} satisfies WidgetDefinition<ProductTabsProps>;
