import { CHECKOUT_STRINGS } from '../../widgets/checkout/strings.ts';
import { BANNER_STRINGS } from '../../widgets/coming-soon-banner/strings.ts';
import { SEARCH_STRINGS } from '../../widgets/instant-search/strings.ts';
import { GALLERY_STRINGS } from '../../widgets/product-gallery/strings.ts';
import { RATING_STRINGS } from '../../widgets/review-rating/strings.ts';
import { SWATCH_STRINGS } from '../../widgets/swatches/strings.ts';

// Every widget's own texts (widgets/<name>/strings.ts), by the widget folder that holds them: the one namespace of
// keys that window.vitrine_strings replaces and the plugin's includes/strings.php offers translators.

export const STRING_TABLES: Record<string, Readonly<Record<string, string>>> = {
  checkout: CHECKOUT_STRINGS,
  'coming-soon-banner': BANNER_STRINGS,
  'instant-search': SEARCH_STRINGS,
  'product-gallery': GALLERY_STRINGS,
  'review-rating': RATING_STRINGS,
  swatches: SWATCH_STRINGS,
};

export const ALL_STRINGS: Readonly<Record<string, string>> = Object.assign({}, ...Object.values(STRING_TABLES));
