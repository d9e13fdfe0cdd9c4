/**
 * Pure rules of the swatches: WooCommerce's variation matching ('' in a variation means "any value"),
 * the disable-out-of-stock test, toggling, keyboard movement in a radio group and the add request.
 * No DOM here; everything is tested exhaustively in test/unit/swatches/.
 */

import type { VariationData } from '../../src/events';
import {
  type AttributeMap,
  combinationKey,
  findVariation as firstMatch,
  isPurchasable,
  optionAvailability,
  optionAvailabilityFromAnswers,
  variationMatches,
} from '../../src/variation/matching';

/** attribute name (`attribute_pa_color`) → chosen slug ('' = nothing chosen). Matching is the variation form's (src/variation). */
export type Chosen = AttributeMap;

export type VariationLike = Pick<VariationData, 'variation_id' | 'attributes' | 'is_in_stock' | 'is_purchasable' | 'variation_is_visible'>;

export interface AttributeGroup {
  attribute: string;
  slugs: readonly string[];
}

export function allChosen(chosen: Chosen, attributes: readonly string[]): boolean {
  return attributes.length > 0 && attributes.every((name) => (chosen[name] ?? '') !== '');
}

/** The variation for a complete choice, or null while something is unchosen or nothing matches. */
export function findVariation<V extends VariationData>(variations: readonly V[], chosen: Chosen, attributes: readonly string[]): V | null {
  return allChosen(chosen, attributes) ? firstMatch(variations, chosen) : null;
}

/** Whether a matched variation can be bought (the variation form's rule): the listing button is marked unavailable otherwise. */
export function isAvailable(variation: VariationData): boolean {
  return isPurchasable(variation);
}

/** SWT-02/03: clicking the chosen slug clears the attribute, any other slug replaces the choice. */
export function toggleChoice(chosen: Chosen, attribute: string, slug: string): Chosen {
  return { ...chosen, [attribute]: chosen[attribute] === slug ? '' : slug };
}

/**
 * SWT-05: an option is disabled when no in-stock variation matches it together with the choices of the
 * OTHER attributes (its own attribute's choice is what the shopper would replace). SWT-06: with the
 * setting off, nothing is ever disabled. Returns attribute → disabled slugs.
 */
export function outOfStockOptions(
  variations: readonly VariationLike[] | null,
  chosen: Chosen,
  groups: readonly AttributeGroup[],
  disableOutOfStock: boolean,
): Map<string, Set<string>> {
  const disabled = new Map<string, Set<string>>();
  if (!disableOutOfStock || !variations) return disabled;
  for (const { attribute, slugs } of groups) {
    const off = new Set<string>();
    for (const slug of slugs) {
      const candidate = { ...chosen, [attribute]: slug };
      const inStock = variations.some((variation) => variation.is_in_stock !== false && variationMatches(variation.attributes, candidate));
      if (!inStock) off.add(slug);
    }
    if (off.size > 0) disabled.set(attribute, off);
  }
  return disabled;
}

/**
 * The shop card has no variation form to prune its selects, so it filters its options itself, with
 * the variation form's rules (src/variation/matching, VAR-07): an option no variation (or only an
 * inactive one) offers together with the other choices cannot be chosen. Embedded variations answer
 * for every option; without them (`data-product_variations="false"`) only combinations get_variation
 * already answered "none" for are known (`dead`, keys made by `combinationKey`). Returns attribute → slugs.
 */
export function impossibleOptions(
  variations: readonly VariationData[] | null,
  chosen: Chosen,
  groups: readonly AttributeGroup[],
  dead: ReadonlySet<string> = new Set(),
): Map<string, Set<string>> {
  const values: Record<string, readonly string[]> = {};
  for (const { attribute, slugs } of groups) values[attribute] = slugs;
  const states = variations
    ? optionAvailability(variations, chosen, values)
    : optionAvailabilityFromAnswers(
        groups.map((group) => group.attribute),
        chosen,
        values,
        dead,
      );
  const off = new Map<string, Set<string>>();
  for (const [attribute, bySlug] of Object.entries(states)) {
    const gone = new Set(Object.keys(bySlug).filter((slug) => bySlug[slug] !== 'enabled'));
    if (gone.size > 0) off.set(attribute, gone);
  }
  return off;
}

