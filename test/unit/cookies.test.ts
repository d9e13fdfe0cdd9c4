import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, removeCookie, setCookie } from '../../src/cookies';

function clearCookies(): void {
  for (const pair of document.cookie.split('; ')) {
    const name = pair.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}
afterEach(clearCookies);

describe('cookies (in place of js-cookie, same encoding)', () => {
  it('round-trips text with characters a cookie cannot hold', () => {
    setCookie('cookie_notice_accepted', 'true');
    setCookie('note', 'a;b, c=d "é" %41');
    expect(getCookie('cookie_notice_accepted')).toBe('true');
    expect(getCookie('note')).toBe('a;b, c=d "é" %41');
    expect(getCookie('missing')).toBeUndefined();
  });

  it('writes what js-cookie writes: percent-encoded, keeping the characters a cookie allows', () => {
    setCookie('store_notice-abc', 'hidden/#$&+:<>=?@[]^`{|}');
    expect(document.cookie).toContain('store_notice-abc=hidden/#$&+:<>=?@[]^`{|}');
    setCookie('v', 'x;y,z é');
    expect(document.cookie).toContain('v=x%3By%2Cz%20%C3%A9');
  });

  it('reads cookies other scripts wrote: a quoted value, %-runs, and skips a malformed neighbour', () => {
    document.cookie = 'bad=%E0%A4%A; path=/';
    document.cookie = 'woocommerce_items_in_cart="1"; path=/';
    document.cookie = 'woocommerce_cart_hash=ab%20cd; path=/';
    expect(getCookie('woocommerce_items_in_cart')).toBe('1');
    expect(getCookie('woocommerce_cart_hash')).toBe('ab cd');
    expect(getCookie('bad')).toBeUndefined();
  });

  it('raw values are written and read as they are (sourcebuster encodes its own)', () => {
    const sbjs = 'typ=typein|||src=(direct)|||mdm=(none)';
    setCookie('sbjs_current', sbjs, { sameSite: 'Lax' }, { raw: true });
    expect(getCookie('sbjs_current', { raw: true })).toBe(sbjs);
    expect(document.cookie).toContain(`sbjs_current=${sbjs}`);
  });

  it('removes a cookie', () => {
    setCookie('wp_consent_marketing', 'allow', { expires: 30 });
    expect(getCookie('wp_consent_marketing')).toBe('allow');
    removeCookie('wp_consent_marketing');
    expect(getCookie('wp_consent_marketing')).toBeUndefined();
  });
});
