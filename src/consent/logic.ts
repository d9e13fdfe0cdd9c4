/**
 * WP Consent API semantics as pure functions (spec §4, rules CNS-06, CNS-07, CNS-08).
 * Nothing here reads cookies or globals: src/consent/index.ts hands the values in.
 */

/** The WP Consent API's categories. */
export const CATEGORIES = ['functional', 'preferences', 'statistics', 'statistics-anonymous', 'marketing'] as const;
export type ConsentCategory = (typeof CATEGORIES)[number];
export type ConsentValue = 'allow' | 'deny';
/** What changed, as the `wp_listen_for_consent_change` event's detail carries it: category → value. */
export type ConsentChanges = Partial<Record<ConsentCategory, ConsentValue>>;

export function isCategory(value: string): value is ConsentCategory {
  return (CATEGORIES as readonly string[]).includes(value);
}

export function isConsentValue(value: unknown): value is ConsentValue {
  return value === 'allow' || value === 'deny';
}

/**
 * CNS-07: `wp_has_consent`. No consent type at all counts as consent (no consent management on the
 * site); a type containing `optout` counts a missing cookie as consent; otherwise only `allow` does.
 */
export function hasConsent(type: string | undefined, cookie: string | undefined): boolean {
  if (!type) return true;
  if (type.includes('optout') && (cookie === undefined || cookie === '')) return true;
  return cookie === 'allow';
}

/**
 * The cookie notice's choice as categories: accepting allows every category, refusing denies all but
 * `functional` (what the site needs to work is never refused).
 */
export function choiceToCategories(accepted: boolean): Record<ConsentCategory, ConsentValue> {
  const value: ConsentValue = accepted ? 'allow' : 'deny';
  return { functional: 'allow', preferences: value, statistics: value, 'statistics-anonymous': value, marketing: value };
}

/** Only the categories whose value differs from what is stored. */
export function changedCategories(wanted: ConsentChanges, stored: (category: ConsentCategory) => string | undefined): ConsentChanges {
  const changes: ConsentChanges = {};
  for (const category of CATEGORIES) {
    const value = wanted[category];
    if (value && stored(category) !== value) changes[category] = value;
  }
  return changes;
}

/** CNS-08: Google consent mode parameters per category (Site Kit's and the GA integration's map). */
export const GOOGLE_CONSENT_MAP: Partial<Record<ConsentCategory, readonly string[]>> = {
  statistics: ['analytics_storage'],
  marketing: ['ad_storage', 'ad_user_data', 'ad_personalization'],
};

export type GoogleConsent = Record<string, 'granted' | 'denied'>;

/** The `gtag('consent','update',…)` parameters for a change, or null when no mapped category changed. */
export function googleConsentUpdate(changes: ConsentChanges): GoogleConsent | null {
  const params: GoogleConsent = {};
  for (const [category, value] of Object.entries(changes)) {
    for (const param of GOOGLE_CONSENT_MAP[category as ConsentCategory] ?? []) params[param] = value === 'allow' ? 'granted' : 'denied';
  }
  return Object.keys(params).length > 0 ? params : null;
}

/** At start: the granted parameters for the categories that already have consent (Site Kit's updateGrantedConsent). */
export function grantedConsent(has: (category: ConsentCategory) => boolean): GoogleConsent | null {
  const params: GoogleConsent = {};
  for (const [category, names] of Object.entries(GOOGLE_CONSENT_MAP)) {
    if (has(category as ConsentCategory)) for (const name of names ?? []) params[name] = 'granted';
  }
  return Object.keys(params).length > 0 ? params : null;
}
