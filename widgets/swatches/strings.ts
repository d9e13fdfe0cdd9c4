import { textsOf } from '../../src/strings';

/**
 * The swatches' own texts, the plugin's own defaults where it has one, and the listing buttons' texts WooCommerce
 * prints without a localized one (src/strings.ts says how a site replaces them).
 */
export const SWATCH_STRINGS = {
  swatchOutOfStock: 'out of stock with the chosen options',
  swatchPruned: 'unavailable with the chosen options',
  swatchUnavailable: 'Selected variant is unavailable.',
  addToCart: 'Add to cart',
  selectOptions: 'Select options',
  viewCart: 'View cart',
} as const;

export const t = textsOf(SWATCH_STRINGS);
