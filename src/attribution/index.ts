/**
 * Order attribution (WooCommerce's order-attribution.js with sourcebuster.js, spec §3, §4, §9): records the
 * visit's traffic source in the `sbjs_*` cookies, writes the values into the checkout's hidden inputs
 * (`<wc-order-attribution-inputs>`) and the block checkout's extension data, and follows consent.
 *
 * `window.wc_order_attribution.setOrderTracking(allow)` and `getAttributionData()` are WooCommerce's API: other
 * code (a consent plugin) may call them. With a consent category in the settings (the WP Consent API integration) tracking follows that
 * category through src/consent (TRK-01).
 *
 * Cookies are written host-only (sourcebuster's `isolate` option): a `.domain` cookie is refused on IP hosts
 * and would reach other subdomains; deleting removes both forms.
 */
import Cookies from 'js-cookie';
import type { ConsentCategory } from '../consent';
import { pageGlobal } from '../settings';
import type { OrderAttributionParams } from '../settings-privacy';
import { COOKIE_KEYS, type CookieKey, cookieName, decodeCookie, encodeCookie, fieldValues, type Jar, runVisit, type SbjsGet } from './logic';

export const INPUTS_ELEMENT = 'wc-order-attribution-inputs';
export const EXTENSION_NAMESPACE = 'woocommerce/order-attribution';

export type AttributionValues = Record<string, string | null>;

/** js-cookie without its value encoding: sourcebuster encodes its own values (`|||`, `%7C`), as its own js-cookie use does. */
const sbjsCookies = Cookies.withConverter<string>({ read: (value) => value, write: (value) => value });

let config: OrderAttributionParams | undefined;
let current: AttributionValues = {};

function readJar(): Jar {
  const jar: Jar = {};
  for (const key of COOKIE_KEYS) {
    const data = decodeCookie(sbjsCookies.get(cookieName(key)));
    if (data) jar[key] = data;
  }
  return jar;
}

function writeCookie(key: CookieKey, value: string, minutes: number): void {
  const secure = location.protocol === 'https:';
  // Raw: the values are already encoded the way sourcebuster encodes them.
  sbjsCookies.set(cookieName(key), value, { path: '/', secure, sameSite: 'Lax', ...(minutes > 0 ? { expires: minutes / (24 * 60) } : {}) });
}

/** TRK-01: tracking off deletes every sbjs cookie (host-only and `.domain` forms). */
export function deleteTrackingCookies(): void {
  const domain = `.${location.hostname.replace(/^www\./, '')}`;
  for (const key of COOKIE_KEYS) {
    Cookies.remove(cookieName(key), { path: '/' });
    Cookies.remove(cookieName(key), { path: '/', domain });
  }
}

/** sourcebuster's init: this page load counted, the cookies written; returns `sbjs.get`. */
export function trackVisit(params: OrderAttributionParams, now = new Date()): SbjsGet {
  const { writes, get } = runVisit(readJar(), {
    url: location.href,
    referrer: document.referrer,
    siteHost: location.hostname,
    now,
    userAgent: navigator.userAgent,
    lifetimeMonths: params.lifetimeMonths,
    sessionMinutes: params.sessionMinutes,
    timezoneOffsetHours: 0,
  });
  for (const w of writes) writeCookie(w.key, encodeCookie(w.data, params.base64), w.minutes);
  return get;
}

// ---- the hidden inputs (TRK-03) --------------------------------------------------------------------------

interface InputsElement extends HTMLElement {
  values: AttributionValues;
}

/** The custom element WooCommerce prints in the checkout form: one hidden input per field, named prefix + field. */
function defineInputsElement(): void {
  if (customElements.get(INPUTS_ELEMENT)) return;
  class OrderAttributionInputs extends HTMLElement {
    #values: AttributionValues = {};
    connectedCallback(): void {
      // Values set before the element was upgraded sit on the instance: take them over.
      if (Object.hasOwn(this, 'values')) {
        const early = (this as unknown as { values: AttributionValues }).values;
        delete (this as unknown as { values?: AttributionValues }).values;
        this.#values = early ?? {};
      }
      this.#stamp();
    }
    get values(): AttributionValues {
      return this.#values;
    }
    set values(values: AttributionValues) {
      this.#values = values ?? {};
      if (this.isConnected) this.#stamp();
    }
    #stamp(): void {
      const fields = Object.keys(config?.fields ?? this.#values);
      const prefix = config?.prefix ?? 'wc_order_attribution_';
      for (const field of fields) {
        const name = `${prefix}${field}`;
        let input = Array.from(this.querySelectorAll<HTMLInputElement>(':scope > input[type="hidden"]')).find((i) => i.name === name);
        if (!input) {
          input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          this.append(input);
        }
        input.value = this.#values[field] ?? '';
      }
    }
  }
  customElements.define(INPUTS_ELEMENT, OrderAttributionInputs);
}

