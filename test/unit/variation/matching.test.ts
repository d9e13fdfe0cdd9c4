import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VariationData } from '../../../src/events';
import {
  combinationKey,
  findVariation,
  invalidChoices,
  isPurchasable,
  optionAvailability,
  optionAvailabilityFromAnswers,
  valuesMatch,
  variationMatches,
} from '../../../src/variation/matching';

// The Variable Tee of test/fixtures/captures/product-variable.html (ids 13–16, blue/medium out of stock).
const tee = (id: number, color: string, size: string, extra: Partial<VariationData> = {}): VariationData => ({
  variation_id: id,
  attributes: { attribute_pa_color: color, attribute_pa_size: size },
  is_purchasable: true,
  is_in_stock: true,
  variation_is_visible: true,
  variation_is_active: true,
  ...extra,
});
const TEE = [tee(13, 'red', 'small'), tee(14, 'red', 'medium'), tee(15, 'blue', 'small'), tee(16, 'blue', 'medium', { is_in_stock: false })];
const TEE_OPTIONS = { attribute_pa_color: ['red', 'blue'], attribute_pa_size: ['small', 'medium'] };

const slug = fc.constantFrom('', 'a', 'b', 'c');
const ATTRS = ['attribute_x', 'attribute_y', 'attribute_z'] as const;
const attributeMap = fc.record({ attribute_x: slug, attribute_y: slug, attribute_z: slug });
const variationArb = fc.record({
  variation_id: fc.nat(),
  attributes: attributeMap,
  variation_is_active: fc.boolean(),
});

