/**
 * Reading and writing `document.cookie`, in place of js-cookie (DESIGN.md's pick), whose 1 KB gzip sat in
 * the core every page downloads for the five cookies Vitrine touches (issue 16). Same encoding as
 * js-cookie, so cookies written by either (or by WooCommerce's own scripts, which use js-cookie) read back
 * the same: names and values percent-encoded except the characters a cookie allows, `%xx` runs decoded on
 * read, a quoted value unquoted. `raw` skips the value encoding for callers whose values already are
 * (sourcebuster's `sbjs_*` cookies).
 */

export interface CookieAttributes {
  /** Days from now (fractions allowed), or a date. Absent: a session cookie. */
  expires?: number | Date | undefined;
  path?: string | undefined;
  domain?: string | undefined;
  secure?: boolean | undefined;
  sameSite?: 'Strict' | 'Lax' | 'None' | undefined;
}

const DAY_MS = 864e5;

const decode = (text: string) => text.replace(/(%[\dA-F]{2})+/gi, decodeURIComponent);

function encodeName(name: string): string {
  return encodeURIComponent(name)
    .replace(/%(2[346B]|5E|60|7C)/g, decodeURIComponent)
    .replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);
}

/** The cookie's value, or undefined when the page has none of that name. */
export function getCookie(name: string, { raw = false } = {}): string | undefined {
  for (const pair of document.cookie ? document.cookie.split('; ') : []) {
    const at = pair.indexOf('=');
    const value = at < 0 ? '' : pair.slice(at + 1);
    try {
      if (decode(at < 0 ? pair : pair.slice(0, at)) !== name) continue;
      const unquoted = value.startsWith('"') ? value.slice(1, -1) : value;
      return raw ? unquoted : decode(unquoted);
    } catch {
      // A malformed %-sequence in some other script's cookie: skip it, as js-cookie does.
    }
  }
  return undefined;
}

export function setCookie(name: string, value: string, attributes: CookieAttributes = {}, { raw = false } = {}): void {
  const { expires, path = '/', domain, secure, sameSite } = attributes;
  let cookie = `${encodeName(name)}=${raw ? value : encodeValue(value)}; path=${path}`;
  if (expires !== undefined) {
    const date = typeof expires === 'number' ? new Date(Date.now() + expires * DAY_MS) : expires;
    cookie += `; expires=${date.toUTCString()}`;
  }
  if (domain) cookie += `; domain=${domain}`;
  if (secure) cookie += '; secure';
  if (sameSite) cookie += `; samesite=${sameSite}`;
  document.cookie = cookie;
}

export function removeCookie(name: string, attributes: Omit<CookieAttributes, 'expires'> = {}): void {
  setCookie(name, '', { ...attributes, expires: -1 }, { raw: true });
}
