import type { WidgetDefinition } from '../../mount/types';
import type { InstantSearchProps } from './schema';

/**
 * Smart WooCommerce Search's instant search (reference search-and-swatches.md §1) as an ARIA 1.2
 * combobox. The selector covers every form a `swsL10n.widgets[id].selector` can name: the plugin's
 * own widget and shortcode (`.ysm-search-widget-{id}`), the core search widget and blocks it enhances
 * (`default`), WooCommerce's product search (`product`) and Avada's form; the props reader then picks
 * the entry whose selector really matches and skips forms no entry claims.
 * Replace: the form's markup gains a combobox, a listbox and a live region, so it is re-rendered
 * with the same classes, label, hidden fields and button; the server form comes back on failure.
 * Loaded when the browser is idle, not on interaction: swapping the form under the shopper's fingers
 * would cost them focus; text typed before the swap is carried over.
 */
export default {
  name: 'instant-search',
  selector: [
    '.ysm-search-widget form',
    '.widget_search form',
    '.widget_product_search form',
    'form.woocommerce-product-search',
    'form.wp-block-search.sws-search-block-default',
    'form.wp-block-search.sws-search-block-product',
    'form.fusion-search-form',
  ].join(', '),
  load: 'idle',
  takeover: 'replace',
  props: (element) => import('./widget').then((widget) => widget.readProps(element)),
  component: () => import('./widget'),
} satisfies WidgetDefinition<InstantSearchProps>;
