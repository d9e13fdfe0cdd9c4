/**
 * Address autocomplete's pure rules (spec §3, §5, §8; WooCommerce's address-autocomplete-common.js and
 * address-autocomplete.js contracts): server provider declarations, registration checks, the query
 * sanitising, the highlight ranges and the suggestion limit.
 */
import { isRecord } from '../guards';

/** ADR-01: at most 5 suggestions; ADR-04: a search needs 3 characters; ADR-02: blur closes after 200 ms. */
export const MAX_SUGGESTIONS = 5;
export const MIN_QUERY_LENGTH = 3;
export const BLUR_CLOSE_MS = 200;

export type AddressType = 'billing' | 'shipping';

export interface ServerProvider {
  id: string;
  name: string;
  /** Markup the provider's owner wrote (a logo, "powered by"): rendered through DOMPurify. */
  branding_html?: string;
}

export interface Match {
  offset: number;
  length: number;
}

export interface Suggestion {
  id: string;
  label: string;
  matchedSubstrings?: Match[];
}

export interface SelectedAddress {
  country?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postcode?: string;
}

/** What a provider script registers (WooCommerce's shape). */
export interface AddressProvider {
  id: string;
  canSearch: (country: string) => boolean;
  search: (query: string, country: string, type: AddressType) => Promise<unknown> | unknown;
  select: (id: string) => Promise<unknown> | unknown;
}

/**
 * ADR-09: `address_providers` is a JSON string of `[{id, name, branding_html?}]`. Anything else is logged by
 * the caller (the error says why) and means no providers.
 */
export function parseServerProviders(raw: unknown): { providers: ServerProvider[]; error?: string } {
  if (raw === undefined || raw === null || raw === '') return { providers: [] };
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { providers: [], error: 'address_providers is not valid JSON' };
    }
  }
  if (!Array.isArray(value)) return { providers: [], error: 'address_providers is not a list' };
  const providers: ServerProvider[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.id !== 'string' || item.id === '') return { providers: [], error: 'an address provider has no id' };
    providers.push({
      id: item.id,
      name: typeof item.name === 'string' ? item.name : item.id,
      ...(typeof item.branding_html === 'string' && item.branding_html !== '' ? { branding_html: item.branding_html } : {}),
    });
  }
  return { providers };
}

/**
 * ADR-07: why a provider may not register, or undefined when it may: it needs an id declared by the server,
 * the three functions, and an id not registered yet.
 */
export function registrationRefusal(provider: unknown, serverIds: readonly string[], registeredIds: readonly string[]): string | undefined {
  if (!isRecord(provider)) return 'the provider is not an object';
  if (typeof provider.id !== 'string' || provider.id === '') return 'the provider has no id';
  for (const fn of ['canSearch', 'search', 'select']) {
    if (typeof provider[fn] !== 'function') return `provider "${provider.id}" has no ${fn} function`;
  }
  if (!serverIds.includes(provider.id)) return `provider "${provider.id}" is not declared by the server`;
  if (registeredIds.includes(provider.id)) return `provider "${provider.id}" is already registered`;
  return undefined;
}

/** ADR-05: the active provider for a country is the first one (server order) that can search it. */
export function activeProviderFor<P extends { canSearch: (country: string) => boolean }>(providers: readonly P[], country: string): P | undefined {
  for (const provider of providers) {
    try {
      if (provider.canSearch(country) === true) return provider;
    } catch (error) {
      console.error('[vitrine] address autocomplete: a provider\'s canSearch failed.', error);
    }
  }
  return undefined;
}

/**
 * ADR-04, ADR-12: the query with markup stripped (tags, and the characters `<` and `>` left over) and
 * trimmed; `sanitized` says the input carried markup.
 */
export function sanitizeQuery(input: string): { query: string; sanitized: boolean } {
  const stripped = input.replace(/<[^>]*>?/g, '').replace(/[<>]/g, '');
  return { query: stripped.trim(), sanitized: stripped !== input };
}

/** ADR-04: whether a (sanitised) query is long enough to search. */
export const canQuery = (query: string): boolean => Array.from(query).length >= MIN_QUERY_LENGTH;

/** ADR-08: the matches that are usable (offset ≥ 0, length > 0, within the label), sorted, overlaps dropped. */
export function validMatches(label: string, matches: unknown): Match[] {
  if (!Array.isArray(matches)) return [];
  const valid = matches
    .filter(
      (m): m is Match =>
        isRecord(m) &&
        Number.isInteger(m.offset) &&
        Number.isInteger(m.length) &&
        (m.offset as number) >= 0 &&
        (m.length as number) > 0 &&
        (m.offset as number) + (m.length as number) <= label.length,
    )
    .map((m) => ({ offset: m.offset, length: m.length }))
    .sort((a, b) => a.offset - b.offset);
  const out: Match[] = [];
  for (const m of valid) {
    const last = out[out.length - 1];
    if (!last || m.offset >= last.offset + last.length) out.push(m);
  }
  return out;
}

/** The label cut into plain and highlighted pieces (ADR-08). */
export function highlightSegments(label: string, matches: unknown): { text: string; match: boolean }[] {
  const out: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const m of validMatches(label, matches)) {
    if (m.offset > at) out.push({ text: label.slice(at, m.offset), match: false });
    out.push({ text: label.slice(m.offset, m.offset + m.length), match: true });
    at = m.offset + m.length;
  }
  if (at < label.length) out.push({ text: label.slice(at), match: false });
  return out;
}

/**
 * ADR-06, ADR-01: a provider's answer as at most 5 suggestions; undefined when it is not an array (the
 * caller logs it). Items without a string id and label are left out.
 */
export function suggestionsFrom(answer: unknown): Suggestion[] | undefined {
  if (!Array.isArray(answer)) return undefined;
  return answer
    .filter((s): s is Suggestion => isRecord(s) && (typeof s.id === 'string' || typeof s.id === 'number') && typeof s.label === 'string')
    .map((s) => ({ id: String(s.id), label: s.label, ...(s.matchedSubstrings ? { matchedSubstrings: s.matchedSubstrings } : {}) }))
    .slice(0, MAX_SUGGESTIONS);
}

export const ADDRESS_KEYS = ['country', 'address_1', 'address_2', 'city', 'state', 'postcode'] as const;

/** ADR-13: the selected address's fields as strings; undefined when the answer is not an address. */
export function addressFrom(answer: unknown): Record<(typeof ADDRESS_KEYS)[number], string> | undefined {
  if (!isRecord(answer)) return undefined;
  const out = {} as Record<(typeof ADDRESS_KEYS)[number], string>;
  for (const key of ADDRESS_KEYS) {
    const value = answer[key];
    out[key] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return out.address_1 === '' && out.city === '' && out.postcode === '' ? undefined : out;
}
