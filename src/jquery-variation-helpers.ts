/**
 * The small jQuery plugins add-to-cart-variation.js defines beside `wc_variation_form`, which swatch and gallery
 * plugins call on a product's form and its elements with nothing but jQuery checked first (YITH's colour and label
 * swatches: `$form.wc_variations_image_update(variation)`). With Vitrine in its place they were missing, and the call
 * threw. Where jQuery is, the bridge provides the missing ones:
 *
 * - `wc_set_content(text)` / `wc_reset_content()`: an element's text, its original kept in `data-o_content`;
 * - `wc_set_variation_attr(name, value)` / `wc_reset_variation_attr(name)`: an attribute, its original in
 *   `data-o_<name>` (`false` removes it);
 * - `wc_variations_image_update(variation)` / `wc_variations_image_reset()` on the form: the product image follows the
 *   variation as the variation form shows it (Vitrine's gallery, or WooCommerce's own image swap in
 *   widgets/variation-form/gallery-image.ts), asked for through the form widget's own chunk.
 *
 * Each returns the set, so a caller's chain goes on (WooCommerce's return nothing; a chain on them threw there).
 */
import { emit } from './bus';
import type { VariationData } from './events';

interface JQuerySet extends ArrayLike<Element> {
  attr(name: string): string | undefined;
  attr(name: string, value: string): JQuerySet;
  removeAttr(name: string): JQuerySet;
  text(): string;
  text(value: string): JQuerySet;
}

type Helper = (this: JQuerySet, ...args: never[]) => JQuerySet;

function showVariationImage(set: JQuerySet, variation: VariationData | null): JQuerySet {
  const form = set[0];
  if (form instanceof HTMLFormElement) {
    void import('../widgets/variation-form/widget').then(({ updateGalleryImage }) => {
      emit('gallery:image-requested', { form, variation });
      updateGalleryImage(form, variation);
    });
  }
  return set;
}

const HELPERS: Record<string, Helper> = {
  wc_set_content(this: JQuerySet, content: string) {
    if (this.attr('data-o_content') === undefined) this.attr('data-o_content', this.text());
    return this.text(content);
  },
  wc_reset_content(this: JQuerySet) {
    const original = this.attr('data-o_content');
    return original === undefined ? this : this.text(original);
  },
  wc_set_variation_attr(this: JQuerySet, name: string, value: string | false) {
    if (this.attr(`data-o_${name}`) === undefined) this.attr(`data-o_${name}`, this.attr(name) || '');
    return value === false ? this.removeAttr(name) : this.attr(name, value);
  },
  wc_reset_variation_attr(this: JQuerySet, name: string) {
    const original = this.attr(`data-o_${name}`);
    return original === undefined ? this : this.attr(name, original);
  },
  wc_variations_image_update(this: JQuerySet, variation: VariationData | null) {
    return showVariationImage(this, variation ?? null);
  },
  wc_variations_image_reset(this: JQuerySet) {
    return showVariationImage(this, null);
  },
};

/** Adds each helper jQuery lacks to `fn` (an original printed for a kept script stays). */
export function provideVariationHelpers(fn: Record<string, unknown>): void {
  for (const [name, helper] of Object.entries(HELPERS)) {
    if (typeof fn[name] !== 'function') fn[name] = helper;
  }
}
