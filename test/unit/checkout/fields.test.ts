import { describe, expect, it } from 'vitest';
import { addressComplete, updateOnChange, updateOnKey } from '../../../src/checkout/fields';

const field = (kind: Partial<Record<'updatesTotals' | 'addressSelect' | 'typedAddress', boolean>>) => ({
  updatesTotals: false,
  addressSelect: false,
  typedAddress: false,
  ...kind,
});

describe('checkout fields: which changes ask for an update', () => {
  it('a shipping method, the ship-to-different box or an update_totals_on_change field updates at once', () => {
    expect(updateOnChange(field({ updatesTotals: true }), false)).toBe('now');
    expect(updateOnChange(field({ updatesTotals: true, addressSelect: true }), false)).toBe('now');
  });

  it('a country or state select updates once the address is complete', () => {
    expect(updateOnChange(field({ addressSelect: true }), false)).toBe('when-complete');
  });

  it('an address text field’s change counts only after the shopper typed there (a script filling the form is not typing)', () => {
    expect(updateOnChange(field({ typedAddress: true }), false)).toBe('none');
    expect(updateOnChange(field({ typedAddress: true }), true)).toBe('when-complete');
  });

  it('any other field (a name, a note) asks for nothing', () => {
    expect(updateOnChange(field({}), true)).toBe('none');
  });

  it('keys in an address text field wait for a pause; Tab only moves on; keys elsewhere do nothing', () => {
    expect(updateOnKey('a', field({ typedAddress: true }))).toBe('after-typing');
    expect(updateOnKey('Backspace', field({ typedAddress: true }))).toBe('after-typing');
    expect(updateOnKey('Tab', field({ typedAddress: true }))).toBe('none');
    expect(updateOnKey('a', field({}))).toBe('none');
  });

  it('the address is complete when no required field is empty', () => {
    expect(addressComplete(['Albany', '12207'])).toBe(true);
    expect(addressComplete(['Albany', ''])).toBe(false);
    expect(addressComplete([])).toBe(true);
  });
});
