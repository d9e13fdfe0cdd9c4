/**
 * One variation object as WooCommerce sends it, embedded in `data-product_variations` or answered by
 * get_variation: one schema for every reader (the variation form, the swatches on shop cards).
 */
import * as s from '../schema';
import type { VariationData } from '../events';

// PHP prints "" for an unlimited max_qty and may print numbers as strings.
const quantity = s.optional(s.union([s.number, s.string, s.oneOf([null])]));
export const variationSchema = s.looseObject({
  variation_id: s.union([s.number, s.matches(/^\d+$/)]),
  attributes: s.record(s.union([s.string, s.number])),
  is_purchasable: s.optional(s.boolean),
  is_in_stock: s.optional(s.boolean),
  variation_is_visible: s.optional(s.boolean),
  variation_is_active: s.optional(s.boolean),
  min_qty: quantity,
  max_qty: quantity,
});

/** Attribute values arrive entity-encoded in places (`&amp;`); the selects hold decoded text. */
function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  const textarea = document.createElement('textarea');
  textarea.innerHTML = value;
  return textarea.value;
}

/** Validates one variation object (embedded or answered by get_variation) and normalises it. */
export function parseVariation(raw: unknown): VariationData | null {
  const result = s.safeParse(variationSchema, raw);
  if (!result.success) return null;
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.data.attributes)) attributes[name] = decodeEntities(String(value));
  return { ...result.data, variation_id: Number(result.data.variation_id), attributes } as VariationData;
}
