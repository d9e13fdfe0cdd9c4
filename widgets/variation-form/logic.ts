/**
 * Pure rules of the variation form that are not about matching (src/variation/matching.ts):
 * the quantity a variation allows and the add-to-cart button's state.
 */
import type { VariationData } from '../../src/events';
import type { VariationState } from '../../src/variation/store';

export interface QuantityRule {
  /** The value the input must hold; null leaves what the shopper typed. */
  value: number | null;
  /** The input's min and max attributes ("" = no limit, as WooCommerce prints it). */
  min: string;
  max: string;
  /** QTY-02: sold individually hides the field. */
  hidden: boolean;
}

/** A limit as WooCommerce sends it: a number, a numeric string, or "" / null for none. */
export function limitOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/**
 * QTY-02 / QTY-03: sold individually forces 1 and hides the field; otherwise the value is clamped to
 * [min_qty, max_qty] (an empty or non-numeric value becomes min_qty, as WooCommerce does).
 */
export function quantityFor(variation: VariationData, current: string): QuantityRule {
  if (variation.is_sold_individually === 'yes' || variation.is_sold_individually === true) {
    return { value: 1, min: '1', max: '1', hidden: true };
  }
  let min = limitOf(variation.min_qty);
  let max = limitOf(variation.max_qty);
  if (min !== null && max !== null && max < min) max = min;
  if (min !== null && min < 0) min = 0;
  const typed = current.trim() === '' ? Number.NaN : Number(current);
  let value: number | null = Number.isFinite(typed) ? typed : min;
  if (value !== null && max !== null && value > max) value = max;
  if (value !== null && min !== null && value < min) value = min;
  return { value, min: min === null ? '' : String(min), max: max === null ? '' : String(max), hidden: false };
}

export type ButtonBlock = 'selection-needed' | 'unavailable' | null;

/** VAR-01 / VAR-03: why the add-to-cart button is disabled, or null when it may add. */
export function buttonBlock(state: Pick<VariationState, 'variation' | 'purchasable' | 'status'>): ButtonBlock {
  if (state.status !== 'found' || !state.variation) return 'selection-needed';
  return state.purchasable ? null : 'unavailable';
}

/** ATC-12: the alert a click on the disabled button shows. */
export function blockedMessage(block: Exclude<ButtonBlock, null>, texts: { makeASelection: string; unavailable: string }): string {
  return block === 'unavailable' ? texts.unavailable : texts.makeASelection;
}
