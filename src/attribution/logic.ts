/**
 * Order attribution's pure rules: sourcebuster.js's cookie model (WooCommerce's fork 1.1.2) and traffic-type
 * decision, without the browser (spec §3, §4, §9; rules TRK-04…TRK-09). `runVisit` takes the cookies as they
 * are and the page visit, and says which cookies to write; src/attribution/index.ts applies that.
 */

/** The data a cookie holds: short keys (`typ`, `src`, …) → values. */
export type CookieData = Record<string, string>;

/** Cookie names without the `sbjs_` prefix (TRK-04). */
export const COOKIE_KEYS = ['current', 'current_add', 'first', 'first_add', 'session', 'udata', 'promo', 'migrations'] as const;
export type CookieKey = (typeof COOKIE_KEYS)[number];
export const COOKIE_PREFIX = 'sbjs_';
export const cookieName = (key: CookieKey): string => `${COOKIE_PREFIX}${key}`;

/** The fields of `sbjs_current` / `sbjs_first`, in sourcebuster's order. */
export const SOURCE_FIELDS = ['typ', 'src', 'mdm', 'cmp', 'cnt', 'trm', 'id', 'plt', 'fmt', 'tct'] as const;
export type Source = Record<(typeof SOURCE_FIELDS)[number], string>;
export type TrafficType = 'utm' | 'organic' | 'referral' | 'typein';

export const NONE = '(none)';
export const DIRECT = '(direct)';
/** TRK-09: a month is 30 days; the default lifetime is 6 months, the session 30 minutes. */
export const MINUTES_PER_MONTH = 30 * 24 * 60;
export const DEFAULT_LIFETIME_MONTHS = 6;
export const DEFAULT_SESSION_MINUTES = 30;
export const PROMO_RANGE = { min: 100000, max: 999999 } as const;
/** sbjs_migrations' one entry (the 2014 migration sourcebuster marks as done on a fresh visitor). */
export const MIGRATION_KEY = '1418474375998';

const SEPARATOR = '|||';

// ---- cookie encoding (TRK-04) -----------------------------------------------------------------------

