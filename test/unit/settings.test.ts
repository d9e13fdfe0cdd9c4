import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCartParams, ajaxUrls, cartFragmentsParams, hasSettings, readSettings, resetSettingsCache, singleProductParams, variationParams, woocommerceParams } from '../../src/settings';

// Printed verbatim by the captured pages in test/fixtures/captures/ (WooCommerce 10.0.2).
const PAGE = {
  woocommerce_params: JSON.parse(
    '{"ajax_url":"\\/wp-admin\\/admin-ajax.php","wc_ajax_url":"\\/?wc-ajax=%%endpoint%%","i18n_password_show":"Show password","i18n_password_hide":"Hide password"}',
  ),
  wc_add_to_cart_params: JSON.parse(
    '{"ajax_url":"\\/wp-admin\\/admin-ajax.php","wc_ajax_url":"\\/?wc-ajax=%%endpoint%%","i18n_view_cart":"View cart","cart_url":"\\/cart\\/","is_cart":"","cart_redirect_after_add":"no"}',
  ),
  wc_cart_fragments_params: JSON.parse(
    '{"ajax_url":"\\/wp-admin\\/admin-ajax.php","wc_ajax_url":"\\/?wc-ajax=%%endpoint%%","cart_hash_key":"wc_cart_hash_d8818aa97525decf3f68c9abce060da0","fragment_name":"wc_fragments_d8818aa97525decf3f68c9abce060da0","request_timeout":"5000"}',
  ),
  wc_single_product_params: JSON.parse(
    '{"i18n_required_rating_text":"Please select a rating","i18n_rating_options":["1 of 5 stars","2 of 5 stars","3 of 5 stars","4 of 5 stars","5 of 5 stars"],"i18n_product_gallery_trigger_text":"View full-screen image gallery","review_rating_required":"yes","flexslider":{"rtl":false,"animation":"slide","smoothHeight":true,"directionNav":false,"controlNav":"thumbnails","slideshow":false,"animationSpeed":500,"animationLoop":false,"allowOneSlide":false},"zoom_enabled":"1","zoom_options":[],"photoswipe_enabled":"1","photoswipe_options":{"shareEl":false,"closeOnScroll":false,"history":false,"hideAnimationDuration":0,"showAnimationDuration":0},"flexslider_enabled":"1"}',
  ),
};

let errors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  resetSettingsCache();
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetSettingsCache();
});

