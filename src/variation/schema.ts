/**
 * One variation object as WooCommerce sends it, embedded in `data-product_variations` or answered by
 * get_variation: one schema for every reader (the variation form, the swatches on shop cards).
 */
import { safeParse, z } from '../validation';
import type { VariationData } from '../events';

// PHP prints "" for an unlimited max_qty and may print numbers as strings.
const quantity = z.optional(z.union([z.number(), z.string(), z.literal([null])]));
export const variationSchema = z.looseObject({
  variation_id: z.union([z.number(), z.string().check(z.regex(/^\d+$/))]),
  attributes: z.record(z.string(), z.union([z.string(), z.number()])),
  is_purchasable: z.optional(z.boolean()),
  is_in_stock: z.optional(z.boolean()),
  variation_is_visible: z.optional(z.boolean()),
  variation_is_active: z.optional(z.boolean()),
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
  const result = safeParse(variationSchema, raw);
  if (!result.success) return null;
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.data.attributes)) attributes[name] = decodeEntities(String(value));
  return { ...result.data, variation_id: Number(result.data.variation_id), attributes } as VariationData;
}
