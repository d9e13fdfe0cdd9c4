import type { FieldLocale, StatesByCountry } from '../../src/settings-buying';

/** Pure rules of country-select.js and address-i18n.js. */

export type StateField = { kind: 'select'; options: [string, string][] } | { kind: 'text' } | { kind: 'hidden' };

/** A country with states gets a select, one with an empty list a hidden field, one not listed a text input. */
export function stateFieldFor(states: StatesByCountry, country: string): StateField {
  const list = states[country];
  if (!list) return { kind: 'text' };
  const options = Object.entries(list);
  return options.length === 0 ? { kind: 'hidden' } : { kind: 'select', options };
}

/** One field's locale for a country: WooCommerce's default deep-merged with the country's own. */
export function fieldLocaleFor(locale: Record<string, Record<string, FieldLocale>>, country: string, key: string): FieldLocale {
  const own = (locale[country] ?? locale.default)?.[key] ?? {};
  return { ...(locale.default?.[key] ?? {}), ...own };
}

/** Whether the field is required for the country (a hidden field never is, as on the server). */
export const isRequired = (l: FieldLocale): boolean => l.required === true && l.hidden !== true;

/**
 * The order address-i18n.js sorts rows into: by priority, a row without one taking the previous
 * row's plus one; equal priorities keep their order. Returns the indices in their new order.
 */
export function sortedByPriority(priorities: (number | null)[]): number[] {
  let last = 0;
  const filled = priorities.map((p) => {
    const value = p && Number.isFinite(p) ? p : last + 1;
    last = value;
    return value;
  });
  return filled.map((p, i) => [p, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, i]) => i);
}
