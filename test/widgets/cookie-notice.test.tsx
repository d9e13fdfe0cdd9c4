import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { report } from '../../mount/mounts';
import { navigation } from '../../src/navigation';
import { resetSettingsCache } from '../../src/settings';
import { CAPTURED_CN_ARGS } from '../fixtures/cookie-notice';
import { bootPage, waitForMount } from '../helpers/page';

const win = window as unknown as Record<string, unknown>;

/** cnArgs as test/fixtures/captures/shop.html prints them (Cookie Notice 2.5.7), with overrides. */
function cookieNoticeArgs(overrides: Record<string, unknown> = {}): void {
  win.cnArgs = {
    ...CAPTURED_CN_ARGS,
    ...overrides,
  };
  resetSettingsCache();
}

/** The plugin's markup, as captured. */
const NOTICE = `<main id="main"><p>Content</p><a href="#" class="cn-revoke-cookie cn-button-inline cn-revoke-inline">Revoke cookies</a></main>
<div id="cookie-notice" role="dialog" class="cookie-notice-hidden cookie-revoke-hidden cn-position-bottom" aria-label="Cookie Notice" style="background-color: rgba(50,50,58,1);"><div class="cookie-notice-container" style="color: #fff"><span id="cn-notice-text" class="cn-text-container">We use cookies to ensure that we give you the best experience on our website.</span><span id="cn-notice-buttons" class="cn-buttons-container"><button id="cn-accept-cookie" data-cookie-set="accept" class="cn-set-cookie cn-button" aria-label="Ok" style="background-color: #00a99d">Ok</button><button id="cn-refuse-cookie" data-cookie-set="refuse" class="cn-set-cookie cn-button" aria-label="No" style="background-color: #00a99d">No</button></span><span id="cn-close-notice" data-cookie-set="accept" class="cn-close-icon" title="No"></span></div>
<div class="cookie-revoke-container" style="color: #fff"><span id="cn-revoke-text" class="cn-text-container">You can revoke your consent any time using the Revoke consent button.</span><span id="cn-revoke-buttons" class="cn-buttons-container"><button id="cn-revoke-cookie" class="cn-revoke-cookie cn-button" aria-label="Revoke consent" style="background-color: #00a99d">Revoke consent</button></span></div></div>`;

const notice = () => document.getElementById('cookie-notice')!;
const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
const noticeShown = () => notice().classList.contains('cookie-notice-visible') && !notice().classList.contains('cookie-notice-hidden');
const revokeShown = () => notice().classList.contains('cookie-revoke-visible');

async function boot(): Promise<void> {
  await bootPage(NOTICE);
  await waitForMount('cookie-notice');
}

function recordDocumentEvents(names: string[]): string[] {
  const seen: string[] = [];
  for (const name of names) document.addEventListener(name, () => seen.push(name));
  return seen;
}

