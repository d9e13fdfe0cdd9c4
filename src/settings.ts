/**
 * Typed readers for the settings globals WooCommerce prints with wp_localize_script.
 *
 * This is the only module in src/ that reads `window.<global>` (with settings-buying.ts and
 * settings-privacy.ts, which hold the cart, checkout, consent and measurement globals apart so the core
 * every page downloads does not carry them). wp_localize_script turns top-level scalars into strings, so
 * the pages carry "1"/"" for booleans, "yes"/"no" for options and "5000" for numbers; filters may still
 * hand us real booleans and numbers, so both are accepted. A missing global means the feature's
 * defaults; an invalid one is reported once and also falls back to the defaults.
 *
 * The schemas are zod's (`zod/mini`); src/validation.ts turns its issues into the wording of the errors below.
 */
import { type Issue, safeParse, valueAt, z } from './validation';

export const text = z.optional(z.string());
export const nonNegative = z.number().check(z.refine((n) => n >= 0, { error: 'expected a number ≥ 0' }));
export const flag = z.optional(z.union([z.boolean(), z.literal(['1', '', '0', 1, 0])]));
export const yesNo = z.optional(z.union([z.boolean(), z.literal(['yes', 'no'])]));
export const count = z.optional(z.union([nonNegative, z.string().check(z.regex(/^\s*\d+\s*$/))]));
// PHP prints an empty associative array as [], so option bags may arrive as arrays.
export const bag = z.optional(z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]));

/** A settings global's schema: an object of fields, each of which the resilience sweep reads from `shape`. */
export type SettingsSchema<S extends z.core.$ZodLooseShape = z.core.$ZodLooseShape> = z.ZodMiniObject<S>;

export const toFlag = (value: boolean | string | number | undefined, fallback: boolean): boolean =>
  value === undefined ? fallback : value === true || value === '1' || value === 1;
export const toYes = (value: boolean | string | undefined, fallback: boolean): boolean =>
  value === undefined ? fallback : value === true || value === 'yes';
export const toBag = (value: unknown, fallback: Record<string, unknown>): Record<string, unknown> =>
  value === undefined ? { ...fallback } : Array.isArray(value) ? {} : { ...(value as Record<string, unknown>) };

export const DEFAULT_AJAX_URL = '/wp-admin/admin-ajax.php';
export const DEFAULT_WC_AJAX_URL = '/?wc-ajax=%%endpoint%%';

interface SettingsReader {
  schema: SettingsSchema;
  normalise: (raw: never) => unknown;
}
const readers = new Map<string, SettingsReader>();
const cache = new Map<string, unknown>();

function rawGlobal(name: string): unknown {
  return (globalThis as unknown as Record<string, unknown>)[name];
}

function describeIssue(issue: Issue, value: unknown): string {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '(the global itself)';
  if (issue.expected) return `${field}: expected ${String(issue.expected)}`;
  // For unions ("1"/"", "yes"/"no") the offending value says more than the options would.
  return `${field}: unexpected value ${JSON.stringify(valueAt(value, issue.path))}`;
}

/** Reads, validates and normalises one settings global (registered by defineSettings); cached per global. */
export function readSettings(name: string): unknown {
  if (cache.has(name)) return cache.get(name);
  const reader = readers.get(name);
  if (!reader) throw new Error(`[vitrine] no reader is defined for window.${name}`);
  const value = rawGlobal(name);
  const result = safeParse(reader.schema, value ?? {});
  let settings: unknown;
  if (result.success) {
    settings = reader.normalise(result.data as never);
  } else {
    const issues = result.issues.map((issue) => describeIssue(issue, value)).join('; ');
    console.error(`[vitrine] window.${name} is invalid (${issues}); using the defaults.`);
    settings = reader.normalise({} as never);
  }
  cache.set(name, settings);
  return settings;
}

/**
 * One settings global: its schema and how its raw fields become the settings widgets read (defaults
 * filled in). Returns the global's reader.
 */
export function defineSettings<S extends z.core.$ZodLooseShape, T>(name: string, schema: SettingsSchema<S>, normalise: (raw: z.output<SettingsSchema<S>>) => T): () => T {
  readers.set(name, { schema: schema as unknown as SettingsSchema, normalise: normalise as (raw: never) => unknown });
  return () => readSettings(name) as T;
}

/** The schemas of every global defined so far, for tests that generate malformed settings from them (the resilience sweep). */
export function settingsSchemas(): Record<string, SettingsSchema> {
  return Object.fromEntries([...readers].map(([name, reader]) => [name, reader.schema]));
}

/** Whether the page printed the global; WooCommerce's scripts stay inert without theirs. */
export function hasSettings(name: string): boolean {
  return rawGlobal(name) !== undefined && rawGlobal(name) !== null;
}

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

