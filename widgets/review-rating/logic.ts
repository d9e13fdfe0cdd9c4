/** Pure rules of the review rating (spec §3 Review form, §5 review). */
import { t } from './strings';

/** REV-01: a rating is a whole number from 1 to 5. */
export const RATINGS = [1, 2, 3, 4, 5] as const;

export function parseRating(value: string): number | null {
  if (!/^[1-5]$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** REV-02: submitting is blocked when the field exists, is empty and ratings are required. */
export function mustBlockSubmit(value: string, required: boolean): boolean {
  return required && parseRating(value) === null;
}

/**
 * Radio-group keys: arrows move (and wrap) and select; null for other keys. Right and Down go to the next star (one
 * more), Left and Up to the previous, as WAI-ARIA's radio group and single-product.js's stars both have it. Wrapping
 * from 5 to 1 is the radio group's (and a native radio's); WooCommerce's stars stop at the ends.
 */
export function nextRating(key: string, current: number | null): number | null {
  const from = current ?? 0;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return from >= 5 ? 1 : from + 1;
    case 'ArrowLeft':
    case 'ArrowUp':
      return from <= 1 ? 5 : from - 1;
    case 'Home':
      return 1;
    case 'End':
      return 5;
    default:
      return null;
  }
}

/** The accessible name of star n: i18n_rating_options[n-1], or a plain fallback. */
export function ratingLabel(n: number, options: readonly string[]): string {
  const label = options[n - 1];
  return label && label.trim() !== '' ? label : t('ratingStars', { n });
}
