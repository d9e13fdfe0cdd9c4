import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VariationData } from '../../../src/events';
import {
  addToCartFields,
  allChosen,
  attributeLabel,
  findVariation,
  choiceKey,
  hasTooltip,
  impossibleOptions,
  isAvailable,
  nextIndex,
  outOfStockOptions,
  parseId,
  prunedSlugs,
  selectedVariant,
  tabStop,
  toggleChoice,
} from '../../../widgets/swatches/logic';

const variation = (id: number, color: string, size: string, inStock = true): VariationData => ({
  variation_id: id,
  attributes: { attribute_pa_color: color, attribute_pa_size: size },
  is_in_stock: inStock,
  is_purchasable: true,
  variation_is_visible: true,
  variation_is_active: true,
});

const catalogue = [variation(1, 'red', 'small'), variation(2, 'red', 'large', false), variation(3, 'blue', 'small'), variation(4, 'blue', 'large')];
const groups = [
  { attribute: 'attribute_pa_color', slugs: ['red', 'blue', 'green'] },
  { attribute: 'attribute_pa_size', slugs: ['small', 'large'] },
];
const attributes = groups.map((group) => group.attribute);

describe('swatch rules', () => {
  it('SWT-02 choosing a slug replaces the sibling choice of the same attribute only', () => {
    const chosen = toggleChoice({ attribute_pa_color: 'red', attribute_pa_size: 'small' }, 'attribute_pa_color', 'blue');
    expect(chosen).toEqual({ attribute_pa_color: 'blue', attribute_pa_size: 'small' });
  });

  it('SWT-03 choosing the chosen slug clears it; twice is the identity (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.string()), fc.constantFrom('a', 'b', 'c'), fc.string({ minLength: 1 }), (chosen, attribute, slug) => {
        const once = toggleChoice(chosen, attribute, slug);
        expect(once[attribute]).toBe(chosen[attribute] === slug ? '' : slug);
        if (chosen[attribute] !== slug && chosen[attribute] !== '') return;
        expect(toggleChoice(once, attribute, slug)[attribute]).toBe(chosen[attribute] === slug ? slug : '');
      }),
    );
  });

  it('finds the variation only for a complete choice, "any" matching every value', () => {
    expect(findVariation(catalogue, { attribute_pa_color: 'blue' }, attributes)).toBeNull();
    expect(findVariation(catalogue, { attribute_pa_color: 'blue', attribute_pa_size: 'large' }, attributes)?.variation_id).toBe(4);
    const anySize = [{ ...variation(9, 'green', ''), attributes: { attribute_pa_color: 'green', attribute_pa_size: '' } }];
    expect(findVariation(anySize, { attribute_pa_color: 'green', attribute_pa_size: 'large' }, attributes)?.variation_id).toBe(9);
    expect(findVariation(catalogue, { attribute_pa_color: 'green', attribute_pa_size: 'large' }, attributes)).toBeNull();
    expect(allChosen({}, [])).toBe(false);
  });

  it('SWT-05 disables an option when no in-stock variation matches it with the other choices', () => {
    const withRed = outOfStockOptions(catalogue, { attribute_pa_color: 'red', attribute_pa_size: '' }, groups, true);
    expect([...(withRed.get('attribute_pa_size') ?? [])]).toEqual(['large']);
    // green has no variation at all; with red chosen, blue is still fine (its own attribute is replaced).
    expect([...(withRed.get('attribute_pa_color') ?? [])]).toEqual(['green']);
    const withBlue = outOfStockOptions(catalogue, { attribute_pa_color: 'blue', attribute_pa_size: '' }, groups, true);
    expect(withBlue.get('attribute_pa_size')).toBeUndefined();
  });

  it('SWT-05 re-enables options when the choice is reset', () => {
    const reset = outOfStockOptions(catalogue, { attribute_pa_color: '', attribute_pa_size: '' }, groups, true);
    expect(reset.get('attribute_pa_size')).toBeUndefined();
  });

  it('SWT-06 with disable_out_of_stock off nothing is disabled, whatever the catalogue', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('red', 'blue', ''), fc.constantFrom('small', 'large', ''), fc.boolean())), (rows) => {
        const variations = rows.map(([color, size, stock], index) => variation(index + 1, color, size, stock));
        expect(outOfStockOptions(variations, { attribute_pa_color: 'red' }, groups, false).size).toBe(0);
      }),
    );
    expect(outOfStockOptions(null, {}, groups, true).size).toBe(0);
  });

  it('SWT-05 an enabled option always has an in-stock variation matching it (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('red', 'blue', 'green', ''), fc.constantFrom('small', 'large', ''), fc.boolean()), { maxLength: 8 }),
        fc.constantFrom('red', 'blue', ''),
        (rows, color) => {
          const variations = rows.map(([c, s, stock], index) => variation(index + 1, c, s, stock));
          const off = outOfStockOptions(variations, { attribute_pa_color: color, attribute_pa_size: '' }, groups, true);
          for (const size of ['small', 'large']) {
            const enabled = !off.get('attribute_pa_size')?.has(size);
            const exists = variations.some(
              (v) => v.is_in_stock && (v.attributes.attribute_pa_size === '' || v.attributes.attribute_pa_size === size) &&
                (color === '' || v.attributes.attribute_pa_color === '' || v.attributes.attribute_pa_color === color),
            );
            expect(enabled).toBe(exists);
          }
        },
      ),
    );
  });

  it('prunes slugs the select lost or disabled', () => {
    expect([...prunedSlugs(['red', 'blue', 'green'], new Map([['red', true], ['blue', false]]))]).toEqual(['blue', 'green']);
  });

  it('SWT-13 ids are positive integers only', () => {
    expect(parseId('151')).toBe(151);
    expect(parseId(161)).toBe(161);
    for (const bad of ['', '0', 'abc', '12a', '-3', '1.5', null, undefined, 0, -1, 1.5, Number.NaN]) expect(parseId(bad)).toBeNull();
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (id) => parseId(String(id)) === id));
  });

  it('builds the cfvsw_ajax_add_to_cart body with only the chosen attributes', () => {
    const variant = selectedVariant({ attribute_pa_color: 'red', attribute_pa_size: '' }, attributes);
    expect(variant).toEqual({ attribute_pa_color: 'red' });
    expect(addToCartFields('n0nce', 151, 161, variant)).toEqual({
      security: 'n0nce',
      product_id: 151,
      variation_id: 161,
      quantity: 1,
      variation: { attribute_pa_color: 'red' },
    });
  });

  it('unavailable when out of stock or not purchasable', () => {
    expect(isAvailable(catalogue[0]!)).toBe(true);
    expect(isAvailable(catalogue[1]!)).toBe(false);
    expect(isAvailable({ ...catalogue[0]!, is_purchasable: false })).toBe(false);
  });

  it('names an attribute without a printed label', () => {
    expect(attributeLabel('attribute_pa_color')).toBe('Color');
    expect(attributeLabel('attribute_fabric-type')).toBe('Fabric type');
    expect(attributeLabel('attribute_')).toBe('attribute_');
  });

  it('moves through a radio group with wrapping arrows, Home and End (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.nat(), (count, seed) => {
        const current = seed % count;
        expect(nextIndex(current, 'ArrowRight', count)).toBe((current + 1) % count);
        expect(nextIndex(nextIndex(current, 'ArrowRight', count), 'ArrowLeft', count)).toBe(current);
        expect(nextIndex(current, 'ArrowUp', count)).toBe(nextIndex(current, 'ArrowLeft', count));
        expect(nextIndex(current, 'Home', count)).toBe(0);
        expect(nextIndex(current, 'End', count)).toBe(count - 1);
      }),
    );
    expect(nextIndex(0, 'ArrowRight', 0)).toBe(-1);
  });

  it('keeps one tab stop: the chosen option, else the first enabled one', () => {
    expect(tabStop(['a', 'b', 'c'], 'b', new Set())).toBe(1);
    expect(tabStop(['a', 'b', 'c'], '', new Set(['a']))).toBe(1);
    expect(tabStop(['a', 'b'], '', new Set(['a', 'b']))).toBe(0);
    expect(tabStop([], '', new Set())).toBe(-1);
  });

  it('SWT-05 arrows, Home and End skip options that cannot take focus (hidden), and only those (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), fc.nat(), fc.constantFrom('ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Home', 'End' as const), (shown, seed, key) => {
        const current = seed % shown.length;
        const next = nextIndex(current, key, shown.length, (index) => shown[index] === true);
        if (!shown.includes(true)) {
          expect(next).toBe(-1);
          return;
        }
        expect(shown[next]).toBe(true);
        // Nothing focusable is jumped over: every index between the start and the result is hidden.
        const forward = key === 'ArrowRight' || key === 'ArrowDown' || key === 'Home';
        const start = key === 'Home' ? 0 : key === 'End' ? shown.length - 1 : forward ? current + 1 : current - 1;
        for (let step = 0, index = start; ; step++) {
          const wrapped = ((index % shown.length) + shown.length) % shown.length;
          if (wrapped === next) break;
          expect(shown[wrapped], `index ${wrapped} was skipped`).toBe(false);
          index += forward ? 1 : -1;
          expect(step).toBeLessThan(shown.length);
        }
      }),
    );
    expect(nextIndex(0, 'ArrowRight', 3, (index) => index !== 1)).toBe(2);
    expect(nextIndex(2, 'ArrowRight', 3, (index) => index !== 0)).toBe(1);
    expect(nextIndex(0, 'Home', 3, (index) => index !== 0)).toBe(1);
    expect(nextIndex(0, 'End', 3, (index) => index !== 2)).toBe(1);
  });

  it('SWT-05 the tab stop is never on a hidden option', () => {
    expect(tabStop(['a', 'b', 'c'], 'b', new Set(['b']), new Set(['b']))).toBe(0);
    expect(tabStop(['a', 'b', 'c'], '', new Set(['a', 'b']), new Set(['a']))).toBe(2);
    expect(tabStop(['a', 'b', 'c'], '', new Set(['a', 'b', 'c']), new Set(['a']))).toBe(1);
    expect(tabStop(['a', 'b'], '', new Set(['a', 'b']), new Set(['a', 'b']))).toBe(-1);
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { minLength: 1 }), fc.string(), fc.array(fc.boolean()), (slugs, chosen, flags) => {
        const hidden = new Set(slugs.filter((_, index) => flags[index] === true));
        const stop = tabStop(slugs, chosen, hidden, hidden);
        if (hidden.size === slugs.length) expect(stop).toBe(-1);
        else expect(hidden.has(slugs[stop]!)).toBe(false);
      }),
    );
  });

  it('the shop card filters options no variation offers with the other choices (the variation form\'s rule)', () => {
    const noRedLarge = catalogue.filter((v) => v.variation_id !== 2);
    const off = impossibleOptions(noRedLarge, { attribute_pa_color: 'red', attribute_pa_size: '' }, groups);
    expect([...(off.get('attribute_pa_size') ?? [])]).toEqual(['large']);
    expect([...(off.get('attribute_pa_color') ?? [])]).toEqual(['green']);
    // Out of stock is not "does not exist": that is disable_out_of_stock's business (SWT-06).
    expect(impossibleOptions(catalogue, { attribute_pa_color: 'red', attribute_pa_size: '' }, groups).get('attribute_pa_size')).toBeUndefined();
    // An inactive variation is offered but cannot be chosen.
    const inactive = catalogue.map((v) => (v.variation_id === 1 ? { ...v, variation_is_active: false } : v));
    expect([...(impossibleOptions(inactive, { attribute_pa_color: 'red', attribute_pa_size: '' }, groups).get('attribute_pa_size') ?? [])]).toEqual(['small']);
  });

  it('without embedded variations only combinations the server said have none are filtered, never the current choice', () => {
    const chosen = { attribute_pa_color: 'red', attribute_pa_size: 'large' };
    const dead = new Set([choiceKey({ attribute_pa_color: 'blue', attribute_pa_size: 'large' }, attributes), choiceKey(chosen, attributes)]);
    const off = impossibleOptions(null, chosen, groups, dead);
    expect([...(off.get('attribute_pa_color') ?? [])]).toEqual(['blue']);
    expect(off.get('attribute_pa_size')).toBeUndefined();
    // An attribute is filtered only once all the others are chosen.
    const sizeOnly = impossibleOptions(null, { attribute_pa_color: '', attribute_pa_size: 'large' }, groups, dead);
    expect([...(sizeOnly.get('attribute_pa_color') ?? [])]).toEqual(['red', 'blue']);
    const redOnly = impossibleOptions(null, { attribute_pa_color: 'red', attribute_pa_size: '' }, groups, dead);
    expect([...(redOnly.get('attribute_pa_size') ?? [])]).toEqual(['large']);
    expect(redOnly.get('attribute_pa_color')).toBeUndefined();
    expect(impossibleOptions(null, { attribute_pa_color: '', attribute_pa_size: '' }, groups, dead).size).toBe(0);
  });

  it('SWT-07 no tooltip for label swatches or an empty tooltip text', () => {
    expect(hasTooltip('label', 'Red')).toBe(false);
    expect(hasTooltip('color', '')).toBe(false);
    expect(hasTooltip('image', '  ')).toBe(false);
    expect(hasTooltip('color', 'Red')).toBe(true);
  });
});
