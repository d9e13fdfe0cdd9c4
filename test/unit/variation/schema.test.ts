import { describe, expect, it } from 'vitest';
import { parseVariation } from '../../../src/variation/schema';

// One schema for every reader of a variation: the variation form (embedded and get_variation) and the
// swatches on shop cards (embedded and get_variation) accept and refuse the same answers.
describe('variation schema', () => {
  it('VAR-10 accepts what WooCommerce sends: ids as numbers or digit strings, attribute values decoded', () => {
    expect(parseVariation({ variation_id: '15', attributes: { attribute_pa_color: 'blue', attribute_size: 'S &amp; M' }, is_in_stock: true })).toMatchObject({
      variation_id: 15,
      attributes: { attribute_pa_color: 'blue', attribute_size: 'S & M' },
      is_in_stock: true,
    });
    expect(parseVariation({ variation_id: 7, attributes: { attribute_width: 42 }, max_qty: '' })).toMatchObject({ variation_id: 7, attributes: { attribute_width: '42' } });
  });

  it('VAR-10 refuses what is not a variation: empty answers, no id, no attribute map', () => {
    for (const answer of [false, '', null, 0, [], {}, { variation_id: 'x', attributes: {} }, { variation_id: 3 }, { attributes: {} }]) {
      expect(parseVariation(answer), JSON.stringify(answer)).toBeNull();
    }
  });
});
