import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyClasses, choiceCookie, globalCookieDomain, noticeStatus, reloadTarget, scrolledPast } from '../../../widgets/cookie-notice/logic';

const settings = { cookieTime: 2592000, cookieTimeRejected: 3600, globalCookie: false };
const at = (hostname: string, protocol = 'http:', pathname = '/shop/') => ({ now: Date.UTC(2026, 0, 1), hostname, pathname, protocol });

describe('cookie notice rules', () => {
  it('CNS-01 CNS-05 the read path: cookie_notice_accepted "true" is accepted, another value refused, none not set', () => {
    expect(noticeStatus('true')).toBe('accepted');
    expect(noticeStatus('false')).toBe('refused');
    expect(noticeStatus('')).toBe('refused');
    expect(noticeStatus(undefined)).toBeNull();
    expect(bodyClasses(null)).toEqual(['cookies-not-set']);
    expect(bodyClasses('accepted')).toEqual(['cookies-set', 'cookies-accepted']);
    expect(bodyClasses('refused')).toEqual(['cookies-set', 'cookies-refused']);
  });

  it('CNS-05 lifetimes in seconds from the page settings: accepted and refused apart', () => {
    const accepted = choiceCookie(true, settings, at('shop.example'));
    expect(accepted).toEqual({ value: 'true', expires: new Date(Date.UTC(2026, 0, 1) + 2592000 * 1000), path: '/', secure: false });
    const refused = choiceCookie(false, settings, at('shop.example'));
    expect(refused.value).toBe('false');
    expect(refused.expires.getTime() - Date.UTC(2026, 0, 1)).toBe(3600 * 1000);
  });

  it('CNS-05 secure on https; path of the install on localhost; the global cookie domain rule', () => {
    expect(choiceCookie(true, settings, at('shop.example', 'https:')).secure).toBe(true);
    expect(choiceCookie(true, settings, at('localhost', 'http:', '/wordpress/shop/')).path).toBe('/wordpress');
    expect(choiceCookie(true, { ...settings, globalCookie: true }, at('a.shop.example')).domain).toBe('shop.example');
    expect(globalCookieDomain('www.shop.co.uk')).toBe('shop.co.uk');
    expect(globalCookieDomain('shop.example')).toBe('shop.example');
    expect(globalCookieDomain('127.0.0.1')).toBeUndefined();
    expect(choiceCookie(true, settings, at('a.shop.example')).domain).toBeUndefined();
  });

  it('CNS-04 with caching the reload adds cn-reloaded=1 and keeps the hash; without, a plain reload', () => {
    expect(reloadTarget('https://shop.example/shop/?orderby=price#main', true)).toBe('https://shop.example/shop/?orderby=price&cn-reloaded=1#main');
    expect(reloadTarget('https://shop.example/shop/', false)).toBeNull();
  });

  it('CNS-02 scrolling past the configured offset accepts, reaching it does not, whatever the offset', () => {
    expect(scrolledPast(100, 100)).toBe(false);
    expect(scrolledPast(101, 100)).toBe(true);
    expect(scrolledPast(0, 0)).toBe(false);
    expect(scrolledPast(1, 0)).toBe(true);
    expect(scrolledPast(101, 250)).toBe(false);
    expect(scrolledPast(250, 250)).toBe(false);
    expect(scrolledPast(251, 250)).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }), (offset, distance) => {
        expect(scrolledPast(offset + distance, offset)).toBe(true);
        expect(scrolledPast(offset, offset)).toBe(false);
        expect(scrolledPast(Math.max(0, offset - distance), offset)).toBe(false);
      }),
    );
  });
});

describe('readable button text', () => {
  it('white on the default teal (2.9:1) becomes near-black; a dark button keeps white; unknown colours are left alone', async () => {
    const { readableTextColor, contrastRatio } = await import('../../../widgets/cookie-notice/logic');
    expect(contrastRatio([255, 255, 255], [0, 169, 157])).toBeLessThan(3);
    expect(readableTextColor('rgb(255, 255, 255)', 'rgb(0, 169, 157)')).toBe('#111');
    expect(readableTextColor('rgb(255, 255, 255)', 'rgb(20, 40, 80)')).toBeNull();
    expect(readableTextColor('rgb(250, 250, 250)', 'rgb(240, 240, 240)')).toBe('#111');
    expect(readableTextColor('rgb(10, 10, 10)', 'rgb(20, 20, 20)')).toBe('#fff');
    expect(readableTextColor('red', 'rgba(0, 0, 0, 0)')).toBeNull();
  });
});
