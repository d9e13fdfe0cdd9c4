// What each settings field holds, written by hand from the contracts (WooCommerce's and the plugins'
// wp_localize_script calls), apart from the zod schemas the product reads them with: the sweep asks this
// oracle which malformed values must be refused, so a schema that takes a value it should refuse (or
// refuses one it should take) shows as a failure instead of moving the target with it.

/**
 * - text: any string (urls, nonces, translated texts);
 * - flag: a PHP boolean as printed (true/false, '1'/'0'/'', 'yes'/'no');
 * - flag-or-text: a flag, or the name of a hook to wait for;
 * - count: a number ≥ min (a string of digits is what PHP often prints);
 * - choice: one of the listed words;
 * - record: an object of named entries; list: an array; record-or-list: PHP prints an empty map as [];
 * - lenient: read for display only, anything falls back to the default (no error);
 * - a `?` after the kind: null (or a missing value) is taken too.
 */
export type FieldKind =
  | { kind: 'text' | 'flag' | 'flag-or-text' | 'record' | 'list' | 'record-or-list' | 'lenient'; nullable?: boolean }
  | { kind: 'count'; min: number; nullable?: boolean }
  | { kind: 'choice'; words: readonly string[]; nullable?: boolean };

const text: FieldKind = { kind: 'text' };
const flag: FieldKind = { kind: 'flag' };
const record: FieldKind = { kind: 'record' };
const lenient: FieldKind = { kind: 'lenient' };
const count = (min: number, nullable = false): FieldKind => ({ kind: 'count', min, nullable });

const PHP_FLAGS: readonly unknown[] = [true, false, '1', '0', '', 'yes', 'no', 1, 0];
const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a field of this kind takes `value`. */
export function takes(field: FieldKind, value: unknown): boolean {
  if (value === null) return field.nullable === true || field.kind === 'lenient';
  switch (field.kind) {
    case 'text':
      return typeof value === 'string';
    case 'flag':
      return PHP_FLAGS.includes(value);
    case 'flag-or-text':
      return typeof value === 'boolean' || typeof value === 'string';
    case 'count': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
      return Number.isFinite(number) && number >= field.min;
    }
    case 'choice':
      return field.words.includes(value as string);
    case 'record':
      return isPlainObject(value);
    case 'list':
      return Array.isArray(value);
    case 'record-or-list':
      return isPlainObject(value) || Array.isArray(value);
    case 'lenient':
      return true;
  }
}

/** Every field of every settings global the sweep breaks, by global. */
export const FIELD_KINDS: Record<string, Record<string, FieldKind>> = {
  woocommerce_params: { ajax_url: text, wc_ajax_url: text, i18n_password_show: text, i18n_password_hide: text },
  wc_add_to_cart_params: { ajax_url: text, wc_ajax_url: text, i18n_view_cart: text, cart_url: text, is_cart: flag, cart_redirect_after_add: flag },
  wc_cart_fragments_params: { ajax_url: text, wc_ajax_url: text, cart_hash_key: text, fragment_name: text, request_timeout: count(0) },
  wc_add_to_cart_variation_params: {
    wc_ajax_url: text,
    i18n_no_matching_variations_text: text,
    i18n_make_a_selection_text: text,
    i18n_unavailable_text: text,
    i18n_reset_alert_text: text,
  },
  wc_single_product_params: {
    i18n_required_rating_text: text,
    // WooCommerce prints the five star labels as a list.
    i18n_rating_options: { kind: 'list' },
    i18n_product_gallery_trigger_text: text,
    review_rating_required: flag,
    zoom_enabled: flag,
    zoom_options: { kind: 'record-or-list' },
    photoswipe_enabled: flag,
    photoswipe_options: { kind: 'record-or-list' },
    flexslider_enabled: flag,
    flexslider: { kind: 'record-or-list' },
  },
  wc_cart_params: { ajax_url: text, wc_ajax_url: text, update_shipping_method_nonce: text, apply_coupon_nonce: text, remove_coupon_nonce: text },
  wc_checkout_params: {
    ajax_url: text,
    wc_ajax_url: text,
    update_order_review_nonce: text,
    apply_coupon_nonce: text,
    remove_coupon_nonce: text,
    option_guest_checkout: flag,
    checkout_url: text,
    is_checkout: flag,
    debug_mode: flag,
    i18n_checkout_error: text,
  },
  // The address scripts' tables are JSON in a string, as WooCommerce prints them.
  wc_country_select_params: { countries: text, i18n_select_state_text: text, i18n_no_matches: text },
  wc_address_i18n_params: { locale: text, locale_fields: text, i18n_required_text: text, i18n_optional_text: text },
  // Providers are checked one by one when they register; a broken list means none is declared.
  wc_address_autocomplete_common_params: { address_providers: lenient },
  cnArgs: {
    hideEffect: text,
    position: text,
    onScroll: flag,
    onScrollOffset: count(0),
    onClick: flag,
    cookieName: text,
    cookieTime: count(0),
    cookieTimeRejected: count(0),
    globalCookie: flag,
    redirection: flag,
    cache: flag,
    revokeCookies: flag,
    revokeCookiesOpt: text,
  },
  consent_api: { consent_type: text, waitfor_consent_hook: { kind: 'flag-or-text' }, cookie_expiration: count(0), cookie_prefix: text },
  mc4wp_submitted_form: { event: text, element_id: text, data: { kind: 'record-or-list' }, errors: lenient },
  ga4w: { data: record, settings: record },
  wc_order_attribution: { params: record, fields: record },
  cfvsw_swatches_settings: {
    ajax_url: text,
    remove_attr_class: { kind: 'choice', words: ['cfvsw-swatches-blur', 'cfvsw-swatches-blur-cross', 'cfvsw-swatches-hide'] },
    html_design: text,
    unavailable_text: text,
    ajax_add_to_cart_nonce: text,
    tooltip_image: flag,
    disable_out_of_stock: flag,
  },
  // The search plugin prints its options loosely (numbers and flags as strings, an empty list as ""): texts and
  // flags are read as WordPress would, and only numbers, lists and modes are checked.
  'swsL10n.widgets.1': {
    layout: lenient,
    columns: count(1, true),
    productSlug: lenient,
    maxHeight: count(0, true),
    popupHeight: count(0, true),
    maxHeightMobile: count(0, true),
    popupHeightMobile: count(0, true),
    minChars: count(1, true),
    charCount: count(1, true),
    disableAjax: lenient,
    no_results_text: lenient,
    noResultsText: lenient,
    loaderIcon: lenient,
    loaderImage: lenient,
    preventBadQueries: lenient,
    fullScreenMode: { kind: 'choice', words: ['desktop_only', 'mobile_only', 'enable'], nullable: true },
    placeholder: lenient,
    recentSearches: lenient,
    recentSearchesTitle: lenient,
    keywords: lenient,
    keywordsLabel: lenient,
    selectedCategories: { kind: 'record-or-list', nullable: true },
    selectedCategoriesLabel: lenient,
    selectedCategoriesLocation: lenient,
    selectedCategoriesMobile: lenient,
    selectedCategoriesCount: lenient,
    selectedCategoriesOnOpen: lenient,
    selectedProducts: { kind: 'record-or-list', nullable: true },
    selectedProductsLabel: lenient,
    selectedProductsMobile: lenient,
    promoBannerLocation: lenient,
    promoBannerImage: lenient,
    promoBannerLink: lenient,
    promoBannerOnOpen: lenient,
    selectedPromoBannerMobile: lenient,
  },
};
