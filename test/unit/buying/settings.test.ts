import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSettingsCache } from '../../../src/settings';
import { addressI18nParams, cartParams, checkoutParams, countrySelectParams } from '../../../src/settings-buying';
import { ADDRESS_I18N_PARAMS, COUNTRY_SELECT_PARAMS } from '../../fixtures/address-data';

// The cart and checkout globals as the captured cart.html and checkout.html print them (WooCommerce 10.0.2).
const w = window as unknown as Record<string, unknown>;
const CART = JSON.parse('{"ajax_url":"\\/wp-admin\\/admin-ajax.php","wc_ajax_url":"\\/?wc-ajax=%%endpoint%%","update_shipping_method_nonce":"4624a20cc5","apply_coupon_nonce":"467887eff6","remove_coupon_nonce":"702769afc4"}');
const CHECKOUT = JSON.parse(
  '{"ajax_url":"\\/wp-admin\\/admin-ajax.php","wc_ajax_url":"\\/?wc-ajax=%%endpoint%%","update_order_review_nonce":"bc1eec1f91","apply_coupon_nonce":"467887eff6","remove_coupon_nonce":"702769afc4","option_guest_checkout":"yes","checkout_url":"\\/?wc-ajax=checkout","is_checkout":"1","debug_mode":"1","i18n_checkout_error":"There was an error processing your order. Please check for any charges in your payment method and review your <a href=\\"\\/my-account\\/orders\\/\\">order history<\\/a> before placing the order again."}',
);

describe('cart and checkout settings', () => {
  afterEach(() => {
    for (const name of ['wc_cart_params', 'wc_checkout_params', 'wc_country_select_params', 'wc_address_i18n_params']) delete w[name];
    resetSettingsCache();
    vi.restoreAllMocks();
  });

  it('reads the captured globals: nonces, the checkout address, the state lists and the locale (JSON strings)', () => {
    Object.assign(w, { wc_cart_params: CART, wc_checkout_params: CHECKOUT, wc_country_select_params: COUNTRY_SELECT_PARAMS, wc_address_i18n_params: ADDRESS_I18N_PARAMS });
    resetSettingsCache();
    expect(cartParams()).toMatchObject({ updateShippingMethodNonce: '4624a20cc5', applyCouponNonce: '467887eff6', removeCouponNonce: '702769afc4' });
    expect(checkoutParams()).toMatchObject({ checkoutUrl: '/?wc-ajax=checkout', isCheckout: true, guestCheckout: true, updateOrderReviewNonce: 'bc1eec1f91' });
    expect(checkoutParams().i18nCheckoutError).toContain('<a href="/my-account/orders/">');
    const countries = countrySelectParams().countries;
    expect(countries.US?.NY).toBe('New York');
    expect(countries.AT).toEqual({});
    expect(countries.GB).toBeUndefined();
    expect(addressI18nParams().locale.GB?.state?.label).toBe('County');
    expect(addressI18nParams().localeFields.state).toContain('#billing_state_field');
  });

  it('a country map that is not JSON is reported once and read as none', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    w.wc_country_select_params = { countries: '{"US": {"NY"', i18n_select_state_text: 'Select an option…' };
    resetSettingsCache();
    expect(countrySelectParams().countries).toEqual({});
    expect(error).toHaveBeenCalledWith(expect.stringContaining('wc_country_select_params.countries'));
  });

  it('an invalid checkout global names the field and falls back to the defaults', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    w.wc_checkout_params = { ...CHECKOUT, checkout_url: 42 };
    resetSettingsCache();
    expect(checkoutParams().checkoutUrl).toBe('/?wc-ajax=checkout');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('checkout_url'));
  });
});
