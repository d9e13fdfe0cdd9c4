import { PropsError, SkipMount } from '../../mount/errors';
import type { VariationData } from '../../src/events';
import { variationParams } from '../../src/settings';
import { parseVariation } from '../../src/variation/schema';

export interface VariationFormProps {
  productId: number;
  /** The embedded variations; null in ajax mode (`data-product_variations="false"`). */
  variations: VariationData[] | null;
  /** `data-custom_data`, sent back with get_variation. */
  customData: Record<string, unknown> | null;
  texts: {
    noMatchingVariations: string;
    makeASelection: string;
    unavailable: string;
    resetAlert: string;
  };
}

/** The form's `data-product_variations` attribute: the list, or null in ajax mode. */
export function readVariations(form: HTMLFormElement): VariationData[] | null {
  const raw = form.getAttribute('data-product_variations');
  if (raw === null) throw new PropsError('data-product_variations', 'is missing');
  if (raw.trim() === 'false') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new PropsError('data-product_variations', 'is not valid JSON');
  }
  return variationsFrom(parsed);
}

/** Already-parsed variations (the attribute's JSON, or what code stored with jQuery's `.data()`); false is ajax mode. */
export function variationsFrom(parsed: unknown): VariationData[] | null {
  if (parsed === false) return null;
  // PHP encodes an empty list of an object-keyed array as {}; anything else must be a list.
  const list = Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' ? Object.values(parsed) : null;
  if (!list) throw new PropsError('data-product_variations', 'is neither a list of variations nor false');
  return list.map((item, index) => {
    const variation = parseVariation(item);
    if (!variation) throw new PropsError(`data-product_variations[${index}]`, 'needs a variation_id and an attributes map');
    return variation;
  });
}

function readCustomData(form: HTMLFormElement): Record<string, unknown> | null {
  const raw = form.getAttribute('data-custom_data');
  if (raw === null || raw.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new PropsError('data-custom_data', 'is not a JSON object');
}

export function readVariationFormProps(element: Element): VariationFormProps {
  if (!(element instanceof HTMLFormElement)) throw new PropsError('element', 'expected a <form class="variations_form">');
  if (!element.querySelector('.variations select')) throw new SkipMount('no attribute <select> in .variations');
  const rawId = element.getAttribute('data-product_id') ?? '';
  const productId = Number(rawId);
  if (!/^\d+$/.test(rawId.trim()) || productId <= 0) throw new PropsError('data-product_id', `"${rawId}" is not a product id`);
  const params = variationParams();
  return {
    productId,
    variations: readVariations(element),
    customData: readCustomData(element),
    texts: {
      noMatchingVariations: params.i18nNoMatchingVariationsText,
      makeASelection: params.i18nMakeASelectionText,
      unavailable: params.i18nUnavailableText,
      resetAlert: params.i18nResetAlertText,
    },
  };
}
