/**
 * Vitrine's own texts: everything a widget shows or announces that neither WooCommerce nor the
 * replaced plugin prints in its localized settings. Texts the page does provide (wc_*_params i18n
 * strings, the swatches plugin's unavailable text, the search plugin's labels, a button's own
 * data-*_text) are read from there first; these are the fallbacks and the rest.
 *
 * How to change them (translation or wording), without rebuilding:
 *   print `window.vitrine_strings` before the bundle, with the keys to replace, for example in PHP
 *     wp_add_inline_script( 'vitrine', 'var vitrine_strings = ' . wp_json_encode( apply_filters(
 *       'vitrine_strings', array( 'searchClose' => __( 'Close search', 'my-theme' ) ) ) ) . ';', 'before' );
 *   Only the keys below are used; a value must be a string; `{name}` placeholders are filled in.
 * Or, for a build of your own, edit the defaults here: they are plain constants.
 */
import { stringOverrides } from './settings';

export const STRINGS = {
  // Instant search
  searchButton: 'Search',
  searchClose: 'Close search',
  searchSuggestions: '{label}: suggestions',
  searchRemoveRecent: 'Remove “{query}” from recent searches',
  searchTooShort: 'Type at least {count} characters to search.',
  searchSearching: 'Searching…',
  searchNoResults: 'No results',
  searchOneResult: '1 result available.',
  searchResults: '{count} results available.',
  searchUnavailable: 'Search suggestions are unavailable. Press Enter to search anyway.',
  searchRecentTitle: 'Recent searches',
  searchKeywordsLabel: 'Popular searches',
  searchCategoriesLabel: 'Categories',
  searchProductsLabel: 'Featured products',
  carouselPrevious: 'Previous products',
  carouselNext: 'Next products',
  carouselPage: '{index} of {count}',
  carouselRating: 'Rated {rating} out of 5',
  carouselSelectOptions: 'Select options for “{name}”',
  carouselAddToCart: 'Add to cart: “{name}”',
  opensInNewTab: ' (opens in a new tab)',
  // Product gallery and lightbox
  galleryThumbnail: 'Image {index} of {count}',
  galleryLoadError: '{link} could not be loaded.',
  galleryLoadErrorLink: 'The image',
  galleryShare: 'Share',
  galleryFullscreen: 'Toggle fullscreen',
  shareFacebook: 'Share on Facebook',
  shareX: 'Share on X (Twitter)',
  sharePinterest: 'Pin it',
  shareDownload: 'Download image',
  // Swatches (the plugin's own defaults where it has one)
  swatchOutOfStock: 'out of stock with the chosen options',
  swatchPruned: 'unavailable with the chosen options',
  swatchUnavailable: 'Selected variant is unavailable.',
  // Buttons and notices WooCommerce prints without a localized text
  addToCart: 'Add to cart',
  selectOptions: 'Select options',
  viewCart: 'View cart',
  dismiss: 'Dismiss',
  ratingStars: '{n} of 5 stars',
} as const;

export type StringKey = keyof typeof STRINGS;

/** The text for `key` (the site's replacement if it printed one), with `{name}` placeholders filled. */
export function t(key: StringKey, values: Record<string, string | number> = {}): string {
  const template = stringOverrides()[key] ?? STRINGS[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
