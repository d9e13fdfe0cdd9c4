/**
 * Cookie Notice's rules (front.js of Cookie Notice 2.4–3.1, spec §4 and §9: CNS-01…05), as pure functions.
 */

export type NoticeStatus = 'accepted' | 'refused' | null;

/** CNS-01, CNS-05: `'true'` is accepted, any other value refused, no cookie not set. */
export function noticeStatus(cookie: string | undefined): NoticeStatus {
  if (cookie === undefined) return null;
  return cookie === 'true' ? 'accepted' : 'refused';
}

/** The body classes for a status (the plugin's, for theme CSS). */
export function bodyClasses(status: NoticeStatus): string[] {
  if (status === null) return ['cookies-not-set'];
  return ['cookies-set', status === 'accepted' ? 'cookies-accepted' : 'cookies-refused'];
}

export const ALL_BODY_CLASSES = ['cookies-not-set', 'cookies-set', 'cookies-accepted', 'cookies-refused'];

export interface CookieSettings {
  cookieTime: number;
  cookieTimeRejected: number;
  globalCookie: boolean;
}

export interface CookieWrite {
  value: 'true' | 'false';
  expires: Date;
  path: string;
  domain?: string;
  secure: boolean;
}

/**
 * The domain of a global cookie (multisite on subdomains): the last two labels of the host, the last
 * three when the host has four (as the plugin does). An IP address keeps its host-only cookie.
 */
export function globalCookieDomain(hostname: string): string | undefined {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return undefined;
  const labels = hostname.split('.');
  if (labels.length < 2) return undefined;
  return labels.slice(labels.length === 4 ? -3 : -2).join('.');
}

/**
 * CNS-05: the cookie a choice writes. `data-cookie-set="accept"` stores 'true', anything else 'false';
 * the lifetime in seconds comes from cnArgs (cookieTime for accept, cookieTimeRejected for refuse);
 * path `/` (on localhost the install's first path segment); secure on https.
 */
export function choiceCookie(
  accepted: boolean,
  settings: CookieSettings,
  where: { now: number; hostname: string; pathname: string; protocol: string },
): CookieWrite {
  const seconds = accepted ? settings.cookieTime : settings.cookieTimeRejected;
  const firstSegment = where.pathname.split('/')[1] ?? '';
  const domain = settings.globalCookie ? globalCookieDomain(where.hostname) : undefined;
  return {
    value: accepted ? 'true' : 'false',
    expires: new Date(where.now + seconds * 1000),
    path: where.hostname === 'localhost' && firstSegment ? `/${firstSegment}` : '/',
    ...(domain ? { domain } : {}),
    secure: where.protocol === 'https:',
  };
}

/**
 * CNS-04: where a choice sends the shopper when redirection is on: with caching on, the same address
 * with `cn-reloaded=1` in the query (hash kept), so a page cache serves a fresh page; else a reload (null).
 */
export function reloadTarget(href: string, cache: boolean): string | null {
  if (!cache) return null;
  const url = new URL(href);
  url.searchParams.set('cn-reloaded', '1');
  return url.toString();
}

/** CNS-02: scrolling past the offset accepts. */
export function scrolledPast(scrollY: number, offset: number): boolean {
  return scrollY > offset;
}

/** An `rgb()`/`rgba()` colour as the browser computes it, as [r, g, b]; null for anything else. */
export function parseRgb(color: string): [number, number, number] | null {
  const match = /^rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)/.exec(color.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The site owner picks the buttons' colour and the plugin writes white text on it (white on the default
 * #00a99d is 2.9:1). When the text does not reach 4.5:1, the one of white and near-black that reads best.
 */
export function readableTextColor(text: string, background: string): string | null {
  const fg = parseRgb(text);
  const bg = parseRgb(background);
  if (!fg || !bg || contrastRatio(fg, bg) >= 4.5) return null;
  return contrastRatio([255, 255, 255], bg) >= contrastRatio([17, 17, 17], bg) ? '#fff' : '#111';
}