/** sourcebuster's encodeData: encodeURIComponent plus ! ~ * ' ( ). */
export function encodeCookieValue(raw: string): string {
  return encodeURIComponent(raw).replace(/[!~*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `k=v|||k=v`, URI-encoded as sourcebuster writes it. A `|` inside a value would split it on reading, so it is
 * written percent-encoded (`%7C`, which means the same in the addresses these values mostly are); keys are
 * sourcebuster's short names (no `=` or `|`).
 */
export function encodeCookie(data: CookieData, base64 = false): string {
  const joined = Object.entries(data)
    .map(([k, v]) => `${k}=${v.replace(/\|/g, '%7C')}`)
    .join(SEPARATOR);
  if (!base64) return encodeCookieValue(joined);
  const bytes = new TextEncoder().encode(joined);
  return btoa(String.fromCharCode(...bytes)).replace(/=+$/, '');
}

function decodeBase64(text: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+$/.test(text)) return undefined;
  try {
    const binary = atob(text + '='.repeat((4 - (text.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** Reads a cookie written by `encodeCookie` (or by sourcebuster, plain or base64); undefined when it is not one. */
export function decodeCookie(value: string | undefined): CookieData | undefined {
  if (value === undefined || value === '') return undefined;
  let text: string;
  try {
    text = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  if (!text.includes('=')) text = decodeBase64(text) ?? text;
  const pairs: [string, string][] = [];
  for (const pair of text.split(SEPARATOR)) {
    const at = pair.indexOf('=');
    if (at > 0) pairs.push([pair.slice(0, at), pair.slice(at + 1)]);
  }
  // fromEntries defines each key as the cookie's own field: assigning one named `__proto__` would set the
  // object's prototype instead, and the field would read as missing.
  return pairs.length > 0 ? (Object.fromEntries(pairs) as CookieData) : undefined;
}

// ---- traffic type (TRK-05…TRK-08) ---------------------------------------------------------------------

/** Query parameters that make a visit a campaign (utm) visit: TRK-05. */
export const UTM_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'utm_id',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'gclid',
  'yclid',
] as const;

/** Search engines beyond Google and Yandex: domain, query parameter, display name (TRK-06). */
export const ORGANIC_ENGINES: { domain: string; param: string; name: string }[] = [
  { domain: 'bing.com', param: 'q', name: 'bing' },
  { domain: 'yahoo.com', param: 'p', name: 'yahoo' },
  { domain: 'about.com', param: 'q', name: 'about' },
  { domain: 'aol.com', param: 'q', name: 'aol' },
  { domain: 'ask.com', param: 'q', name: 'ask' },
  { domain: 'globososo.com', param: 'q', name: 'globo' },
  { domain: 'go.mail.ru', param: 'q', name: 'go.mail.ru' },
  { domain: 'rambler.ru', param: 'query', name: 'rambler' },
  { domain: 'tut.by', param: 'query', name: 'tut.by' },
];

/** Referral hosts shown under another name (sourcebuster's defaults). */
const REFERRAL_NAMES: Record<string, string> = { 't.co': 'twitter.com', 'plus.url.google.com': 'plus.google.com' };

const stripWww = (host: string): string => host.toLowerCase().replace(/^www\./, '');

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Whether `referrerHost` is another site than `siteHost` (neither it nor one of its subdomains). */
export function isExternal(referrerHost: string, siteHost: string): boolean {
  const ref = stripWww(referrerHost);
  const site = stripWww(siteHost);
  return ref !== '' && ref !== site && !ref.endsWith(`.${site}`);
}

const endsWithDomain = (host: string, domain: string): boolean => host === domain || host.endsWith(`.${domain}`);

/** The search engine of a referrer address, or undefined: TRK-06. */
export function organicEngine(referrer: URL): string | undefined {
  const host = referrer.hostname.toLowerCase();
  const query = referrer.searchParams;
  if (/^(?:www\.)?yandex\.[a-z]{2,9}$/.test(host) && query.has('text')) return 'yandex';
  if (/^(?:www\.)?google\.(?:(?:co|com)\.)?[a-z]{2,9}$/.test(host)) return 'google';
  return ORGANIC_ENGINES.find((e) => endsWithDomain(host, e.domain) && query.has(e.param))?.name;
}

const source = (typ: TrafficType, values: Partial<Source>): Source => {
  const out = { typ } as Source;
  for (const field of SOURCE_FIELDS) if (field !== 'typ') out[field] = values[field] || NONE;
  return out;
};

export interface VisitFacts {
  /** The page address. */
  url: string;
  /** document.referrer ('' when none). */
  referrer: string;
  /** The site's host name (location.hostname). */
  siteHost: string;
  /** A live sbjs_session cookie exists (the visit continues a session). */
  inSession: boolean;
  /** sbjs_first or sbjs_current exists (an earlier source is known). */
  known: boolean;
}

/**
 * The traffic source of this visit, or undefined when the stored one is kept (TRK-05…TRK-08):
 * utm for campaign parameters or click ids; organic for a search engine referrer; referral for another
 * site's referrer when a new session starts; typein ((direct)/(none)) for a visitor with no known source.
 */
export function classifyVisit(facts: VisitFacts): Source | undefined {
  const page = parseUrl(facts.url);
  const query = page?.searchParams ?? new URLSearchParams();
  const referrer = facts.referrer ? parseUrl(facts.referrer) : undefined;
  if (UTM_PARAMS.some((p) => query.has(p))) {
    const gclid = query.has('gclid');
    const yclid = query.has('yclid');
    const yandexText = referrer && /^(?:www\.)?yandex\./.test(referrer.hostname) ? (referrer.searchParams.get('text') ?? '') : '';
    return source('utm', {
      src: query.get('utm_source') || (gclid ? 'google' : yclid ? 'yandex' : ''),
      mdm: query.get('utm_medium') || (gclid || yclid ? 'cpc' : ''),
      cmp: query.get('utm_campaign') || (gclid ? 'google_cpc' : yclid ? 'yandex_cpc' : ''),
      cnt: query.get('utm_content') ?? '',
      trm: query.get('utm_term') || yandexText,
      id: query.get('utm_id') ?? '',
      plt: query.get('utm_source_platform') ?? '',
      fmt: query.get('utm_creative_format') ?? '',
      tct: query.get('utm_marketing_tactic') ?? '',
    });
  }
  const external = referrer !== undefined && isExternal(referrer.hostname, facts.siteHost);
  if (referrer && external) {
    const engine = organicEngine(referrer);
    if (engine) return source('organic', { src: engine, mdm: 'organic' });
    if (!facts.inSession) {
      const host = stripWww(referrer.hostname);
      return source('referral', { src: REFERRAL_NAMES[host] ?? host, mdm: 'referral', cnt: referrer.pathname });
    }
  }
  if (!facts.known) return source('typein', { src: DIRECT, mdm: NONE });
  return undefined;
}

// ---- one visit (TRK-04, TRK-09) ----------------------------------------------------------------------

/** `YYYY-MM-DD HH:MM:SS` at `offsetHours` from UTC (WooCommerce passes 0). */
export function formatDate(date: Date, offsetHours = 0): string {
  const shifted = new Date(date.getTime() + offsetHours * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
}

/** TRK-09: months of 30 days in whole minutes; 0 means cookies that end with the browser session. */
export function lifetimeMinutes(months: number): number {
  return Number.isFinite(months) && months > 0 ? Math.trunc(months * MINUTES_PER_MONTH) : 0;
}

/** A promo code in [min, max], zero-padded to max's length (TRK-09). */
export function promoCode(random: number, min: number = PROMO_RANGE.min, max: number = PROMO_RANGE.max): string {
  const code = Math.floor(random * (max - min + 1)) + min;
  return String(Math.min(max, Math.max(min, code))).padStart(String(max).length, '0');
}

export type Jar = Partial<Record<CookieKey, CookieData>>;

export interface VisitOptions {
  url: string;
  referrer: string;
  siteHost: string;
  now: Date;
  userAgent: string;
  lifetimeMonths: number;
  sessionMinutes: number;
  timezoneOffsetHours?: number;
  /** Issue a promo code (sourcebuster's `promocode` option; WooCommerce does not ask for one). */
  promo?: { min: number; max: number } | false;
  random?: () => number;
}

export interface CookieWrite {
  key: CookieKey;
  data: CookieData;
  /** Minutes until it expires; 0: a browser-session cookie. */
  minutes: number;
}

/** What sourcebuster's `get` gives: the cookies' data after this visit. */
export type SbjsGet = Partial<Record<Exclude<CookieKey, 'migrations'>, CookieData>>;

/**
 * sourcebuster's init for one page load: decides the source, counts pages and visits, and returns the
 * cookies to write and the resulting `get`.
 */
export function runVisit(jar: Jar, o: VisitOptions): { writes: CookieWrite[]; get: SbjsGet } {
  const lifetime = lifetimeMinutes(o.lifetimeMonths);
  const session = o.sessionMinutes > 0 ? o.sessionMinutes : DEFAULT_SESSION_MINUTES;
  const writes: CookieWrite[] = [];
  const next: Jar = { ...jar };
  const write = (key: CookieKey, data: CookieData, minutes = lifetime) => {
    next[key] = data;
    writes.push({ key, data, minutes });
  };
  const inSession = jar.session !== undefined;
  if (!jar.first && !jar.migrations) write('migrations', { [MIGRATION_KEY]: '1' });
  const decided = classifyVisit({ url: o.url, referrer: o.referrer, siteHost: o.siteHost, inSession, known: Boolean(jar.first || jar.current) });
  if (decided) {
    write('current', { ...decided });
    write('current_add', { fd: formatDate(o.now, o.timezoneOffsetHours ?? 0), ep: o.url, rf: o.referrer || NONE });
  }
  if (!next.first && next.current) write('first', { ...next.current });
  if (!next.first_add && next.current_add) write('first_add', { ...next.current_add });
  const pages = inSession ? (Number.parseInt(jar.session?.pgs ?? '', 10) || 0) + 1 : 1;
  write('session', { pgs: String(pages), cpg: o.url }, session);
  const visits = Number.parseInt(jar.udata?.vst ?? '', 10) || 0;
  write('udata', { vst: String(inSession ? Math.max(visits, 1) : visits + 1), uip: NONE, uag: o.userAgent });
  if (o.promo && !jar.promo) write('promo', { code: promoCode((o.random ?? Math.random)(), o.promo.min, o.promo.max) });
  const { migrations: _, ...get } = next;
  return { writes, get };
}

/** Each field's value from its `cookie.key` path in `get` (null where absent), as WooCommerce resolves them. */
export function fieldValues(fields: Record<string, string>, get: SbjsGet | undefined): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [field, path] of Object.entries(fields)) {
    const [cookie, key] = path.split('.');
    const value = get && cookie && key ? (get as Record<string, CookieData | undefined>)[cookie]?.[key] : undefined;
    out[field] = value ?? null;
  }
  return out;
}
