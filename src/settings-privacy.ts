/**
 * The settings globals of consent, measurement and newsletters (Cookie Notice, the WP Consent API,
 * Mailchimp for WordPress, Google Analytics for WooCommerce, order attribution), read through
 * src/settings.ts's machinery. A module of their own so that the core every page downloads does not
 * carry them: only the chunks that use them import this (issue 16).
 */
import { count, defineSettings, flag, hasSettings, nonNegative, text, toBag, toFlag, bag } from './settings';
import { z } from './validation';

/** Cookie Notice's cnArgs, with the plugin's defaults (cookie lifetimes in seconds, spec §9: CNS-05). */
export interface CookieNoticeArgs {
  hideEffect: string;
  position: string;
  onScroll: boolean;
  onScrollOffset: number;
  onClick: boolean;
  cookieName: string;
  cookieTime: number;
  cookieTimeRejected: number;
  globalCookie: boolean;
  redirection: boolean;
  cache: boolean;
  revokeCookies: boolean;
  revokeCookiesOpt: string;
}

export interface ConsentApiParams {
  /** '' when no consent management plugin declared one. */
  consentType: string;
  waitforConsentHook: boolean;
  /** Days. */
  cookieExpiration: number;
  cookiePrefix: string;
}

export interface SubmittedForm {
  event: string;
  elementId: string;
  data: Record<string, unknown>;
  hasErrors: boolean;
}

export interface AnalyticsParams {
  trackerFunctionName: string;
  /** The order-received page's order, as printed (validated by src/analytics). */
  order: unknown;
}

/** wc_order_attribution (spec §9: TRK-09 defaults). */
export interface OrderAttributionParams {
  /** Cookie lifetime in months of 30 days (0: cookies for the browser session). */
  lifetimeMonths: number;
  sessionMinutes: number;
  base64: boolean;
  /** Hidden input name prefix, one trailing underscore (`wc_order_attribution_`). */
  prefix: string;
  allowTracking: boolean;
  /** The WP Consent API category tracking follows ('' without the WP Consent API integration). */
  consentCategory: string;
  /** field → sourcebuster path (`current.typ`). */
  fields: Record<string, string>;
}

// Cookie Notice (cnArgs, json-encoded: real booleans and numbers; older versions printed strings).
export const cookieNoticeArgs = defineSettings(
  'cnArgs',
  z.object({
    hideEffect: text,
    position: text,
    onScroll: flag,
    onScrollOffset: count,
    onClick: flag,
    cookieName: text,
    cookieTime: count,
    cookieTimeRejected: count,
    globalCookie: flag,
    redirection: flag,
    cache: flag,
    revokeCookies: flag,
    revokeCookiesOpt: text,
  }),
  (raw): CookieNoticeArgs => ({
    hideEffect: raw.hideEffect ?? 'fade',
    position: raw.position ?? 'bottom',
    onScroll: toFlag(raw.onScroll, false),
    onScrollOffset: raw.onScrollOffset === undefined ? 100 : Number(raw.onScrollOffset),
    onClick: toFlag(raw.onClick, false),
    // The read path always looks for this name, whatever the settings say (spec §9).
    cookieName: 'cookie_notice_accepted',
    cookieTime: raw.cookieTime === undefined ? 2592000 : Number(raw.cookieTime),
    cookieTimeRejected: raw.cookieTimeRejected === undefined ? 2592000 : Number(raw.cookieTimeRejected),
    globalCookie: toFlag(raw.globalCookie, false),
    redirection: toFlag(raw.redirection, false),
    cache: toFlag(raw.cache, false),
    revokeCookies: toFlag(raw.revokeCookies, false),
    revokeCookiesOpt: raw.revokeCookiesOpt ?? 'automatic',
  }),
);

// WP Consent API (consent_api, wp_localize_script: scalars as strings).
export const consentApiParams = defineSettings(
  'consent_api',
  z.object({
    consent_type: text,
    waitfor_consent_hook: z.optional(z.union([z.boolean(), z.string()])),
    cookie_expiration: count,
    cookie_prefix: text,
  }),
  (raw): ConsentApiParams => ({
    consentType: raw.consent_type ?? '',
    waitforConsentHook: raw.waitfor_consent_hook === true || (typeof raw.waitfor_consent_hook === 'string' && raw.waitfor_consent_hook !== '' && raw.waitfor_consent_hook !== '0'),
    cookieExpiration: raw.cookie_expiration === undefined ? 30 : Number(raw.cookie_expiration),
    cookiePrefix: raw.cookie_prefix || 'wp_consent',
  }),
);

// Mailchimp for WordPress after a form post (mc4wp_submitted_form).
const readSubmittedForm = defineSettings(
  'mc4wp_submitted_form',
  z.object({
    event: text,
    element_id: text,
    data: bag,
    errors: z.optional(z.unknown()),
  }),
  (raw): SubmittedForm => ({
    event: raw.event ?? '',
    elementId: raw.element_id ?? '',
    data: toBag(raw.data, {}),
    hasErrors: raw.errors !== undefined && raw.errors !== null && !(Array.isArray(raw.errors) && raw.errors.length === 0),
  }),
);

/** The form Mailchimp for WordPress reports after a post, or null when the page printed none. */
export const submittedForm = (): SubmittedForm | null => (hasSettings('mc4wp_submitted_form') ? readSubmittedForm() : null);

// WooCommerce Google Analytics Integration (window.ga4w): the tag function's name and the order data.
export const analyticsParams = defineSettings(
  'ga4w',
  z.object({
    data: z.optional(z.object({ order: z.optional(z.nullable(z.unknown())) })),
    settings: z.optional(z.object({ tracker_function_name: text })),
  }),
  (raw): AnalyticsParams => ({
    trackerFunctionName: raw.settings?.tracker_function_name || 'gtag',
    order: raw.data?.order ?? null,
  }),
);

// Order attribution (wc-order-attribution): lifetime in months, session in minutes; fields: field → sbjs path.
export const orderAttributionParams = defineSettings(
  'wc_order_attribution',
  z.object({
    params: z.optional(
      z.object({
        lifetime: z.optional(z.union([nonNegative, z.string().check(z.regex(/^\s*\d*\.?\d+(e-?\d+)?\s*$/i))])),
        session: count,
        base64: flag,
        prefix: text,
        allowTracking: z.optional(z.union([z.boolean(), z.literal(['yes', 'no', '1', '', '0'])])),
        consentCategory: text,
      }),
    ),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
  (raw): OrderAttributionParams => {
    const p = raw.params ?? {};
    const prefix = (p.prefix ?? 'wc_order_attribution_').replace(/^_+|_+$/g, '');
    return {
      lifetimeMonths: p.lifetime === undefined ? 6 : Number(p.lifetime),
      sessionMinutes: p.session === undefined ? 30 : Number(p.session),
      base64: toFlag(p.base64, false),
      prefix: `${prefix}_`,
      allowTracking: p.allowTracking === undefined ? true : p.allowTracking === true || p.allowTracking === 'yes' || p.allowTracking === '1',
      consentCategory: p.consentCategory ?? '',
      fields: raw.fields ?? {},
    };
  },
);