/** The key under which a complete choice is remembered as having no variation. */
export function choiceKey(chosen: Chosen, attributes: readonly string[]): string {
  return combinationKey(attributes, chosen);
}

/** Slugs with no `<option>` left (or a disabled one) in the select: WooCommerce pruned them (§2.3.2). */
export function prunedSlugs(slugs: readonly string[], available: ReadonlyMap<string, boolean>): Set<string> {
  return new Set(slugs.filter((slug) => available.get(slug) !== true));
}

/** SWT-13: ids must be positive integers; anything else leaves the default click. */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) return null;
  const id = Number.parseInt(value, 10);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** `data-selected_variant` and the request's `variation[...]`: only the chosen attributes. */
export function selectedVariant(chosen: Chosen, attributes: readonly string[]): Record<string, string> {
  const variant: Record<string, string> = {};
  for (const name of attributes) {
    const value = chosen[name] ?? '';
    if (value !== '') variant[name] = value;
  }
  return variant;
}

/** The admin-ajax cfvsw_ajax_add_to_cart body (without the action, which adminAjax adds). */
export function addToCartFields(
  nonce: string,
  productId: number,
  variationId: number,
  variant: Readonly<Record<string, string>>,
  quantity = 1,
): Record<string, string | number | Record<string, string>> {
  return { security: nonce, product_id: productId, variation_id: variationId, quantity, variation: { ...variant } };
}

/** `attribute_pa_color` → "Color", `attribute_fabric-type` → "Fabric type": a name when the page prints no label. */
export function attributeLabel(attribute: string): string {
  const bare = attribute.replace(/^attribute_/, '').replace(/^pa_/, '');
  const words = bare.replace(/[-_]+/g, ' ').trim();
  if (words === '') return attribute;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type RovingKey = 'ArrowRight' | 'ArrowDown' | 'ArrowLeft' | 'ArrowUp' | 'Home' | 'End';

export function isRovingKey(key: string): key is RovingKey {
  return ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Home', 'End'].includes(key);
}

/**
 * WAI-ARIA radio group movement: arrows wrap, Home and End go to the ends. Unavailable options that
 * can still take focus (blur, blur-cross) stay reachable so their reason is heard; options that cannot
 * (hidden by `cfvsw-swatches-hide`) are skipped, so focus and the tab stop never land on nothing.
 * Returns -1 when no option can take focus.
 */
export function nextIndex(current: number, key: RovingKey, count: number, canFocus: (index: number) => boolean = () => true): number {
  if (count <= 0) return -1;
  const scan = (start: number, step: 1 | -1): number => {
    for (let offset = 0; offset < count; offset++) {
      const index = (((start + step * offset) % count) + count) % count;
      if (canFocus(index)) return index;
    }
    return -1;
  };
  switch (key) {
    case 'Home':
      return scan(0, 1);
    case 'End':
      return scan(count - 1, -1);
    case 'ArrowRight':
    case 'ArrowDown':
      return scan(current + 1, 1);
    default:
      return scan(current - 1, -1);
  }
}

/**
 * The option that carries tabindex=0, always one that can take focus: the chosen one, else the first
 * enabled one, else the first focusable one (disabled but announced); -1 when every option is hidden.
 */
export function tabStop(slugs: readonly string[], chosenSlug: string, disabled: ReadonlySet<string>, hidden: ReadonlySet<string> = new Set()): number {
  const chosenIndex = slugs.indexOf(chosenSlug);
  if (chosenSlug !== '' && chosenIndex >= 0 && !hidden.has(chosenSlug)) return chosenIndex;
  const firstEnabled = slugs.findIndex((slug) => !disabled.has(slug) && !hidden.has(slug));
  return firstEnabled >= 0 ? firstEnabled : slugs.findIndex((slug) => !hidden.has(slug));
}

export type SwatchType = 'color' | 'image' | 'label';

/** SWT-07: no tooltip for label swatches or an empty tooltip text. */
export function hasTooltip(type: SwatchType, tooltip: string): boolean {
  return type !== 'label' && tooltip.trim() !== '';
}
