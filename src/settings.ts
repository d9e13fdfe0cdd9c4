/**
 * Typed readers for the settings globals WooCommerce prints with wp_localize_script.
 *
 * This is the only module in src/ that reads `window.<global>`. wp_localize_script turns top-level
 * scalars into strings, so the pages carry "1"/"" for booleans, "yes"/"no" for options and "5000" for
 * numbers; filters may still hand us real booleans and numbers, so both are accepted. A missing global
 * means the feature's defaults; an invalid one is reported once and also falls back to the defaults.
 */
import * as s from './schema';

const text = s.optional(s.string);
const nonNegative = s.refine(s.number, (n) => n >= 0, 'expected a number ≥ 0');
const flag = s.optional(s.union([s.boolean, s.oneOf(['1', '', '0', 1, 0])]));
const yesNo = s.optional(s.union([s.boolean, s.oneOf(['yes', 'no'])]));
const count = s.optional(s.union([nonNegative, s.matches(/^\s*\d+\s*$/)]));
// PHP prints an empty associative array as [], so option bags may arrive as arrays.
const bag = s.optional(s.union([s.record(s.unknown), s.array(s.unknown)]));

const schemas = {
  woocommerce_params: s.object({ ajax_url: text, wc_ajax_url: text, i18n_password_show: text, i18n_password_hide: text }),
  wc_add_to_cart_params: s.object({
    ajax_url: text,
    wc_ajax_url: text,
    i18n_view_cart: text,
    cart_url: text,
    is_cart: flag,
    cart_redirect_after_add: yesNo,
  }),
  wc_cart_fragments_params: s.object({
    ajax_url: text,
    wc_ajax_url: text,
    cart_hash_key: text,
    fragment_name: text,
    request_timeout: count,
  }),
  wc_add_to_cart_variation_params: s.object({
    wc_ajax_url: text,
    i18n_no_matching_variations_text: text,
    i18n_make_a_selection_text: text,
    i18n_unavailable_text: text,
    i18n_reset_alert_text: text,
  }),
  wc_single_product_params: s.object({
    i18n_required_rating_text: text,
    i18n_rating_options: s.optional(s.array(s.string)),
    i18n_product_gallery_trigger_text: text,
    review_rating_required: yesNo,
    zoom_enabled: flag,
    zoom_options: bag,
    photoswipe_enabled: flag,
    photoswipe_options: bag,
    flexslider_enabled: flag,
    flexslider: bag,
  }),
  // Cookie Notice (cnArgs, json-encoded: real booleans and numbers; older versions printed strings).
  cnArgs: s.object({
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
  // WP Consent API (consent_api, wp_localize_script: scalars as strings).
  consent_api: s.object({
    consent_type: text,
    waitfor_consent_hook: s.optional(s.union([s.boolean, s.string])),
    cookie_expiration: count,
    cookie_prefix: text,
  }),
  // Mailchimp for WordPress after a form post (mc4wp_submitted_form).
  mc4wp_submitted_form: s.object({
    event: text,
    element_id: text,
    data: bag,
    errors: s.optional(s.unknown),
  }),
  // WooCommerce Google Analytics Integration (window.ga4w): the tag function's name and the order data.
  ga4w: s.object({
    data: s.optional(s.object({ order: s.optional(s.nullable(s.unknown)) })),
    settings: s.optional(s.object({ tracker_function_name: text })),
  }),
  wc_cart_params: s.object({
    ajax_url: text,
    wc_ajax_url: text,
    update_shipping_method_nonce: text,
    apply_coupon_nonce: text,
    remove_coupon_nonce: text,
  }),
  wc_checkout_params: s.object({
    ajax_url: text,
    wc_ajax_url: text,
    update_order_review_nonce: text,
    apply_coupon_nonce: text,
    remove_coupon_nonce: text,
    option_guest_checkout: yesNo,
    checkout_url: text,
    is_checkout: flag,
    debug_mode: flag,
    i18n_checkout_error: text,
  }),
  // The country and locale maps are printed as JSON strings (with &quot; in older builds).
  wc_country_select_params: s.object({ countries: text, i18n_select_state_text: text, i18n_no_matches: text }),
  wc_address_i18n_params: s.object({ locale: text, locale_fields: text, i18n_required_text: text, i18n_optional_text: text }),
  // Order attribution (wc-order-attribution): lifetime in months, session in minutes; fields: field → sbjs path.
  wc_order_attribution: s.object({
    params: s.optional(
      s.object({
        lifetime: s.optional(s.union([nonNegative, s.matches(/^\s*\d*\.?\d+(e-?\d+)?\s*$/i)])),
        session: count,
        base64: flag,
        prefix: text,
        allowTracking: s.optional(s.union([s.boolean, s.oneOf(['yes', 'no', '1', '', '0'])])),
        consentCategory: text,
      }),
    ),
    fields: s.optional(s.record(s.string)),
  }),
  // Address autocomplete (wc-address-autocomplete-common): the server's providers as a JSON string.
  wc_address_autocomplete_common_params: s.object({ address_providers: s.optional(s.unknown) }),
};

export type SettingsName = keyof typeof schemas;
/** The schemas themselves, for tests that generate malformed settings from them (the resilience sweep). */
export { schemas as settingsSchemas };
type Raw<K extends SettingsName> = s.Infer<(typeof schemas)[K]>;

export const DEFAULT_AJAX_URL = '/wp-admin/admin-ajax.php';
export const DEFAULT_WC_AJAX_URL = '/?wc-ajax=%%endpoint%%';

export interface WooCommerceParams {
  ajaxUrl: string;
  wcAjaxUrl: string;
  i18nPasswordShow: string;
  i18nPasswordHide: string;
}
export interface AddToCartParams {
  ajaxUrl: string;
  wcAjaxUrl: string;
  i18nViewCart: string;
  cartUrl: string;
  isCart: boolean;
  cartRedirectAfterAdd: boolean;
}
export interface CartFragmentsParams {
  ajaxUrl: string;
  wcAjaxUrl: string;
  cartHashKey: string;
  fragmentName: string;
  /** Milliseconds; 0 means no timeout. */
  requestTimeout: number;
}
export interface VariationParams {
  wcAjaxUrl: string;
  i18nNoMatchingVariationsText: string;
  i18nMakeASelectionText: string;
  i18nUnavailableText: string;
  i18nResetAlertText: string;
}
export interface SingleProductParams {
  i18nRequiredRatingText: string;
  i18nRatingOptions: string[];
  i18nProductGalleryTriggerText: string;
  reviewRatingRequired: boolean;
  zoomEnabled: boolean;
  zoomOptions: Record<string, unknown>;
  photoswipeEnabled: boolean;
  photoswipeOptions: Record<string, unknown>;
  flexsliderEnabled: boolean;
  flexslider: Record<string, unknown>;
}

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

export interface CartParams {
  wcAjaxUrl: string;
  updateShippingMethodNonce: string;
  applyCouponNonce: string;
  removeCouponNonce: string;
}
export interface CheckoutParams {
  wcAjaxUrl: string;
  updateOrderReviewNonce: string;
  applyCouponNonce: string;
  removeCouponNonce: string;
  guestCheckout: boolean;
  /** Where the order is posted (`/?wc-ajax=checkout`). */
  checkoutUrl: string;
  isCheckout: boolean;
  /** Markup (a link to the order history), as WooCommerce localizes it. */
  i18nCheckoutError: string;
}
/** country code → state code → name; an empty map: the country has no states (the field is hidden). */
export type StatesByCountry = Record<string, Record<string, string>>;
export interface CountrySelectParams {
  countries: StatesByCountry;
  i18nSelectStateText: string;
  i18nNoMatches: string;
}
export interface FieldLocale {
  label?: string;
  placeholder?: string;
  required?: boolean;
  hidden?: boolean;
  priority?: number;
  class?: string[];
}
export interface AddressI18nParams {
  /** country code (and `default`) → field key → locale. */
  locale: Record<string, Record<string, FieldLocale>>;
  /** field key → selector of its rows. */
  localeFields: Record<string, string>;
  i18nRequiredText: string;
  i18nOptionalText: string;
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
/** wc_address_autocomplete_common_params: `address_providers` is still the raw value (a JSON string), parsed by its reader. */
export interface AddressAutocompleteParams {
  addressProviders: unknown;
}

export interface Settings {
  woocommerce_params: WooCommerceParams;
  wc_add_to_cart_params: AddToCartParams;
  wc_cart_fragments_params: CartFragmentsParams;
  wc_add_to_cart_variation_params: VariationParams;
  wc_single_product_params: SingleProductParams;
  wc_cart_params: CartParams;
  wc_checkout_params: CheckoutParams;
  wc_country_select_params: CountrySelectParams;
  wc_address_i18n_params: AddressI18nParams;
  wc_order_attribution: OrderAttributionParams;
  wc_address_autocomplete_common_params: AddressAutocompleteParams;
  cnArgs: CookieNoticeArgs;
  consent_api: ConsentApiParams;
  mc4wp_submitted_form: SubmittedForm;
  ga4w: AnalyticsParams;
}

const toFlag = (value: boolean | string | number | undefined, fallback: boolean): boolean =>
  value === undefined ? fallback : value === true || value === '1' || value === 1;
const toYes = (value: boolean | string | undefined, fallback: boolean): boolean =>
  value === undefined ? fallback : value === true || value === 'yes';
const toBag = (value: unknown, fallback: Record<string, unknown>): Record<string, unknown> =>
  value === undefined ? { ...fallback } : Array.isArray(value) ? {} : { ...(value as Record<string, unknown>) };

/** WooCommerce's own option defaults (class-wc-frontend-scripts.php), used when a theme omits them. */
const FLEXSLIDER_DEFAULTS = {
  rtl: false,
  animation: 'slide',
  smoothHeight: true,
  directionNav: false,
  controlNav: 'thumbnails',
  slideshow: false,
  animationSpeed: 500,
  animationLoop: false,
  allowOneSlide: false,
};
const PHOTOSWIPE_DEFAULTS = {
  shareEl: false,
  closeOnScroll: false,
  history: false,
  hideAnimationDuration: 0,
  showAnimationDuration: 0,
};

/** Parses a JSON string WooCommerce printed inside a global; reports and falls back when it is not an object. */
function jsonObject<T>(global: string, field: string, value: string | undefined): T | Record<string, never> {
  if (value === undefined || value === '') return {};
  try {
    const parsed: unknown = JSON.parse(value.replace(/&quot;/g, '"'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as T;
  } catch {
    // reported below
  }
  console.error(`[vitrine] window.${global}.${field} is not a JSON object; using none.`);
  return {};
}

/** PHP prints a country without states as [] and one with states as an object. */
function statesMap(raw: Record<string, unknown>): StatesByCountry {
  const out: StatesByCountry = {};
  for (const [code, states] of Object.entries(raw)) {
    if (Array.isArray(states)) out[code] = {};
    else if (states && typeof states === 'object') out[code] = Object.fromEntries(Object.entries(states).map(([k, v]) => [k, String(v)]));
  }
  return out;
}

const normalise: { [K in SettingsName]: (raw: Raw<K>) => Settings[K] } = {
  woocommerce_params: (raw) => ({
    ajaxUrl: raw.ajax_url ?? DEFAULT_AJAX_URL,
    wcAjaxUrl: raw.wc_ajax_url ?? DEFAULT_WC_AJAX_URL,
    i18nPasswordShow: raw.i18n_password_show ?? 'Show password',
    i18nPasswordHide: raw.i18n_password_hide ?? 'Hide password',
  }),
  wc_add_to_cart_params: (raw) => ({
    ajaxUrl: raw.ajax_url ?? DEFAULT_AJAX_URL,
    wcAjaxUrl: raw.wc_ajax_url ?? DEFAULT_WC_AJAX_URL,
    i18nViewCart: raw.i18n_view_cart ?? 'View cart',
    cartUrl: raw.cart_url ?? '/cart/',
    isCart: toFlag(raw.is_cart, false),
    cartRedirectAfterAdd: toYes(raw.cart_redirect_after_add, false),
  }),
  wc_cart_fragments_params: (raw) => ({
    ajaxUrl: raw.ajax_url ?? DEFAULT_AJAX_URL,
    wcAjaxUrl: raw.wc_ajax_url ?? DEFAULT_WC_AJAX_URL,
    // Without the global the real keys (md5 of the site) are unknown; these still keep tabs in sync.
    cartHashKey: raw.cart_hash_key ?? 'wc_cart_hash',
    fragmentName: raw.fragment_name ?? 'wc_fragments',
    requestTimeout: raw.request_timeout === undefined ? 5000 : Number(raw.request_timeout),
  }),
  wc_add_to_cart_variation_params: (raw) => ({
    wcAjaxUrl: raw.wc_ajax_url ?? DEFAULT_WC_AJAX_URL,
    i18nNoMatchingVariationsText:
      raw.i18n_no_matching_variations_text ??
      'Sorry, no products matched your selection. Please choose a different combination.',
    i18nMakeASelectionText:
      raw.i18n_make_a_selection_text ?? 'Please select some product options before adding this product to your cart.',
    i18nUnavailableText:
      raw.i18n_unavailable_text ?? 'Sorry, this product is unavailable. Please choose a different combination.',
    i18nResetAlertText:
      raw.i18n_reset_alert_text ??
      'Your selection has been reset. Please select some product options before adding this product to your cart.',
  }),
  wc_single_product_params: (raw) => ({
    i18nRequiredRatingText: raw.i18n_required_rating_text ?? 'Please select a rating',
    i18nRatingOptions: raw.i18n_rating_options ?? [1, 2, 3, 4, 5].map((n) => `${n} of 5 stars`),
    i18nProductGalleryTriggerText: raw.i18n_product_gallery_trigger_text ?? 'View full-screen image gallery',
    // The option woocommerce_review_rating_required defaults to "yes".
    reviewRatingRequired: toYes(raw.review_rating_required, true),
    // The gallery features need theme support, so they are off unless the page says otherwise.
    zoomEnabled: toFlag(raw.zoom_enabled, false),
    zoomOptions: toBag(raw.zoom_options, {}),
    photoswipeEnabled: toFlag(raw.photoswipe_enabled, false),
    photoswipeOptions: toBag(raw.photoswipe_options, PHOTOSWIPE_DEFAULTS),
    flexsliderEnabled: toFlag(raw.flexslider_enabled, false),
    flexslider: toBag(raw.flexslider, FLEXSLIDER_DEFAULTS),
  }),
  wc_cart_params: (raw) => ({
    wcAjaxUrl: raw.wc_ajax_url ?? DEFAULT_WC_AJAX_URL,
    updateShippingMethodNonce: raw.update_shipping_method_nonce ?? '',
    applyCouponNonce: raw.apply_coupon_nonce ?? '',
    removeCouponNonce: raw.remove_coupon_nonce ?? '',
  }),
  wc_checkout_params: (raw) => ({
    wcAjaxUrl: raw.wc_ajax_url ?? DEFAULT_WC_AJAX_URL,
    updateOrderReviewNonce: raw.update_order_review_nonce ?? '',
    applyCouponNonce: raw.apply_coupon_nonce ?? '',
    removeCouponNonce: raw.remove_coupon_nonce ?? '',
    guestCheckout: toYes(raw.option_guest_checkout, true),
    checkoutUrl: raw.checkout_url ?? DEFAULT_WC_AJAX_URL.replace('%%endpoint%%', 'checkout'),
    isCheckout: toFlag(raw.is_checkout, false),
    i18nCheckoutError:
      raw.i18n_checkout_error ??
      'There was an error processing your order. Please check for any charges in your payment method and review your order history before placing the order again.',
  }),
  wc_country_select_params: (raw) => ({
    countries: statesMap(jsonObject('wc_country_select_params', 'countries', raw.countries)),
    i18nSelectStateText: raw.i18n_select_state_text ?? 'Select an option…',
    i18nNoMatches: raw.i18n_no_matches ?? 'No matches found',
  }),
  wc_address_i18n_params: (raw) => ({
    locale: jsonObject('wc_address_i18n_params', 'locale', raw.locale),
    localeFields: jsonObject('wc_address_i18n_params', 'locale_fields', raw.locale_fields),
    i18nRequiredText: raw.i18n_required_text ?? 'required',
    i18nOptionalText: raw.i18n_optional_text ?? 'optional',
  }),
  wc_order_attribution: (raw) => {
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
  wc_address_autocomplete_common_params: (raw) => ({ addressProviders: raw.address_providers }),
  cnArgs: (raw) => ({
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
  consent_api: (raw) => ({
    consentType: raw.consent_type ?? '',
    waitforConsentHook: raw.waitfor_consent_hook === true || (typeof raw.waitfor_consent_hook === 'string' && raw.waitfor_consent_hook !== '' && raw.waitfor_consent_hook !== '0'),
    cookieExpiration: raw.cookie_expiration === undefined ? 30 : Number(raw.cookie_expiration),
    cookiePrefix: raw.cookie_prefix || 'wp_consent',
  }),
  mc4wp_submitted_form: (raw) => ({
    event: raw.event ?? '',
    elementId: raw.element_id ?? '',
    data: toBag(raw.data, {}),
    hasErrors: raw.errors !== undefined && raw.errors !== null && !(Array.isArray(raw.errors) && raw.errors.length === 0),
  }),
  ga4w: (raw) => ({
    trackerFunctionName: raw.settings?.tracker_function_name || 'gtag',
    order: raw.data?.order ?? null,
  }),
};

function rawGlobal(name: SettingsName): unknown {
  return (globalThis as unknown as Record<string, unknown>)[name];
}

function describeIssue(issue: s.Issue, value: unknown): string {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '(the global itself)';
  if (issue.expected) return `${field}: expected ${String(issue.expected)}`;
  // Unions ("1"/"", "yes"/"no") only say "Invalid input"; the offending value says more.
  const found = issue.path.reduce<unknown>((node, key) => (node as Record<PropertyKey, unknown>)?.[key], value);
  return `${field}: unexpected value ${JSON.stringify(found)}`;
}

const cache = new Map<SettingsName, Settings[SettingsName]>();

/** Reads, validates and normalises one settings global; cached per global. */
export function readSettings<K extends SettingsName>(name: K): Settings[K] {
  const cached = cache.get(name);
  if (cached) return cached as Settings[K];
  const value = rawGlobal(name);
  const result = s.safeParse<unknown>(schemas[name], value ?? {});
  let settings: Settings[K];
  if (result.success) {
    settings = normalise[name](result.data as Raw<K>);
  } else {
    const issues = result.issues.map((issue) => describeIssue(issue, value)).join('; ');
    console.error(`[vitrine] window.${name} is invalid (${issues}); using the defaults.`);
    settings = normalise[name]({} as Raw<K>);
  }
  cache.set(name, settings);
  return settings;
}

/** Whether the page printed the global; WooCommerce's scripts stay inert without theirs. */
export function hasSettings(name: SettingsName): boolean {
  return rawGlobal(name) !== undefined && rawGlobal(name) !== null;
}

export const woocommerceParams = (): WooCommerceParams => readSettings('woocommerce_params');
export const addToCartParams = (): AddToCartParams => readSettings('wc_add_to_cart_params');
export const cartFragmentsParams = (): CartFragmentsParams => readSettings('wc_cart_fragments_params');
export const variationParams = (): VariationParams => readSettings('wc_add_to_cart_variation_params');
export const singleProductParams = (): SingleProductParams => readSettings('wc_single_product_params');
export const cartParams = (): CartParams => readSettings('wc_cart_params');
export const checkoutParams = (): CheckoutParams => readSettings('wc_checkout_params');
export const countrySelectParams = (): CountrySelectParams => readSettings('wc_country_select_params');
export const addressI18nParams = (): AddressI18nParams => readSettings('wc_address_i18n_params');
export const orderAttributionParams = (): OrderAttributionParams => readSettings('wc_order_attribution');
export const addressAutocompleteParams = (): AddressAutocompleteParams => readSettings('wc_address_autocomplete_common_params');
export const cookieNoticeArgs = (): CookieNoticeArgs => readSettings('cnArgs');
export const consentApiParams = (): ConsentApiParams => readSettings('consent_api');
export const submittedForm = (): SubmittedForm | null => (hasSettings('mc4wp_submitted_form') ? readSettings('mc4wp_submitted_form') : null);
export const analyticsParams = (): AnalyticsParams => readSettings('ga4w');

/**
 * Page-level functions other scripts define (the tag function, WP Consent API's wp_has_consent, its
 * window.wp_consent_type): read and written here only, so the rest of src/ never touches window by name.
 */
export function pageGlobal(name: string): unknown {
  return (globalThis as unknown as Record<string, unknown>)[name];
}
export function setPageGlobal(name: string, value: unknown): void {
  (globalThis as unknown as Record<string, unknown>)[name] = value;
}

/**
 * The ajax addresses, from the first global the page printed: woocommerce_params is on every page,
 * but a theme may dequeue woocommerce.js and keep the add-to-cart or fragments script.
 */
export function ajaxUrls(): { ajaxUrl: string; wcAjaxUrl: string } {
  const sources = ['woocommerce_params', 'wc_add_to_cart_params', 'wc_cart_fragments_params'] as const;
  for (const name of sources) {
    if (!hasSettings(name)) continue;
    const { ajaxUrl, wcAjaxUrl } = readSettings(name);
    return { ajaxUrl, wcAjaxUrl };
  }
  const variation = hasSettings('wc_add_to_cart_variation_params') ? variationParams().wcAjaxUrl : DEFAULT_WC_AJAX_URL;
  return { ajaxUrl: DEFAULT_AJAX_URL, wcAjaxUrl: variation };
}

let stringOverridesCache: Readonly<Record<string, string>> | null = null;

/**
 * `window.vitrine_strings`: a site owner's or translator's replacements for Vitrine's own texts
 * (src/strings.ts), `{ key: text }`. Invalid: reported once, the built-in texts stay.
 */
export function stringOverrides(): Readonly<Record<string, string>> {
  if (stringOverridesCache) return stringOverridesCache;
  const raw = (globalThis as unknown as Record<string, unknown>).vitrine_strings;
  const result = s.safeParse(s.record(s.string), raw ?? {});
  if (!result.success) console.error('[vitrine] window.vitrine_strings is invalid (expected an object of texts); using the built-in texts.');
  stringOverridesCache = result.success ? result.data : {};
  return stringOverridesCache;
}

/** Tests change the globals between cases. */
export function resetSettingsCache(): void {
  cache.clear();
  stringOverridesCache = null;
}