export const woocommerceParams = defineSettings(
  'woocommerce_params',
  z.object({ ajax_url: text, wc_ajax_url: text, i18n_password_show: text, i18n_password_hide: text }),
  (raw): WooCommerceParams => ({
    ajaxUrl: raw.ajax_url ?? DEFAULT_AJAX_URL,
    wcAjaxUrl: raw.wc_ajax_url ?? DEFAULT_WC_AJAX_URL,
    i18nPasswordShow: raw.i18n_password_show ?? 'Show password',
    i18nPasswordHide: raw.i18n_password_hide ?? 'Hide password',
  }),
);

export const addToCartParams = defineSettings(
  'wc_add_to_cart_params',
  z.object({
    ajax_url: text,
    wc_ajax_url: text,
    i18n_view_cart: text,
    cart_url: text,
    is_cart: flag,
    cart_redirect_after_add: yesNo,
  }),
  (raw): AddToCartParams => ({
    ajaxUrl: raw.ajax_url ?? DEFAULT_AJAX_URL,
    wcAjaxUrl: raw.wc_ajax_url ?? DEFAULT_WC_AJAX_URL,
    i18nViewCart: raw.i18n_view_cart ?? 'View cart',
    cartUrl: raw.cart_url ?? '/cart/',
    isCart: toFlag(raw.is_cart, false),
    cartRedirectAfterAdd: toYes(raw.cart_redirect_after_add, false),
  }),
);

export const cartFragmentsParams = defineSettings(
  'wc_cart_fragments_params',
  z.object({
    ajax_url: text,
    wc_ajax_url: text,
    cart_hash_key: text,
    fragment_name: text,
    request_timeout: count,
  }),
  (raw): CartFragmentsParams => ({
    ajaxUrl: raw.ajax_url ?? DEFAULT_AJAX_URL,
    wcAjaxUrl: raw.wc_ajax_url ?? DEFAULT_WC_AJAX_URL,
    // Without the global the real keys (md5 of the site) are unknown; these still keep tabs in sync.
    cartHashKey: raw.cart_hash_key ?? 'wc_cart_hash',
    fragmentName: raw.fragment_name ?? 'wc_fragments',
    requestTimeout: raw.request_timeout === undefined ? 5000 : Number(raw.request_timeout),
  }),
);

export const variationParams = defineSettings(
  'wc_add_to_cart_variation_params',
  z.object({
    wc_ajax_url: text,
    i18n_no_matching_variations_text: text,
    i18n_make_a_selection_text: text,
    i18n_unavailable_text: text,
    i18n_reset_alert_text: text,
  }),
  (raw): VariationParams => ({
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
);

export const singleProductParams = defineSettings(
  'wc_single_product_params',
  z.object({
    i18n_required_rating_text: text,
    i18n_rating_options: z.optional(z.array(z.string())),
    i18n_product_gallery_trigger_text: text,
    review_rating_required: yesNo,
    zoom_enabled: flag,
    zoom_options: bag,
    photoswipe_enabled: flag,
    photoswipe_options: bag,
    flexslider_enabled: flag,
    flexslider: bag,
  }),
  (raw): SingleProductParams => ({
    i18nRequiredRatingText: raw.i18n_required_rating_text ?? 'Please select a rating',
    // Printed since WooCommerce 9.7; before, each star is named by Vitrine's own translatable text (ratingLabel).
    i18nRatingOptions: raw.i18n_rating_options ?? [],
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
);

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
    const { ajaxUrl, wcAjaxUrl } = readSettings(name) as { ajaxUrl: string; wcAjaxUrl: string };
    return { ajaxUrl, wcAjaxUrl };
  }
  const variation = hasSettings('wc_add_to_cart_variation_params') ? variationParams().wcAjaxUrl : DEFAULT_WC_AJAX_URL;
  return { ajaxUrl: DEFAULT_AJAX_URL, wcAjaxUrl: variation };
}

let stringOverridesCache: Readonly<Record<string, string>> | null = null;

/**
 * `window.vitrine_strings`: a site owner's or translator's replacements for Vitrine's own texts
 * (widgets/<name>/strings.ts, src/strings.ts), `{ key: text }`. Invalid: reported once, the built-in texts stay.
 */
export function stringOverrides(): Readonly<Record<string, string>> {
  if (stringOverridesCache) return stringOverridesCache;
  const raw = (globalThis as unknown as Record<string, unknown>).vitrine_strings;
  const result = safeParse(z.record(z.string(), z.string()), raw ?? {});
  if (!result.success) console.error('[vitrine] window.vitrine_strings is invalid (expected an object of texts); using the built-in texts.');
  stringOverridesCache = result.success ? result.data : {};
  return stringOverridesCache;
}

/** Tests change the globals between cases. */
export function resetSettingsCache(): void {
  cache.clear();
  stringOverridesCache = null;
}
