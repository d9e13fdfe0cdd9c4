/**
 * The buying half's settings globals (cart page, checkout, address fields, address autocomplete), read
 * through src/settings.ts's machinery. A module of their own so that the core every page downloads does
 * not carry them: only the cart and checkout widgets import this (issue 16).
 */
import { DEFAULT_WC_AJAX_URL, defineSettings, text, toFlag, toYes, flag, yesNo } from './settings';
import { z } from './validation';

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

/** wc_address_autocomplete_common_params: `address_providers` is still the raw value (a JSON string), parsed by its reader. */
export interface AddressAutocompleteParams {
  addressProviders: unknown;
}

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

export const cartParams = defineSettings(
  'wc_cart_params',
  z.object({
    ajax_url: text,
    wc_ajax_url: text,
    update_shipping_method_nonce: text,
    apply_coupon_nonce: text,
    remove_coupon_nonce: text,
  }),
  (raw): CartParams => ({
    wcAjaxUrl: raw.wc_ajax_url ?? DEFAULT_WC_AJAX_URL,
    updateShippingMethodNonce: raw.update_shipping_method_nonce ?? '',
    applyCouponNonce: raw.apply_coupon_nonce ?? '',
    removeCouponNonce: raw.remove_coupon_nonce ?? '',
  }),
);

export const checkoutParams = defineSettings(
  'wc_checkout_params',
  z.object({
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
  (raw): CheckoutParams => ({
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
);

// The country and locale maps are printed as JSON strings (with &quot; in older builds).
export const countrySelectParams = defineSettings(
  'wc_country_select_params',
  z.object({ countries: text, i18n_select_state_text: text, i18n_no_matches: text }),
  (raw): CountrySelectParams => ({
    countries: statesMap(jsonObject('wc_country_select_params', 'countries', raw.countries)),
    i18nSelectStateText: raw.i18n_select_state_text ?? 'Select an option…',
    i18nNoMatches: raw.i18n_no_matches ?? 'No matches found',
  }),
);

export const addressI18nParams = defineSettings(
  'wc_address_i18n_params',
  z.object({ locale: text, locale_fields: text, i18n_required_text: text, i18n_optional_text: text }),
  (raw): AddressI18nParams => ({
    locale: jsonObject('wc_address_i18n_params', 'locale', raw.locale),
    localeFields: jsonObject('wc_address_i18n_params', 'locale_fields', raw.locale_fields),
    i18nRequiredText: raw.i18n_required_text ?? 'required',
    i18nOptionalText: raw.i18n_optional_text ?? 'optional',
  }),
);

// Address autocomplete (wc-address-autocomplete-common): the server's providers as a JSON string.
export const addressAutocompleteParams = defineSettings(
  'wc_address_autocomplete_common_params',
  z.object({ address_providers: z.optional(z.unknown()) }),
  (raw): AddressAutocompleteParams => ({ addressProviders: raw.address_providers }),
);
