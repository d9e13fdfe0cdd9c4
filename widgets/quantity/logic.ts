/** Limits of a quantity input; null means unbounded (WooCommerce prints max="" for no maximum). */
export interface QuantityLimits {
  min: number | null;
  max: number | null;
}

/** Parses a numeric attribute as WooCommerce prints it: "" or absent means none. */
export function parseLimit(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * The value a quantity input should hold: under the minimum it is raised to it, over the maximum
 * lowered to it. Anything that is not a number is left for the browser's own validation (null).
 */
export function clampQuantity(value: string, { min, max }: QuantityLimits): number | null {
  if (value.trim() === '') return null;
  const number = Number(value);
  if (!Number.isFinite(number)) return null;
  let result = number;
  if (max !== null && result > max) result = max;
  if (min !== null && result < min) result = min;
  return result;
}
