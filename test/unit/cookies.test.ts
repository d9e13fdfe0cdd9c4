import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteTrackingCookies, trackVisit } from '../../src/attribution';
import { cartCookies } from '../../src/cart/storage';
import { has, set as setConsent } from '../../src/consent';
import { resetSettingsCache } from '../../src/settings';
import { readStoreNoticeProps } from '../../widgets/store-notice/schema';

/**
 * Every cookie Vitrine reads or writes goes through js-cookie, the library WooCommerce's own scripts use
 * (`js-cookie` 2.1.4, whose encoding 3.x keeps). The other side is played here by a plain js-cookie, as
 * woocommerce.js, cart-fragments and sourcebuster would; the wire form is pinned with `document.cookie`, since
 * PHP's `$_COOKIE` and other versions of js-cookie read that.
 */
const PARAMS = { lifetimeMonths: 6, sessionMinutes: 30, base64: false, prefix: 'wc_order_attribution_', allowTracking: true, consentCategory: '', fields: {} };

function clearCookies(): void {
  for (const pair of document.cookie.split('; ')) {
    const name = pair.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}
afterEach(() => {
  clearCookies();
  resetSettingsCache();
  delete (window as unknown as Record<string, unknown>).consent_api;
});

describe('cookies: Vitrine and WooCommerce\'s js-cookie read each other\'s', () => {
  it('reads the cart cookies WooCommerce writes, quoted or %-encoded, past a malformed neighbour', () => {
    document.cookie = 'bad=%E0%A4%A; path=/';
    document.cookie = 'woocommerce_items_in_cart="1"; path=/';
    document.cookie = 'woocommerce_cart_hash=ab%20cd; path=/';
    expect(cartCookies()).toEqual({ cartHash: 'ab cd', itemsInCart: '1' });
    clearCookies();
    Cookies.set('woocommerce_cart_hash', 'x;y,z é');
    expect(cartCookies()).toEqual({ cartHash: 'x;y,z é', itemsInCart: null });
  });

  it('writes what js-cookie writes: percent-encoded, keeping the characters a cookie allows', () => {
    const notice = readStoreNoticeProps(document.createElement('p'));
    notice.rememberDismissal();
    expect(document.cookie).toContain('store_notice=hidden');
    expect(Cookies.get('store_notice')).toBe('hidden');
    document.cookie = 'store_notice=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const element = document.createElement('p');
    element.setAttribute('data-notice-id', 'abc');
    expect(readStoreNoticeProps(element).dismissed).toBe(false);
    Cookies.set('store_noticeabc', 'hidden');
    expect(readStoreNoticeProps(element).dismissed).toBe(true);
  });

  it('consent cookies: written by Vitrine, read by js-cookie, and the other way round', () => {
    (window as unknown as Record<string, unknown>).consent_api = { consent_type: 'optin', cookie_prefix: 'wp_consent', cookie_expiration: '30' };
    setConsent({ marketing: 'allow' });
    expect(Cookies.get('wp_consent_marketing')).toBe('allow');
    expect(document.cookie).toContain('wp_consent_marketing=allow');
    Cookies.set('wp_consent_statistics', 'allow');
    expect(has('statistics')).toBe(true);
    Cookies.remove('wp_consent_statistics');
    expect(has('statistics')).toBe(false);
  });

  it('sourcebuster cookies are written and read as they are (sourcebuster encodes its own values)', () => {
    trackVisit(PARAMS, new Date('2026-01-01T00:00:00Z'));
    const current = document.cookie.split('; ').find((pair) => pair.startsWith('sbjs_current='));
    // Written as sourcebuster encodes it, not encoded a second time.
    expect(current).toMatch(/^sbjs_current=typ%3Dtypein%7C%7C%7Csrc%3D%28direct%29%7C%7C%7C/);
    expect(current).not.toContain('%25');
    // Read back as written: a later visit within the session keeps the first visit's source.
    document.cookie = `sbjs_current=${encodeURIComponent('typ=utm|||src=news|||mdm=email')}; path=/`;
    expect(trackVisit(PARAMS, new Date('2026-01-01T00:05:00Z')).current?.src).toBe('news');
    deleteTrackingCookies();
    expect(document.cookie).not.toContain('sbjs_');
  });
});
