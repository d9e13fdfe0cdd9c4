/**
 * The one place every widget and service asks about consent (spec §4: CNS-06, CNS-07).
 *
 * It speaks the WP Consent API: per-category cookies `wp_consent_<category>` = allow|deny, the consent
 * type (`optin`/`optout`, from `window.wp_consent_type` or the localized fallback), the document events
 * `wp_listen_for_consent_change` (detail: {category: value}) and `wp_consent_type_defined`. When the site
 * has no WP Consent API (Vitrine replaces its script), `installConsentApi()` provides `wp_has_consent` and
 * `wp_set_consent` with the same semantics; when the site has it, its functions and events are used, so
 * other plugins (WooCommerce order attribution, Site Kit) and Vitrine agree.
 *
 * API for other code (order attribution, analytics, widgets):
 *   has(category)        → boolean, the WP Consent API's wp_has_consent
 *   set({category: v})   → writes the changed categories, one change event each (as wp_set_consent)
 *   onChange(listener)   → listener({category: value}) after each change; returns the unsubscribe
 *   consentType()        → 'optin' | 'optout' | … | undefined (no consent management: everything allowed)
 */
import Cookies from 'js-cookie';
import { hasSettings, pageGlobal, setPageGlobal } from '../settings';
import { consentApiParams } from '../settings-privacy';
import {
  CATEGORIES,
  type ConsentCategory,
  type ConsentChanges,
  changedCategories,
  hasConsent,
  isCategory,
  isConsentValue,
} from './logic';

export type { ConsentCategory, ConsentChanges, ConsentValue } from './logic';

export const CONSENT_CHANGE_EVENT = 'wp_listen_for_consent_change';
export const CONSENT_TYPE_EVENT = 'wp_consent_type_defined';

/** Our own API functions, told apart from a site's WP Consent API. */
const ownFunctions = new WeakSet<object>();

function cookieName(category: ConsentCategory): string {
  return `${consentApiParams().cookiePrefix}_${category}`;
}

function storedValue(category: ConsentCategory): string | undefined {
  return Cookies.get(cookieName(category));
}

/**
 * The consent type: `window.wp_consent_type` (set by a consent management plugin), else the localized
 * `consent_api.consent_type`; a page with Cookie Notice and no declared type is opt-in (the notice asks
 * first), see docs/decisions.md. Undefined means no consent management: everything counts as consent.
 */
export function consentType(): string | undefined {
  for (const name of ['wp_consent_type', 'wp_fallback_consent_type']) {
    const value = pageGlobal(name);
    if (typeof value === 'string' && value !== '') return value;
  }
  const declared = consentApiParams().consentType;
  if (declared) return declared;
  return hasSettings('cnArgs') ? 'optin' : undefined;
}

/** CNS-07: whether `category` has consent now. */
export function has(category: ConsentCategory): boolean {
  return hasConsent(consentType(), storedValue(category));
}

function writeCookie(category: ConsentCategory, value: string): void {
  Cookies.set(cookieName(category), value, {
    expires: consentApiParams().cookieExpiration,
    path: '/',
    secure: location.protocol === 'https:',
  });
}

function dispatchChange(changes: ConsentChanges): void {
  document.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT, { detail: changes }));
}

/**
 * CNS-06: saves allow/deny per category. Only changed categories are written, and each is announced in its
 * own change event, as wp_set_consent does (integrations such as WooCommerce's read only the first key of
 * the detail); with a site's own WP Consent API, through its wp_set_consent. Listeners that want one
 * reaction per choice gather the events of one call (src/analytics does, for Google consent mode).
 */
export function set(wanted: ConsentChanges): ConsentChanges {
  const changes = changedCategories(wanted, storedValue);
  const siteSetter = pageGlobal('wp_set_consent');
  if (typeof siteSetter === 'function' && !ownFunctions.has(siteSetter)) {
    for (const [category, value] of Object.entries(changes)) siteSetter(category, value);
    return changes;
  }
  for (const [category, value] of Object.entries(changes)) writeCookie(category as ConsentCategory, value);
  for (const [category, value] of Object.entries(changes)) dispatchChange({ [category]: value });
  return changes;
}

/** Calls `listener` with the valid categories of each change event (ours or the site's API); returns the unsubscribe. */
export function onChange(listener: (changes: ConsentChanges) => void): () => void {
  const handler = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (!detail || typeof detail !== 'object') return;
    const changes: ConsentChanges = {};
    for (const [category, value] of Object.entries(detail)) if (isCategory(category) && isConsentValue(value)) changes[category] = value;
    if (Object.keys(changes).length > 0) listener(changes);
  };
  document.addEventListener(CONSENT_CHANGE_EVENT, handler);
  return () => document.removeEventListener(CONSENT_CHANGE_EVENT, handler);
}

/** Calls `listener` when a consent management plugin defines the consent type; returns the unsubscribe. */
export function onTypeDefined(listener: () => void): () => void {
  document.addEventListener(CONSENT_TYPE_EVENT, listener);
  return () => document.removeEventListener(CONSENT_TYPE_EVENT, listener);
}

/**
 * Provides the WP Consent API's globals when the site has none (Vitrine replaced its script), and, as the
 * page's consent management when Cookie Notice is there, defines the consent type for other scripts.
 * Idempotent.
 */
export function installConsentApi(): void {
  if (typeof pageGlobal('wp_has_consent') !== 'function') {
    const hasFn = (category: string) => (isCategory(category) ? has(category) : hasConsent(consentType(), undefined));
    const setFn = (category: string, value: string) => {
      if (isCategory(category) && isConsentValue(value)) set({ [category]: value });
    };
    ownFunctions.add(hasFn);
    ownFunctions.add(setFn);
    setPageGlobal('wp_has_consent', hasFn);
    setPageGlobal('wp_set_consent', setFn);
    setPageGlobal('wp_fallback_consent_type', consentApiParams().consentType);
    setPageGlobal('waitfor_consent_hook', consentApiParams().waitforConsentHook);
  }
  const defined = pageGlobal('wp_consent_type');
  if ((typeof defined !== 'string' || defined === '') && !consentApiParams().consentType && hasSettings('cnArgs')) {
    setPageGlobal('wp_consent_type', 'optin');
    document.dispatchEvent(new Event(CONSENT_TYPE_EVENT));
  }
}

/** Every category, for code that lists them. */
export { CATEGORIES };