type SetExtensionData = (ns: string, values: unknown, replace?: boolean) => void;

interface WpData {
  dispatch?: (store: string) => { setExtensionData?: SetExtensionData; __internalSetExtensionData?: SetExtensionData } | undefined;
  subscribe?: (listener: () => void) => () => void;
}

function wpData(): WpData | undefined {
  const wp = pageGlobal('wp');
  const data = wp && typeof wp === 'object' ? (wp as { data?: unknown }).data : undefined;
  return data && typeof data === 'object' ? (data as WpData) : undefined;
}

/** TRK-02: the values into every inputs element and, when the block checkout's store is there, its extension data. */
function publish(values: AttributionValues): void {
  for (const element of document.querySelectorAll<InputsElement>(INPUTS_ELEMENT)) element.values = values;
  // WooCommerce 8.5–8.7 print plain hidden inputs in the checkout and register forms (the element came in 8.8).
  const prefix = config?.prefix ?? 'wc_order_attribution_';
  for (const input of document.querySelectorAll<HTMLInputElement>(`input[type=hidden][name^="${CSS.escape(prefix)}"]`)) {
    if (!input.closest(INPUTS_ELEMENT)) input.value = values[input.name.slice(prefix.length)] ?? '';
  }
  try {
    // setExtensionData since WooCommerce 9.9, which logs a deprecation for every call of the __internal form that
    // older releases have alone.
    const store = wpData()?.dispatch?.('wc/store/checkout');
    if (store?.setExtensionData) store.setExtensionData(EXTENSION_NAMESPACE, values, true);
    else store?.__internalSetExtensionData?.(EXTENSION_NAMESPACE, values, true);
  } catch (error) {
    console.error('[vitrine] order attribution: the checkout store refused the data.', error);
  }
}

/** WooCommerce's setOrderTracking: off deletes the cookies and empties the values; on records the visit. Either way publishes (TRK-01, TRK-02). */
export function setOrderTracking(allow: boolean): AttributionValues {
  const params = config;
  if (!params) return {};
  // order-attribution.js keeps the printed params in step, which other code reads.
  const printed = (pageGlobal('wc_order_attribution') as { params?: unknown } | undefined)?.params;
  if (printed && typeof printed === 'object') (printed as { allowTracking?: boolean }).allowTracking = allow;
  if (allow) {
    current = fieldValues(params.fields, trackVisit(params));
  } else {
    deleteTrackingCookies();
    current = fieldValues(params.fields, undefined);
  }
  publish(current);
  return current;
}

/**
 * Starts attribution on this page: defines the inputs element once, exposes setOrderTracking on
 * `window.wc_order_attribution`, records the visit when tracking is allowed, follows consent, and
 * re-publishes for a block checkout whose store arrives late. Returns the cleanup.
 */
export function startOrderAttribution(params: OrderAttributionParams): () => void {
  config = params;
  defineInputsElement();
  const global = pageGlobal('wc_order_attribution');
  if (global && typeof global === 'object') {
    // WooCommerce's API on its global: a consent plugin switches tracking, a plugin reads the values it would send.
    Object.assign(global, { setOrderTracking, getAttributionData: () => ({ ...current }) });
  }
  // One page load counts once: recorded a microtask later, so a mount undone at once (React's strict
  // mode) records nothing.
  let cancelled = false;
  const stops: (() => void)[] = [
    () => {
      cancelled = true;
    },
  ];
  if (!params.consentCategory) {
    queueMicrotask(() => {
      if (!cancelled) setOrderTracking(params.allowTracking);
    });
  } else {
    // With the WP Consent API integration WooCommerce's allowTracking is wp_has_consent(category) on the
    // server; asking here gives the same answer for a page served from a cache. The consent code is fetched
    // only here: most shops set no consent category, and their pages do not download it.
    const category = params.consentCategory as ConsentCategory;
    import('../consent').then(
      (consent) => {
        if (cancelled) return;
        setOrderTracking(consent.has(category));
        stops.push(
          consent.onChange((changes) => {
            const value = changes[category];
            if (value !== undefined) setOrderTracking(value === 'allow');
          }),
          consent.onTypeDefined(() => setOrderTracking(consent.has(category))),
        );
      },
      // Without the consent code nothing is recorded: tracking waits for a consent it cannot read.
      (error: unknown) => console.error('[vitrine] order-attribution: the consent code could not be loaded; nothing is tracked.', error),
    );
  }
  // The block checkout's store may register after us: send the values once more on its first tick.
  const data = wpData();
  if (data?.subscribe) {
    let stop: (() => void) | undefined;
    let done = false;
    stop = data.subscribe(() => {
      if (done) return;
      done = true;
      publish(current);
      stop?.();
    });
    stops.push(() => stop?.());
  }
  return () => {
    for (const stop of stops) stop();
  };
}