describe('genuine globals', () => {
  it('reads woocommerce_params as printed', () => {
    vi.stubGlobal('woocommerce_params', PAGE.woocommerce_params);
    expect(woocommerceParams()).toEqual({
      ajaxUrl: '/wp-admin/admin-ajax.php',
      wcAjaxUrl: '/?wc-ajax=%%endpoint%%',
      i18nPasswordShow: 'Show password',
      i18nPasswordHide: 'Hide password',
    });
    expect(errors).not.toHaveBeenCalled();
  });

  it('turns is_cart ""/"1" and cart_redirect_after_add "no"/"yes" into booleans', () => {
    vi.stubGlobal('wc_add_to_cart_params', PAGE.wc_add_to_cart_params);
    expect(addToCartParams()).toMatchObject({ cartUrl: '/cart/', isCart: false, cartRedirectAfterAdd: false });
    resetSettingsCache();
    vi.stubGlobal('wc_add_to_cart_params', { ...PAGE.wc_add_to_cart_params, is_cart: '1', cart_redirect_after_add: 'yes' });
    expect(addToCartParams()).toMatchObject({ isCart: true, cartRedirectAfterAdd: true, i18nViewCart: 'View cart' });
  });

  it('turns request_timeout "5000" into the number 5000 and keeps the storage keys', () => {
    vi.stubGlobal('wc_cart_fragments_params', PAGE.wc_cart_fragments_params);
    expect(cartFragmentsParams()).toEqual({
      ajaxUrl: '/wp-admin/admin-ajax.php',
      wcAjaxUrl: '/?wc-ajax=%%endpoint%%',
      cartHashKey: 'wc_cart_hash_d8818aa97525decf3f68c9abce060da0',
      fragmentName: 'wc_fragments_d8818aa97525decf3f68c9abce060da0',
      requestTimeout: 5000,
    });
  });

  it('accepts a real number for request_timeout (a filter may return one)', () => {
    vi.stubGlobal('wc_cart_fragments_params', { ...PAGE.wc_cart_fragments_params, request_timeout: 1200 });
    expect(cartFragmentsParams().requestTimeout).toBe(1200);
  });

  it('reads wc_single_product_params with its option bags passed through', () => {
    vi.stubGlobal('wc_single_product_params', PAGE.wc_single_product_params);
    const params = singleProductParams();
    expect(params.reviewRatingRequired).toBe(true);
    expect(params.zoomEnabled).toBe(true);
    expect(params.photoswipeEnabled).toBe(true);
    expect(params.flexsliderEnabled).toBe(true);
    expect(params.i18nRatingOptions).toHaveLength(5);
    expect(params.i18nRatingOptions[4]).toBe('5 of 5 stars');
    expect(params.flexslider).toEqual(PAGE.wc_single_product_params.flexslider);
    expect(params.photoswipeOptions).toEqual(PAGE.wc_single_product_params.photoswipe_options);
    // PHP prints an empty options array as [].
    expect(params.zoomOptions).toEqual({});
  });

  it('accepts real booleans and "" for the gallery flags', () => {
    vi.stubGlobal('wc_single_product_params', { zoom_enabled: true, photoswipe_enabled: '', flexslider_enabled: false, review_rating_required: 'no' });
    expect(singleProductParams()).toMatchObject({
      zoomEnabled: true,
      photoswipeEnabled: false,
      flexsliderEnabled: false,
      reviewRatingRequired: false,
    });
  });

  it('keeps custom texts over the defaults', () => {
    vi.stubGlobal('wc_add_to_cart_variation_params', { i18n_unavailable_text: 'Nicht verfügbar' });
    expect(variationParams().i18nUnavailableText).toBe('Nicht verfügbar');
    expect(variationParams().i18nMakeASelectionText).toBe(
      'Please select some product options before adding this product to your cart.',
    );
  });
});

describe('missing globals', () => {
  it('gives WooCommerce’s English defaults without an error', () => {
    expect(variationParams()).toEqual({
      wcAjaxUrl: '/?wc-ajax=%%endpoint%%',
      i18nNoMatchingVariationsText: 'Sorry, no products matched your selection. Please choose a different combination.',
      i18nMakeASelectionText: 'Please select some product options before adding this product to your cart.',
      i18nUnavailableText: 'Sorry, this product is unavailable. Please choose a different combination.',
      i18nResetAlertText:
        'Your selection has been reset. Please select some product options before adding this product to your cart.',
    });
    expect(addToCartParams()).toMatchObject({ i18nViewCart: 'View cart', isCart: false, cartRedirectAfterAdd: false });
    expect(singleProductParams().i18nRequiredRatingText).toBe('Please select a rating');
    expect(singleProductParams().flexslider).toMatchObject({ animation: 'slide', controlNav: 'thumbnails' });
    expect(cartFragmentsParams().requestTimeout).toBe(5000);
    expect(woocommerceParams().ajaxUrl).toBe('/wp-admin/admin-ajax.php');
    expect(errors).not.toHaveBeenCalled();
  });

  it('reports presence separately from the values', () => {
    expect(hasSettings('wc_add_to_cart_params')).toBe(false);
    vi.stubGlobal('wc_add_to_cart_params', PAGE.wc_add_to_cart_params);
    expect(hasSettings('wc_add_to_cart_params')).toBe(true);
  });
});

