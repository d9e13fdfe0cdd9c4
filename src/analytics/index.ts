/**
 * Measurement through the page's tag function (spec §7: ANL-01): Google consent mode updates, add_to_cart
 * on every successful add, purchase on the order-received page, submit_lead_form for newsletter forms.
 * Nothing is sent while `statistics` lacks consent (src/consent); without a tag function nothing is sent
 * and nothing breaks.
 *
 * Started once per page by the entry (mount/index.ts) when the page has a tag function, consent
 * management or Cookie Notice.
 */
import { on } from '../bus';
import { consentType, has, installConsentApi, onChange, onTypeDefined } from '../consent';
import { type GoogleConsent, googleConsentUpdate, grantedConsent } from '../consent/logic';
import { pageGlobal } from '../settings';
import { analyticsParams, consentApiParams } from '../settings-privacy';
import { addedItem, orderSchema, purchaseEvent } from './logic';
import { safeParse } from '../validation';
import type { MissedEvent } from '../jquery-bridge';

/** Calls the page's tag function (gtag, or the name ga4w.settings gives); false when there is none. */
export function tag(...args: unknown[]): boolean {
  const fn = pageGlobal(analyticsParams().trackerFunctionName);
  if (typeof fn !== 'function') return false;
  try {
    fn(...args);
    return true;
  } catch (error) {
    console.error('[vitrine] the tag function threw', error);
    return false;
  }
}

/** ANL-01: sends `gtag('event', name, params)` when statistics has consent; false when nothing was sent. */
export function sendEvent(name: string, params: Record<string, unknown>): boolean {
  if (!has('statistics')) return false;
  return tag('event', name, params);
}

/**
 * CNS-08: one `gtag('consent','update',…)` per change. Changes announced in one go (a site's own
 * WP Consent API announces each category separately) are gathered in a microtask. At start, the
 * categories that already have consent are granted (returning visitors, opt-out sites).
 */
function startConsentMode(): () => void {
  let pending: GoogleConsent | null = null;
  const stop = onChange((changes) => {
    const update = googleConsentUpdate(changes);
    if (!update) return;
    if (!pending) {
      pending = {};
      queueMicrotask(() => {
        const params = pending;
        pending = null;
        if (params) tag('consent', 'update', params);
      });
    }
    Object.assign(pending, update);
  });
  let grantedAtStart = false;
  const grantAtStart = () => {
    if (grantedAtStart || !consentType()) return;
    grantedAtStart = true;
    const granted = grantedConsent(has);
    if (granted) tag('consent', 'update', granted);
  };
  const stopType = onTypeDefined(grantAtStart);
  if (!consentApiParams().waitforConsentHook) grantAtStart();
  return () => {
    stop();
    stopType();
  };
}

/** ANL-01: add_to_cart after every successful add, whoever added (listing, product form, express, theme code). */
function startAddToCart(): () => void {
  const adding = new WeakMap<HTMLElement, Record<string, string>[]>();
  const stopAdding = on('cart:adding', ({ button, data }) => {
    const queue = adding.get(button) ?? [];
    queue.push(data);
    adding.set(button, queue);
  });
  const stopAdded = on('cart:added', ({ button }) => {
    const fields = (button && adding.get(button)?.shift()) ?? {
      product_id: button?.getAttribute('data-product_id') ?? undefined,
      quantity: button?.getAttribute('data-quantity') ?? undefined,
    };
    const item = addedItem(fields);
    if (item) sendEvent('add_to_cart', { items: [item] });
  });
  // A failed add leaves its fields queued: drop them so the next success is not paired with them.
  const stopFailed = on('cart:failed', ({ button }) => {
    if (button) adding.get(button)?.shift();
  });
  return () => {
    stopAdding();
    stopAdded();
    stopFailed();
  };
}

const SENT_PURCHASES = 'vitrine_purchases_sent';

function alreadySent(id: string): boolean {
  try {
    return (sessionStorage.getItem(SENT_PURCHASES) ?? '').split(',').includes(id);
  } catch {
    return false;
  }
}

function rememberSent(id: string): void {
  try {
    const sent = (sessionStorage.getItem(SENT_PURCHASES) ?? '').split(',').filter(Boolean);
    sessionStorage.setItem(SENT_PURCHASES, [...sent, id].slice(-20).join(','));
  } catch {
    // Storage refused (private mode): a reload may send the purchase again, as WooCommerce's integration does.
  }
}

/**
 * ANL-02: purchase once per order on the order-received page, from the order the page prints
 * (docs/decisions.md). Sent when statistics has consent, now or after the shopper accepts on that page.
 */
function startPurchase(): () => void {
  const printed = analyticsParams().order;
  if (printed === null) return () => {};
  const result = safeParse(orderSchema, printed);
  if (!result.success) {
    console.error('[vitrine] window.ga4w.data.order is invalid; no purchase event.', result.issues);
    return () => {};
  }
  const event = purchaseEvent(result.data);
  const send = () => {
    if (alreadySent(event.transaction_id)) return true;
    if (!sendEvent('purchase', { ...event })) return false;
    rememberSent(event.transaction_id);
    return true;
  };
  if (send()) return () => {};
  const stop = onChange(() => {
    if (send()) stop();
  });
  return stop;
}

/**
 * Google Analytics for WooCommerce's own tracker, when the site keeps it beside the data it prints (`ga4w`): it sends
 * add_to_cart and purchase itself (and view_item, begin_checkout, … which Vitrine does not), so Vitrine sending them too
 * would count every add and every order twice. Its script is found by the id WordPress gives it, or by its address
 * when an optimiser combined it.
 */
function googleAnalyticsTrackerOnPage(): boolean {
  return document.querySelector('#woocommerce-google-analytics-integration-js, script[src*="/woocommerce-google-analytics-integration/"]') !== null;
}

let stopAll: (() => void) | null = null;

/** Starts consent mode and the measurement listeners once per page; returns the stop (tests). */
export function startMeasurement(): () => void {
  if (stopAll) return stopAll;
  installConsentApi();
  const tracker = googleAnalyticsTrackerOnPage();
  // The tracker hears WooCommerce's events through jQuery, `on<event>` properties or DOM events: where jQuery is gone,
  // the bridge fires them the jQuery-free way (src/jquery-bridge.ts). An add answered while the bridge's chunk is on
  // its way is kept and handed to it, so a shopper quick off the mark is counted too.
  if (tracker) {
    const missed: MissedEvent[] = [];
    const keeping = (['cart:adding', 'cart:added', 'cart:removed'] as const).map((name) => on(name, (payload, event) => missed.push({ name, payload, event })));
    import('../jquery-bridge').then((bridge) => {
      for (const stop of keeping) stop();
      bridge.installJQueryBridge(missed);
    }, console.error);
  }
  const stops = [startConsentMode(), ...(tracker ? [] : [startAddToCart(), startPurchase()])];
  stopAll = () => {
    for (const stop of stops) stop();
    stopAll = null;
  };
  return stopAll;
}
