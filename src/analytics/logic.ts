/**
 * Analytics payloads as pure functions (spec §3, §7: ANL-01, ANL-02).
 */
import { z } from '../validation';

/** ANL-02: an integer amount in minor units as a decimal number: integer / 10^minor unit (default 2). */
export function fromMinorUnits(amount: number | string, minorUnit = 2): number {
  const integer = typeof amount === 'number' ? Math.trunc(amount) : Number.parseInt(amount, 10);
  if (!Number.isFinite(integer)) return 0;
  // Dividing the integer by a power of ten, then rounding to that many decimals, keeps 1999 / 10^3 = 1.999 exact.
  return Number((integer / 10 ** minorUnit).toFixed(minorUnit));
}

const amount = z.union([z.number(), z.string().check(z.regex(/^\s*-?\d+\s*$/))]);
const minor = z.optional(z.union([z.number().check(z.refine((n) => Number.isInteger(n) && n >= 0, { error: 'expected a whole number ≥ 0' })), z.string().check(z.regex(/^\d+$/))]));

/** The order the WooCommerce Google Analytics Integration prints on the order-received page (window.ga4w.data.order). */
export const orderSchema = z.object({
  id: z.union([z.number(), z.string()]),
  affiliation: z.optional(z.string()),
  totals: z.object({
    currency_code: z.string().check(z.regex(/^[A-Z]{3}$/)),
    currency_minor_unit: minor,
    tax_total: z.optional(amount),
    shipping_total: z.optional(amount),
    total_price: amount,
  }),
  items: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      name: z.string(),
      quantity: z.union([z.number(), z.string()]),
      prices: z.object({ price: amount, currency_minor_unit: minor }),
      categories: z.optional(z.array(z.object({ name: z.string() }))),
      variation: z.optional(z.union([z.string(), z.array(z.object({ attribute: z.optional(z.string()), value: z.string() }))])),
    }),
  ),
});
export type PrintedOrder = z.infer<typeof orderSchema>;

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
