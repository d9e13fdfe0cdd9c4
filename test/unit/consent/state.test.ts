import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentType, has, installConsentApi, onChange, set } from '../../../src/consent';
import { resetSettingsCache } from '../../../src/settings';

const win = window as unknown as Record<string, unknown>;
const GLOBALS = ['cnArgs', 'consent_api', 'wp_has_consent', 'wp_set_consent', 'wp_consent_type', 'wp_fallback_consent_type', 'waitfor_consent_hook'];

function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

describe('src/consent', () => {
  beforeEach(() => {
    for (const name of GLOBALS) delete win[name];
    resetSettingsCache();
  });
  afterEach(() => {
    for (const name of GLOBALS) delete win[name];
    resetSettingsCache();
  });

  it('CNS-07 a site with no consent management counts everything as consent', () => {
    expect(consentType()).toBeUndefined();
    expect(has('statistics')).toBe(true);
  });

  it('CNS-07 the localized consent type is used, and Cookie Notice without one makes the page opt-in', () => {
    win.consent_api = { consent_type: 'optout', cookie_prefix: 'wp_consent', cookie_expiration: '30' };
    expect(consentType()).toBe('optout');
    expect(has('marketing')).toBe(true);
    delete win.consent_api;
    win.cnArgs = { cookieName: 'cookie_notice_accepted' };
    resetSettingsCache();
    expect(consentType()).toBe('optin');
    expect(has('statistics')).toBe(false);
  });

  it('CNS-06 set writes wp_consent_<category> cookies and announces each changed category, as wp_set_consent does', () => {
    win.consent_api = { consent_type: 'optin', cookie_prefix: 'wp_consent', cookie_expiration: '30' };
    const heard = vi.fn();
    const stop = onChange(heard);
    set({ statistics: 'allow', marketing: 'deny' });
    expect(cookie('wp_consent_statistics')).toBe('allow');
    expect(cookie('wp_consent_marketing')).toBe('deny');
    expect(has('statistics')).toBe(true);
    expect(has('marketing')).toBe(false);
    expect(heard.mock.calls).toEqual([[{ statistics: 'allow' }], [{ marketing: 'deny' }]]);
    // Nothing changed: no event.
    set({ statistics: 'allow' });
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
  });

  it('CNS-06 the cookie prefix comes from consent_api', () => {
    win.consent_api = { consent_type: 'optin', cookie_prefix: 'shop_consent' };
    set({ statistics: 'allow' });
    expect(cookie('shop_consent_statistics')).toBe('allow');
    expect(has('statistics')).toBe(true);
  });

  it('provides wp_has_consent / wp_set_consent when the site lacks the API, with its semantics and event', () => {
    win.consent_api = { consent_type: 'optin', waitfor_consent_hook: '', cookie_prefix: 'wp_consent' };
    installConsentApi();
    const hasFn = win.wp_has_consent as (c: string) => boolean;
    const setFn = win.wp_set_consent as (c: string, v: string) => void;
    expect(hasFn('statistics')).toBe(false);
    const listener = vi.fn();
    document.addEventListener('wp_listen_for_consent_change', listener);
    setFn('statistics', 'allow');
    setFn('statistics', 'maybe'); // ignored, as the API ignores other values
    expect(hasFn('statistics')).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0]![0] as CustomEvent).detail).toEqual({ statistics: 'allow' });
    expect(win.wp_fallback_consent_type).toBe('optin');
    document.removeEventListener('wp_listen_for_consent_change', listener);
  });

  it('with Cookie Notice and no declared type, installing defines wp_consent_type=optin and fires wp_consent_type_defined', () => {
    win.cnArgs = {};
    const defined = vi.fn();
    document.addEventListener('wp_consent_type_defined', defined);
    installConsentApi();
    expect(win.wp_consent_type).toBe('optin');
    expect(defined).toHaveBeenCalledTimes(1);
    document.removeEventListener('wp_consent_type_defined', defined);
  });

  it('interoperates with a site that keeps the WP Consent API: its wp_set_consent is used and its events heard', () => {
    win.consent_api = { consent_type: 'optin' };
    const siteSet = vi.fn((category: string, value: string) => {
      // biome-ignore lint/suspicious/noDocumentCookie: a stand-in for the site's own WP Consent API script.
      document.cookie = `wp_consent_${category}=${value}; path=/`;
      document.dispatchEvent(new CustomEvent('wp_listen_for_consent_change', { detail: { [category]: value } }));
    });
    const siteHas = vi.fn(() => true);
    win.wp_set_consent = siteSet;
    win.wp_has_consent = siteHas;
    installConsentApi();
    expect(win.wp_has_consent).toBe(siteHas); // not replaced
    const heard = vi.fn();
    const stop = onChange(heard);
    set({ statistics: 'allow', marketing: 'allow' });
    expect(siteSet).toHaveBeenCalledWith('statistics', 'allow');
    expect(siteSet).toHaveBeenCalledWith('marketing', 'allow');
    expect(heard).toHaveBeenCalledTimes(2);
    expect(has('statistics')).toBe(true);
    // A CMP's own change through the site API reaches our listeners too; junk in the detail is dropped.
    document.dispatchEvent(new CustomEvent('wp_listen_for_consent_change', { detail: { statistics: 'deny', bogus: 'allow' } }));
    expect(heard).toHaveBeenLastCalledWith({ statistics: 'deny' });
    stop();
  });

  it('a malformed consent_api is reported once and the API defaults apply (prefix wp_consent, 30 days)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    win.consent_api = { consent_type: 7, cookie_expiration: 'a month', cookie_prefix: 'wp_consent' };
    expect(consentType()).toBeUndefined();
    set({ statistics: 'allow' });
    expect(cookie('wp_consent_statistics')).toBe('allow');
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('window.consent_api is invalid');
    error.mockRestore();
  });
});
