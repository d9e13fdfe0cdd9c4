import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VariationData } from '../../../src/events';
import { blockedMessage, buttonBlock, quantityFor } from '../../../widgets/variation-form/logic';

const variation = (extra: Partial<VariationData>): VariationData => ({ variation_id: 1, attributes: {}, ...extra });
const texts = { makeASelection: 'select', unavailable: 'unavailable' };

describe('variation form rules', () => {
  it('QTY-02 a sold-individually variation forces 1 and hides the field', () => {
    expect(quantityFor(variation({ is_sold_individually: 'yes', min_qty: 1, max_qty: 5 }), '4')).toEqual({ value: 1, min: '1', max: '1', hidden: true });
  });

  it('QTY-03 the quantity is clamped to min_qty and max_qty', () => {
    expect(quantityFor(variation({ min_qty: 2, max_qty: 5 }), '9')).toMatchObject({ value: 5, min: '2', max: '5', hidden: false });
    expect(quantityFor(variation({ min_qty: 2, max_qty: 5 }), '1').value).toBe(2);
    expect(quantityFor(variation({ min_qty: 1, max_qty: '' }), '40')).toMatchObject({ value: 40, max: '' });
    expect(quantityFor(variation({ min_qty: 3, max_qty: '' }), '').value).toBe(3);
    expect(quantityFor(variation({ min_qty: 3, max_qty: '' }), 'abc').value).toBe(3);
  });

  it('QTY-03 a clamped quantity is always within [min, max]', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -100, max: 100 }).map(String), fc.string()),
        fc.integer({ min: 0, max: 30 }),
        fc.option(fc.integer({ min: 0, max: 30 })),
        (current, min, max) => {
          const rule = quantityFor(variation({ min_qty: min, max_qty: max === null ? '' : max }), current);
          const low = Number(rule.min);
          const high = rule.max === '' ? Number.POSITIVE_INFINITY : Number(rule.max);
          return rule.value !== null && rule.value >= low && rule.value <= high;
        },
      ),
    );
  });

  it('VAR-01 no variation: the button needs a selection', () => {
    expect(buttonBlock({ status: 'incomplete', variation: null, purchasable: false })).toBe('selection-needed');
    expect(buttonBlock({ status: 'no-match', variation: null, purchasable: false })).toBe('selection-needed');
  });

  it('VAR-03 a found unavailable variation blocks as unavailable; a purchasable one does not block', () => {
    expect(buttonBlock({ status: 'found', variation: variation({}), purchasable: false })).toBe('unavailable');
    expect(buttonBlock({ status: 'found', variation: variation({}), purchasable: true })).toBeNull();
  });

  it('ATC-12 the alert text follows why the button is disabled', () => {
    expect(blockedMessage('unavailable', texts)).toBe('unavailable');
    expect(blockedMessage('selection-needed', texts)).toBe('select');
  });
});