describe('variation matching', () => {
  it('VAR-11 an empty value on either side matches any value', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        return valuesMatch('', value) && valuesMatch(value, '') && variationMatches({ a: '' }, { a: value }) && variationMatches({ a: value }, { a: '' });
      }),
    );
  });

  it('VAR-11 two non-empty different values never match', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => a === b || !valuesMatch(a, b)));
  });

  it('finds the variation of a complete choice and none for an impossible one', () => {
    expect(findVariation(TEE, { attribute_pa_color: 'blue', attribute_pa_size: 'small' })?.variation_id).toBe(15);
    expect(findVariation(TEE, { attribute_pa_color: 'green', attribute_pa_size: 'small' })).toBeNull();
    // A variation with "any" size matches every size.
    const anySize = [tee(20, 'red', '')];
    expect(findVariation(anySize, { attribute_pa_color: 'red', attribute_pa_size: 'medium' })?.variation_id).toBe(20);
  });

  it('VAR-03 purchasable needs purchasable, in stock and visible', () => {
    expect(isPurchasable(TEE[0]!)).toBe(true);
    expect(isPurchasable(TEE[3]!)).toBe(false);
    expect(isPurchasable(tee(1, 'a', 'b', { is_purchasable: false }))).toBe(false);
    expect(isPurchasable(tee(1, 'a', 'b', { variation_is_visible: false }))).toBe(false);
  });

  it('VAR-07 options are filtered to those matching the other chosen attributes', () => {
    const variations = [tee(1, 'red', 'small'), tee(2, 'blue', 'medium')];
    const availability = optionAvailability(variations, { attribute_pa_color: 'red', attribute_pa_size: '' }, TEE_OPTIONS);
    expect(availability.attribute_pa_size).toEqual({ small: 'enabled', medium: 'unavailable' });
    // The attribute's own choice does not filter its own options.
    expect(availability.attribute_pa_color).toEqual({ red: 'enabled', blue: 'enabled' });
  });

  it('VAR-07 an inactive variation leaves its option shown but not choosable', () => {
    const variations = [tee(1, 'red', 'small'), tee(2, 'red', 'medium', { variation_is_active: false })];
    const availability = optionAvailability(variations, { attribute_pa_color: 'red', attribute_pa_size: '' }, TEE_OPTIONS);
    expect(availability.attribute_pa_size).toEqual({ small: 'enabled', medium: 'inactive' });
  });

  it('VAR-07 filtering never removes a valid current choice', () => {
    fc.assert(
      fc.property(fc.array(variationArb, { minLength: 1, maxLength: 8 }), fc.nat(), (variations, pick) => {
        const chosenFrom = variations[pick % variations.length]!;
        if (!chosenFrom.variation_is_active) return true;
        // Choose what that active variation carries (its "any" becomes a concrete value).
        const chosen = Object.fromEntries(ATTRS.map((name) => [name, chosenFrom.attributes[name] || 'a']));
        const options = Object.fromEntries(ATTRS.map((name) => [name, ['a', 'b', 'c']]));
        const availability = optionAvailability(variations as VariationData[], chosen, options);
        return ATTRS.every((name) => availability[name]![chosen[name]!] === 'enabled') && invalidChoices(chosen, availability).length === 0;
      }),
    );
  });

  it('VAR-07 option values named like built-in properties (__proto__, constructor, valueOf) are judged like any other', () => {
    const sizes = { attribute_pa_color: ['red'], attribute_pa_size: ['__proto__', 'constructor', 'toString'] };
    // A variation carries `valueOf`, which is no option: it must not show up as one.
    const variations = [tee(1, 'red', 'constructor'), tee(2, 'red', 'valueOf')];
    const availability = optionAvailability(variations, { attribute_pa_color: 'red', attribute_pa_size: '' }, sizes);
    expect({ ...availability.attribute_pa_size }).toEqual(Object.fromEntries([['__proto__', 'unavailable'], ['constructor', 'enabled'], ['toString', 'unavailable']]));
    const attributes = ['attribute_pa_color', 'attribute_pa_size'];
    const fromAnswers = optionAvailabilityFromAnswers(attributes, { attribute_pa_color: 'red', attribute_pa_size: '' }, sizes, new Set());
    expect(Object.keys(fromAnswers.attribute_pa_size!)).toEqual(['__proto__', 'constructor', 'toString']);
  });

  it('VAR-07 every enabled option leads to at least one matching variation', () => {
    fc.assert(
      fc.property(fc.array(variationArb, { maxLength: 8 }), attributeMap, (variations, chosen) => {
        const options = Object.fromEntries(ATTRS.map((name) => [name, ['a', 'b', 'c']]));
        const availability = optionAvailability(variations as VariationData[], chosen, options);
        return ATTRS.every((name) =>
          Object.entries(availability[name]!).every(
            ([value, status]) => status !== 'enabled' || variations.some((v) => variationMatches(v.attributes, { ...chosen, [name]: value })),
          ),
        );
      }),
    );
  });

  it('VAR-07 ajax mode disables only the option that completes a combination the server refused', () => {
    const attributes = ['attribute_pa_color', 'attribute_pa_size'];
    const dead = new Set([combinationKey(attributes, { attribute_pa_color: 'blue', attribute_pa_size: 'medium' })]);
    const withBlue = optionAvailabilityFromAnswers(attributes, { attribute_pa_color: 'blue', attribute_pa_size: '' }, TEE_OPTIONS, dead);
    expect(withBlue.attribute_pa_size).toEqual({ small: 'enabled', medium: 'unavailable' });
    const nothing = optionAvailabilityFromAnswers(attributes, { attribute_pa_color: '', attribute_pa_size: '' }, TEE_OPTIONS, dead);
    expect(nothing.attribute_pa_size).toEqual({ small: 'enabled', medium: 'enabled' });
    // The refused choice itself stays chosen, so its no-matching message stays readable.
    const refused = optionAvailabilityFromAnswers(attributes, { attribute_pa_color: 'blue', attribute_pa_size: 'medium' }, TEE_OPTIONS, dead);
    expect(refused.attribute_pa_size).toEqual({ small: 'enabled', medium: 'enabled' });
  });

  it('reports chosen values a filter no longer allows', () => {
    expect(invalidChoices({ a: 'x', b: '' }, { a: { x: 'unavailable' }, b: {} })).toEqual(['a']);
    expect(invalidChoices({ a: 'x' }, { a: { x: 'inactive' } })).toEqual(['a']);
    expect(invalidChoices({ a: 'x' }, { a: { x: 'enabled' } })).toEqual([]);
  });
});