describe('invalid globals', () => {
  it('logs one error naming the global and the field, and uses the defaults', () => {
    vi.stubGlobal('wc_add_to_cart_params', { ...PAGE.wc_add_to_cart_params, cart_url: 42, i18n_view_cart: 'Warenkorb' });
    const params = addToCartParams();
    expect(params.cartUrl).toBe('/cart/');
    expect(params.i18nViewCart).toBe('View cart');
    addToCartParams();
    expect(errors).toHaveBeenCalledTimes(1);
    const message = String(errors.mock.calls[0]?.[0]);
    expect(message).toContain('wc_add_to_cart_params');
    expect(message).toContain('cart_url');
  });

  it('logs one error when the global is a string', () => {
    vi.stubGlobal('wc_cart_fragments_params', 'oops');
    expect(cartFragmentsParams().requestTimeout).toBe(5000);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toContain('wc_cart_fragments_params');
  });

  it.each([
    ['wc_cart_fragments_params', { request_timeout: 'soon' }, 'request_timeout'],
    ['wc_add_to_cart_params', { cart_redirect_after_add: 'maybe' }, 'cart_redirect_after_add'],
    ['wc_single_product_params', { i18n_rating_options: 'five' }, 'i18n_rating_options'],
    ['wc_single_product_params', { zoom_enabled: 'on' }, 'zoom_enabled'],
  ] as const)('rejects %s with %o, naming %s', (name, value, field) => {
    vi.stubGlobal(name, value);
    readSettings(name);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toContain(field);
  });
  it('names the offending value when a yes/no or 1/"" flag has another value', () => {
    vi.stubGlobal('wc_single_product_params', { zoom_enabled: 'on' });
    expect(singleProductParams().zoomEnabled).toBe(false);
    expect(String(errors.mock.calls[0]?.[0])).toContain('zoom_enabled: unexpected value "on"');
  });
});

describe('cache', () => {
  it('reads a global once until the cache is reset', () => {
    vi.stubGlobal('woocommerce_params', PAGE.woocommerce_params);
    expect(woocommerceParams().ajaxUrl).toBe('/wp-admin/admin-ajax.php');
    vi.stubGlobal('woocommerce_params', { ...PAGE.woocommerce_params, ajax_url: '/shop/wp-admin/admin-ajax.php' });
    expect(woocommerceParams().ajaxUrl).toBe('/wp-admin/admin-ajax.php');
    resetSettingsCache();
    expect(woocommerceParams().ajaxUrl).toBe('/shop/wp-admin/admin-ajax.php');
  });
});

describe('ajaxUrls', () => {
  it('prefers woocommerce_params', () => {
    vi.stubGlobal('woocommerce_params', { ajax_url: '/a/admin-ajax.php', wc_ajax_url: '/a/?wc-ajax=%%endpoint%%' });
    vi.stubGlobal('wc_add_to_cart_params', { ajax_url: '/b/admin-ajax.php', wc_ajax_url: '/b/?wc-ajax=%%endpoint%%' });
    expect(ajaxUrls()).toEqual({ ajaxUrl: '/a/admin-ajax.php', wcAjaxUrl: '/a/?wc-ajax=%%endpoint%%' });
  });

  it('falls back to wc_add_to_cart_params, then wc_cart_fragments_params', () => {
    vi.stubGlobal('wc_cart_fragments_params', { ajax_url: '/c/admin-ajax.php', wc_ajax_url: '/c/?wc-ajax=%%endpoint%%' });
    expect(ajaxUrls().wcAjaxUrl).toBe('/c/?wc-ajax=%%endpoint%%');
    resetSettingsCache();
    vi.stubGlobal('wc_add_to_cart_params', { ajax_url: '/b/admin-ajax.php', wc_ajax_url: '/b/?wc-ajax=%%endpoint%%' });
    expect(ajaxUrls()).toEqual({ ajaxUrl: '/b/admin-ajax.php', wcAjaxUrl: '/b/?wc-ajax=%%endpoint%%' });
  });

  it('uses WordPress’s addresses when no global is printed', () => {
    expect(ajaxUrls()).toEqual({ ajaxUrl: '/wp-admin/admin-ajax.php', wcAjaxUrl: '/?wc-ajax=%%endpoint%%' });
  });
});
