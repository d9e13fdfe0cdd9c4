import type { WidgetDefinition } from '../../mount/types';
import type { VariationFormProps } from './schema';

/**
 * The variable product form (add-to-cart-variation.js): matching, option filtering, the single
 * variation block, the button state, quantity limits, SKU/weight/dimensions and the image swap.
 * Enhance in place: the selects stay the server's (and the source of truth), so the form posts as is.
 */
export default {
  name: 'variation-form',
  selector: 'form.variations_form',
  load: 'ready',
  // Until it is there the form posts without its variation, and an Add to cart pressed while a held swatch
  // choice waits for this code would overtake that choice (the add-to-cart form, already there, sends it at
  // once): the submit waits in the held events' queue, behind the choice.
  hold: ['submit'],
  // The variation matching is a chunk of its own (the swatches share it) that the widget's chunk imports: asked
  // for beside it, it arrives with it, and the form mounts one round trip sooner (0.03 KB of the entry).
  alongside: () => import('../../src/variation/matching'),
} satisfies WidgetDefinition<VariationFormProps>;
