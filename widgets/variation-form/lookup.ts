/**
 * VAR-10: ajax mode asks `get_variation` for a complete choice (product_id, custom_data and the
 * chosen `attribute_*` values). An empty answer or `false` means "no variation" (the no-matching
 * message); anything that is not a variation object is a server fault, reported like any other.
 */
import { type FormObject, type FormValue, HttpError, isAborted, messageFor, wcAjax } from '../../src/http';
import type { AttributeMap } from '../../src/variation/matching';
import type { VariationLookup } from '../../src/variation/store';
import { parseVariation } from '../../src/variation/schema';

export const LOOKUP_TIMEOUT = 15000;

export function getVariationLookup(productId: number, customData: Record<string, unknown> | null): VariationLookup {
  return async (chosen: AttributeMap, signal: AbortSignal) => {
    const fields: Record<string, FormValue> = { ...chosen, product_id: productId };
    if (customData) fields.custom_data = customData as FormObject;
    const answer = await wcAjax<unknown>('get_variation', fields, { signal, timeout: LOOKUP_TIMEOUT });
    if (answer === null || answer === false || answer === '' || answer === 0) return null;
    const variation = parseVariation(answer);
    if (!variation) throw new HttpError('unknown_error', { data: answer });
    return variation;
  };
}

/** The message a failed lookup shows; a cancelled lookup (a newer choice) shows nothing. */
export function describeLookupError(error: unknown): string | null {
  if (isAborted(error)) return null;
  console.error('[vitrine] variation-form: get_variation failed', error);
  return messageFor(error);
}
