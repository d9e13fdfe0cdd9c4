import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addedItem, fromMinorUnits, purchaseEvent } from '../../../src/analytics/logic';
import { printedOrder } from './orders';

describe('analytics payloads', () => {
  it('ANL-02 integers are divided by 10^minor unit, 2 by default', () => {
    expect(fromMinorUnits(1999)).toBe(19.99);
    expect(fromMinorUnits('1999', 0)).toBe(1999);
    expect(fromMinorUnits(12345, 3)).toBe(12.345);
    expect(fromMinorUnits('7', 3)).toBe(0.007);
    expect(fromMinorUnits('not a number')).toBe(0);
  });

  it('ANL-02 the division is exact for any integer and minor unit 0–4', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 4 }), (integer, unit) => {
        const value = fromMinorUnits(integer, unit);
        // Printing the value with that many decimals gives back the integer's digits.
        return Math.round(value * 10 ** unit) === integer && value.toFixed(unit) === (integer / 10 ** unit).toFixed(unit);
      }),
    );
  });

  it('ANL-02 purchase: transaction id, value, currency, shipping, tax and items from a 0-decimal currency', () => {
    expect(purchaseEvent(printedOrder('JPY', 0, { total: 5500, shipping: 500, tax: 500, price: 2250 }))).toEqual({
      transaction_id: '4321',
      affiliation: 'Vitrine Demo Shop',
      value: 5500,
      currency: 'JPY',
      shipping: 500,
      tax: 500,
      items: [{ item_id: '15', item_name: 'Variable Tee', price: 2250, quantity: 2, item_variant: 'Blue, Small', item_category: 'Clothing', item_category2: 'Tees' }],
    });
  });

  it('ANL-02 purchase with a 3-decimal currency keeps every decimal', () => {
    const event = purchaseEvent(printedOrder('KWD', 3, { total: 12345, shipping: 1500, tax: 5, price: 5420 }));
    expect(event).toMatchObject({ value: 12.345, currency: 'KWD', shipping: 1.5, tax: 0.005 });
    expect(event.items[0]!.price).toBe(5.42);
  });

  it('ANL-02 without a minor unit, amounts are in cents', () => {
    const event = purchaseEvent(printedOrder('USD', undefined, { total: 4599, shipping: 0, tax: 100, price: 2000 }));
    expect(event).toMatchObject({ value: 45.99, shipping: 0, tax: 1 });
    expect(event.items[0]!.price).toBe(20);
  });

  it('ANL-01 add_to_cart items from a loop button and from a variable product form', () => {
    expect(addedItem({ product_id: '10', quantity: '3', product_sku: 'MUG' })).toEqual({ item_id: '10', quantity: 3 });
    expect(
      addedItem({ 'add-to-cart': '12', product_id: '12', variation_id: '15', quantity: '1', attribute_pa_colour: 'blue', attribute_pa_size: 'small' }),
    ).toEqual({ item_id: '15', quantity: 1, item_variant: 'blue, small' });
    expect(addedItem({ 'add-to-cart': '10', quantity: '' })).toEqual({ item_id: '10', quantity: 1 });
    expect(addedItem({ quantity: '1' })).toBeNull();
  });
});
