import type { WidgetDefinition } from '../../mount/types';
import type { FilterSwatchesProps } from './schema';

/**
 * Layered-nav filter lists with swatches (SWT-08, search-and-swatches.md §2.2): the term links stay
 * plain links; the list gets the plugin's `cfvsw-filters` class, each swatch-only link an accessible
 * name, and the chosen term a visible and announced state. Enhance in place.
 */
export default {
  name: 'filter-swatches',
  selector: 'ul.woocommerce-widget-layered-nav-list',
  load: 'idle',
} satisfies WidgetDefinition<FilterSwatchesProps>;