describe('cookie-notice widget', () => {
  beforeEach(() => {
    cookieNoticeArgs();
    delete win.consent_api;
  });
  afterEach(() => {
    delete win.cnArgs;
    document.body.className = '';
    vi.restoreAllMocks();
    resetSettingsCache();
  });

  it('CNS-01 first visit shows the notice; accepting stores the choice, maps it to consent and hides it', async () => {
    const events = recordDocumentEvents(['showCookieNotice', 'setCookieNotice', 'hideCookieNotice']);
    const changes: unknown[] = [];
    document.addEventListener('wp_listen_for_consent_change', (e) => changes.push((e as CustomEvent).detail));
    await boot();
    expect(noticeShown()).toBe(true);
    expect(document.body.classList.contains('cookies-not-set')).toBe(true);
    expect(cookie('cookie_notice_accepted')).toBeUndefined();
    await userEvent.click(document.getElementById('cn-accept-cookie')!);
    expect(cookie('cookie_notice_accepted')).toBe('true');
    expect(cookie('wp_consent_statistics')).toBe('allow');
    expect(cookie('wp_consent_marketing')).toBe('allow');
    // One change event per category, as the WP Consent API announces them.
    expect(changes).toEqual([
      { functional: 'allow' },
      { preferences: 'allow' },
      { statistics: 'allow' },
      { 'statistics-anonymous': 'allow' },
      { marketing: 'allow' },
    ]);
    expect(noticeShown()).toBe(false);
    expect(notice().classList.contains('cookie-notice-hidden')).toBe(true);
    expect([...document.body.classList]).toEqual(expect.arrayContaining(['cookies-set', 'cookies-accepted']));
    expect(document.body.classList.contains('cookies-not-set')).toBe(false);
    expect(events).toEqual(['showCookieNotice', 'setCookieNotice', 'hideCookieNotice']);
    // Manual revoke: no revoke bar after the choice.
    expect(revokeShown()).toBe(false);
  });

  it('CNS-06 refusing stores false and denies every category but functional', async () => {
    await boot();
    await userEvent.click(document.getElementById('cn-refuse-cookie')!);
    expect(cookie('cookie_notice_accepted')).toBe('false');
    expect(cookie('wp_consent_statistics')).toBe('deny');
    expect(cookie('wp_consent_marketing')).toBe('deny');
    expect(cookie('wp_consent_functional')).toBe('allow');
    expect(document.body.classList.contains('cookies-refused')).toBe(true);
  });

  it('CNS-03 the close icon refuses (its data attribute says accept): a focusable button, Enter and Space work', async () => {
    await boot();
    const close = document.getElementById('cn-close-notice')!;
    expect(close.getAttribute('role')).toBe('button');
    expect(close.tabIndex).toBe(0);
    expect(close.getAttribute('aria-label')).toBe('No');
    close.focus();
    await userEvent.keyboard('{Enter}');
    expect(cookie('cookie_notice_accepted')).toBe('false');
    expect(noticeShown()).toBe(false);
    // Focus left the vanished notice for the main content, not the void.
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('keyboard alone: Tab reaches Ok, No and the close icon in order, and Space on the close icon refuses', async () => {
    await boot();
    document.getElementById('cn-accept-cookie')!.focus();
    await userEvent.tab();
    expect(document.activeElement?.id).toBe('cn-refuse-cookie');
    await userEvent.tab();
    expect(document.activeElement?.id).toBe('cn-close-notice');
    await userEvent.keyboard(' ');
    expect(cookie('cookie_notice_accepted')).toBe('false');
  });

  it('CNS-01 a revoke link shows the notice again, focused on its first button; a new choice replaces the old', async () => {
    await boot();
    await userEvent.click(document.getElementById('cn-accept-cookie')!);
    await userEvent.click(document.querySelector('.cn-revoke-inline')!);
    expect(noticeShown()).toBe(true);
    expect(document.activeElement?.id).toBe('cn-accept-cookie');
    await userEvent.click(document.getElementById('cn-refuse-cookie')!);
    expect(cookie('cookie_notice_accepted')).toBe('false');
    expect(cookie('wp_consent_statistics')).toBe('deny');
  });

  it('CNS-01 automatic revoke: after a choice the revoke bar shows and takes the focus; its button brings the notice back', async () => {
    cookieNoticeArgs({ revokeCookiesOpt: 'automatic' });
    await boot();
    document.getElementById('cn-accept-cookie')!.focus();
    await userEvent.keyboard('{Enter}');
    expect(revokeShown()).toBe(true);
    expect(document.activeElement?.id).toBe('cn-revoke-cookie');
    await userEvent.keyboard('{Enter}');
    expect(revokeShown()).toBe(false);
    expect(noticeShown()).toBe(true);
  });

  it('CNS-01 a returning visitor: no notice, body classes from the cookie, consent categories brought in line', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie a choice on an earlier page left.
    document.cookie = 'cookie_notice_accepted=true; path=/';
    await boot();
    expect(noticeShown()).toBe(false);
    expect(document.body.classList.contains('cookies-accepted')).toBe(true);
    expect(cookie('wp_consent_statistics')).toBe('allow');
  });

  it('CNS-02 accepted on scroll past the offset when configured', async () => {
    cookieNoticeArgs({ onScroll: true, onScrollOffset: 200 });
    await boot();
    Object.defineProperty(window, 'scrollY', { value: 150, configurable: true });
    fireEvent.scroll(window);
    expect(cookie('cookie_notice_accepted')).toBeUndefined();
    Object.defineProperty(window, 'scrollY', { value: 201, configurable: true });
    fireEvent.scroll(window);
    expect(cookie('cookie_notice_accepted')).toBe('true');
    expect(noticeShown()).toBe(false);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('CNS-02 accepted on a click outside the notice when configured; a click inside does not', async () => {
    cookieNoticeArgs({ onClick: true });
    await boot();
    await userEvent.click(document.getElementById('cn-notice-text')!);
    expect(cookie('cookie_notice_accepted')).toBeUndefined();
    await userEvent.click(document.querySelector('#main p')!);
    expect(cookie('cookie_notice_accepted')).toBe('true');
  });

  it('CNS-02 a click on a revoke link is no acceptance, even with accept-on-click', async () => {
    cookieNoticeArgs({ onClick: true });
    await boot();
    await userEvent.click(document.querySelector('.cn-revoke-inline')!);
    expect(cookie('cookie_notice_accepted')).toBeUndefined();
    expect(noticeShown()).toBe(true);
  });

  it('CNS-02 without the options, scrolling and clicking elsewhere decide nothing', async () => {
    await boot();
    Object.defineProperty(window, 'scrollY', { value: 5000, configurable: true });
    fireEvent.scroll(window);
    await userEvent.click(document.querySelector('#main p')!);
    expect(cookie('cookie_notice_accepted')).toBeUndefined();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('CNS-04 redirection reloads after a choice; with caching on, to the same address with cn-reloaded=1', async () => {
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => {});
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    cookieNoticeArgs({ redirection: true });
    await boot();
    await userEvent.click(document.getElementById('cn-refuse-cookie')!);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();

    // biome-ignore lint/suspicious/noDocumentCookie: the cookie a choice on an earlier page left.
    document.cookie = 'cookie_notice_accepted=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    cookieNoticeArgs({ redirection: true, cache: true });
    await boot();
    await userEvent.click(document.getElementById('cn-accept-cookie')!);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(new URL(assign.mock.calls[0]![0]).searchParams.get('cn-reloaded')).toBe('1');
  });

  it('CNS-04 without redirection nothing reloads', async () => {
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => {});
    await boot();
    await userEvent.click(document.getElementById('cn-accept-cookie')!);
    expect(reload).not.toHaveBeenCalled();
  });

  it('CNS-05 the cookie name is always cookie_notice_accepted, and malformed lifetimes fall back to the defaults with one error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    cookieNoticeArgs({ cookieName: 'something_else', cookieTime: 'forever' });
    await boot();
    expect(error.mock.calls.some((call) => String(call[0]).includes('window.cnArgs is invalid'))).toBe(true);
    await userEvent.click(document.getElementById('cn-accept-cookie')!);
    expect(cookie('cookie_notice_accepted')).toBe('true');
    expect(cookie('something_else')).toBeUndefined();
  });

  it('markup without the notice container is left as rendered, with one error naming the field', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await bootPage('<div id="cookie-notice" class="cookie-notice-hidden"><p>custom</p></div>');
    await waitFor(() => expect(report().find((r) => r.widget === 'cookie-notice')?.state).toBe('failed'));
    expect(notice().className).toBe('cookie-notice-hidden');
    expect(error.mock.calls.flat().join(' ')).toContain('.cookie-notice-container');
  });
});
