import type { WidgetDefinition } from '../../mount/types';
import type { SwatchesProps } from './schema';

/**
 * Variation Swatches (search-and-swatches.md §2): one root per variations form, so every attribute
 * group of a product shares one state: the shop card's `div.cfvsw_variations_form`, or the product
 * page's `form.variations_form` when it holds swatches (`:has()`, so a plain variable product never
 * downloads this chunk). Enhance in place: the plugin's
 * option divs already carry everything (classes, data-slug, data-title, swatches-attr) that theme
 * CSS and other code address, so they stay and gain roles, states and handlers; the hidden selects
 * stay the source of truth and post with the form.
 *
 * Loaded `ready`, not `idle`: until it mounts a tap on a card swatch follows the product link and a
 * product-page swatch does nothing, and requestIdleCallback may wait up to 2 s on a busy page. Not
 * `visible` either: one chunk serves every card, and a card scrolled to fast must already work.
 */
export default {
  name: 'swatches',
  selector: '.cfvsw_variations_form,form.variations_form:has(.cfvsw-swatches-container)',
  load: 'ready',
  hold: ['click'],
  // A shop card's code (loop.ts) beside the widget's chunk, not one round trip after it; a product page's
  // form (the one form this selector takes) does without it.
  alongside: (element, importWidget) => !element.matches('form') && importWidget('swatches-loop'),
  // Without the widget the plugin's hidden selects are the only way to choose (inline !important beats its rule).
  fallback: (element) => {
    for (const select of element.querySelectorAll<HTMLElement>('.cfvsw-hidden-select')) select.style.setProperty('display', 'block', 'important');
  },
} satisfies WidgetDefinition<SwatchesProps>;
