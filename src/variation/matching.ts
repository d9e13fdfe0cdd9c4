/**
 * Variation matching and option filtering: pure rules shared by the variation form and any other
 * view of the same choice (swatches). An attribute value of "" means "any", on either side.
 */
import type { VariationData } from '../events';

/** attribute name (e.g. `attribute_pa_color`) → chosen slug; "" means nothing chosen. */
export type AttributeMap = Readonly<Record<string, string>>;

/** How an option of one attribute stands against the other chosen attributes. */
export type OptionAvailability = 'enabled' | 'inactive' | 'unavailable';

/** VAR-11: two values match when they are equal or either one is empty (or absent). */
export function valuesMatch(a: string | undefined, b: string | undefined): boolean {
  return a === undefined || b === undefined || a === '' || b === '' || a === b;
}

/** Whether a variation's attributes agree with the chosen ones (attributes it lacks are ignored). */
export function variationMatches(variationAttributes: AttributeMap, chosen: AttributeMap): boolean {
  for (const [name, value] of Object.entries(variationAttributes)) {
    if (!valuesMatch(value, chosen[name])) return false;
  }
  return true;
}

export function findMatchingVariations<V extends VariationData>(variations: readonly V[], chosen: AttributeMap): V[] {
  return variations.filter((variation) => variationMatches(variation.attributes, chosen));
}

/** The variation a complete choice designates: the first match, as WooCommerce takes it. */
export function findVariation<V extends VariationData>(variations: readonly V[], chosen: AttributeMap): V | null {
  return variations.find((variation) => variationMatches(variation.attributes, chosen)) ?? null;
}

/** purchasable = is_purchasable && is_in_stock && variation_is_visible (VAR-03). */
export function isPurchasable(variation: VariationData): boolean {
  return variation.is_purchasable === true && variation.is_in_stock === true && variation.variation_is_visible === true;
}

export function countChosen(attributes: readonly string[], chosen: AttributeMap): number {
  return attributes.filter((name) => (chosen[name] ?? '') !== '').length;
}

/**
 * Option value → availability, with no prototype: values are the shop's own text, and one named `__proto__`,
 * `constructor` or `toString` must be a key like any other (on a plain object the first sets the prototype and
 * the others are found there before they are set).
 */
function optionStates(): Record<string, OptionAvailability> {
  return Object.create(null) as Record<string, OptionAvailability>;
}

/**
 * VAR-07: for each attribute, which of its option values still match the OTHER chosen attributes.
 * A value is `enabled` when an active variation carries it (or carries "any"), `inactive` when only
 * inactive variations do (shown but not choosable, as WooCommerce disables them), else `unavailable`.
 */
export function optionAvailability(
  variations: readonly VariationData[],
  chosen: AttributeMap,
  optionValues: Readonly<Record<string, readonly string[]>>,
): Record<string, Record<string, OptionAvailability>> {
  const result: Record<string, Record<string, OptionAvailability>> = {};
  for (const [attribute, values] of Object.entries(optionValues)) {
    const others: Record<string, string> = { ...chosen, [attribute]: '' };
    const states = optionStates();
    for (const value of values) states[value] = 'unavailable';
    const raise = (value: string, active: boolean) => {
      if (!Object.hasOwn(states, value)) return;
      if (active) states[value] = 'enabled';
      else if (states[value] === 'unavailable') states[value] = 'inactive';
    };
    for (const variation of findMatchingVariations(variations, others)) {
      const own = variation.attributes[attribute] ?? '';
      const active = variation.variation_is_active !== false;
      if (own === '') for (const value of values) raise(value, active);
      else raise(own, active);
    }
    result[attribute] = states;
  }
  return result;
}

/**
 * Ajax mode knows no variation list, only the answers get_variation gave. A value is unavailable when
 * choosing it would complete a combination the server already said has no variation; all else stays
 * enabled (the server decides), and so does the current choice. `deadCombinations` holds keys made by `combinationKey`.
 */
export function optionAvailabilityFromAnswers(
  attributes: readonly string[],
  chosen: AttributeMap,
  optionValues: Readonly<Record<string, readonly string[]>>,
  deadCombinations: ReadonlySet<string>,
): Record<string, Record<string, OptionAvailability>> {
  const result: Record<string, Record<string, OptionAvailability>> = {};
  for (const attribute of attributes) {
    const states = optionStates();
    const othersChosen = attributes.every((name) => name === attribute || (chosen[name] ?? '') !== '');
    for (const value of optionValues[attribute] ?? []) {
      // The current choice stays (its no-matching message must stay readable); the others go.
      const dead =
        othersChosen && value !== chosen[attribute] && deadCombinations.has(combinationKey(attributes, { ...chosen, [attribute]: value }));
      states[value] = dead ? 'unavailable' : 'enabled';
    }
    result[attribute] = states;
  }
  return result;
}

/** A stable key for a complete choice, in the form's attribute order. */
export function combinationKey(attributes: readonly string[], chosen: AttributeMap): string {
  return JSON.stringify(attributes.map((name) => chosen[name] ?? ''));
}

/** The chosen attributes that a filter no longer allows (to be reset to "", as WooCommerce does). */
export function invalidChoices(
  chosen: AttributeMap,
  availability: Readonly<Record<string, Readonly<Record<string, OptionAvailability>>>>,
): string[] {
  return Object.entries(chosen)
    .filter(([name, value]) => value !== '' && availability[name]?.[value] !== undefined && availability[name]?.[value] !== 'enabled')
    .map(([name]) => name);
}
