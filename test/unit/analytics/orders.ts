import type { PrintedOrder } from '../../../src/analytics/logic';

/** An order as the GA integration prints it on the order-received page (window.ga4w.data.order). */
export function printedOrder(currency: string, minorUnit: number | undefined, amounts: { total: number; shipping: number; tax: number; price: number }): PrintedOrder {
  return {
    id: 4321,
    affiliation: 'Vitrine Demo Shop',
    totals: {
      currency_code: currency,
      ...(minorUnit === undefined ? {} : { currency_minor_unit: minorUnit }),
      tax_total: amounts.tax,
      shipping_total: String(amounts.shipping),
      total_price: String(amounts.total),
    },
    items: [
      {
        id: 15,
        name: 'Variable Tee',
        quantity: 2,
        prices: { price: String(amounts.price), ...(minorUnit === undefined ? {} : { currency_minor_unit: minorUnit }) },
        categories: [{ name: 'Clothing' }, { name: 'Tees' }],
        variation: [
          { attribute: 'Colour', value: 'Blue' },
          { attribute: 'Size', value: 'Small' },
        ],
      },
    ],
  };
}
