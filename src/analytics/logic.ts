/**
 * Analytics payloads as pure functions (spec §3, §7: ANL-01, ANL-02).
 */
import * as s from '../schema';

/** ANL-02: an integer amount in minor units as a decimal number: integer / 10^minor unit (default 2). */
export function fromMinorUnits(amount: number | string, minorUnit = 2): number {
  const integer = typeof amount === 'number' ? Math.trunc(amount) : Number.parseInt(amount, 10);
  if (!Number.isFinite(integer)) return 0;
  // Dividing the integer by a power of ten, then rounding to that many decimals, keeps 1999 / 10^3 = 1.999 exact.
  return Number((integer / 10 ** minorUnit).toFixed(minorUnit));
}

const amount = s.union([s.number, s.matches(/^\s*-?\d+\s*$/)]);
const minor = s.optional(s.union([s.refine(s.number, (n) => Number.isInteger(n) && n >= 0, 'expected a whole number ≥ 0'), s.matches(/^\d+$/)]));

/** The order the WooCommerce Google Analytics Integration prints on the order-received page (window.ga4w.data.order). */
export const orderSchema = s.object({
  id: s.union([s.number, s.string]),
  affiliation: s.optional(s.string),
  totals: s.object({
    currency_code: s.matches(/^[A-Z]{3}$/),
    currency_minor_unit: minor,
    tax_total: s.optional(amount),
    shipping_total: s.optional(amount),
    total_price: amount,
  }),
  items: s.array(
    s.object({
      id: s.union([s.number, s.string]),
      name: s.string,
      quantity: s.union([s.number, s.string]),
      prices: s.object({ price: amount, currency_minor_unit: minor }),
      categories: s.optional(s.array(s.object({ name: s.string }))),
      variation: s.optional(s.union([s.string, s.array(s.object({ attribute: s.optional(s.string), value: s.string }))])),
    }),
  ),
});
export type PrintedOrder = s.Infer<typeof orderSchema>;

export interface AnalyticsItem {
  item_id: string;
  item_name?: string;
  price?: number;
  quantity: number;
  item_variant?: string;
  [category: `item_category${string}`]: string;
}

export interface PurchaseEvent {
  transaction_id: string;
  affiliation?: string;
  value: number;
  currency: string;
  shipping: number;
  tax: number;
  items: AnalyticsItem[];
}

/** GA4 numbers categories item_category, item_category2 … item_category5. */
function categoryFields(names: string[]): Record<`item_category${string}`, string> {
  const fields: Record<`item_category${string}`, string> = {};
  names.slice(0, 5).forEach((name, index) => {
    fields[`item_category${index === 0 ? '' : index + 1}`] = name;
  });
  return fields;
}

/** ANL-02: the purchase event of a printed order; every amount divided by 10^its minor unit. */
export function purchaseEvent(order: PrintedOrder): PurchaseEvent {
  const unit = order.totals.currency_minor_unit === undefined ? 2 : Number(order.totals.currency_minor_unit);
  return {
    transaction_id: String(order.id),
    ...(order.affiliation ? { affiliation: order.affiliation } : {}),
    value: fromMinorUnits(order.totals.total_price, unit),
    currency: order.totals.currency_code,
    shipping: fromMinorUnits(order.totals.shipping_total ?? 0, unit),
    tax: fromMinorUnits(order.totals.tax_total ?? 0, unit),
    items: order.items.map((item) => {
      const variant = typeof item.variation === 'string' ? item.variation : item.variation?.map((v) => v.value).join(', ');
      return {
        item_id: String(item.id),
        item_name: item.name,
        price: fromMinorUnits(item.prices.price, item.prices.currency_minor_unit === undefined ? unit : Number(item.prices.currency_minor_unit)),
        quantity: Number(item.quantity) || 1,
        ...(variant ? { item_variant: variant } : {}),
        ...categoryFields((item.categories ?? []).map((c) => c.name)),
      };
    }),
  };
}

/**
 * The item of an add_to_cart event, from the fields the add sent (the loop button's product_id and
 * quantity, the product form's add-to-cart, variation_id and quantity). Null when no product id is known.
 */
export function addedItem(fields: Record<string, string | undefined>): AnalyticsItem | null {
  const variation = fields.variation_id && fields.variation_id !== '0' ? fields.variation_id : '';
  const id = variation || fields.product_id || fields['add-to-cart'] || '';
  if (!/^\d+$/.test(id)) return null;
  const quantity = Number(fields.quantity);
  const variant = Object.entries(fields)
    .filter(([name, value]) => name.startsWith('attribute_') && value)
    .map(([, value]) => value)
    .join(', ');
  return { item_id: id, quantity: Number.isFinite(quantity) && quantity > 0 ? quantity : 1, ...(variant ? { item_variant: variant } : {}) };
}
