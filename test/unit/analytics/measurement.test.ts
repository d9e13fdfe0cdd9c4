import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMeasurement } from '../../../src/analytics';
import { emit } from '../../../src/bus';
import { set } from '../../../src/consent';
import { resetSettingsCache } from '../../../src/settings';
import { printedOrder } from './orders';

const win = window as unknown as Record<string, unknown>;
const GLOBALS = ['cnArgs', 'consent_api', 'gtag', 'ga4w', 'wp_has_consent', 'wp_set_consent', 'wp_consent_type', 'wp_fallback_consent_type', 'waitfor_consent_hook'];

let calls: unknown[][];
let stop: () => void;

function start(globals: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(globals)) win[name] = value;
  resetSettingsCache();
  stop = startMeasurement();
}

const events = (name?: string) => calls.filter((c) => c[0] === 'event' && (!name || c[1] === name));
const updates = () => calls.filter((c) => c[0] === 'consent' && c[1] === 'update');
const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('measurement (src/analytics)', () => {
  beforeEach(() => {
    calls = [];
    for (const name of GLOBALS) delete win[name];
  });
  afterEach(() => {
    stop?.();
    for (const name of GLOBALS) delete win[name];
    resetSettingsCache();
  });

  const gtag = (...args: unknown[]) => calls.push(args);

  it('ANL-01 CNS-08 opt-in: nothing is sent before consent; accepting sends one consent update, then add_to_cart', async () => {
    start({ gtag, cnArgs: {}, consent_api: { consent_type: '' } });
    const button = document.createElement('a');
    emit('cart:adding', { button, data: { product_id: '10', quantity: '1' } });
    emit('cart:added', { fragments: {}, cartHash: 'h', button });
    expect(calls).toEqual([]);
    set({ functional: 'allow', preferences: 'allow', statistics: 'allow', 'statistics-anonymous': 'allow', marketing: 'allow' });
    await tick();
    expect(updates()).toEqual([
      ['consent', 'update', { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' }],
    ]);
    emit('cart:adding', { button, data: { product_id: '10', quantity: '2' } });
    emit('cart:added', { fragments: {}, cartHash: 'h2', button });
    expect(events('add_to_cart')).toEqual([['event', 'add_to_cart', { items: [{ item_id: '10', quantity: 2 }] }]]);
  });

  it('CNS-08 a site WP Consent API announcing categories one by one still gives one update per change', async () => {
    const siteSet = (category: string, value: string) => {
      // biome-ignore lint/suspicious/noDocumentCookie: a stand-in for the site's own WP Consent API script.
      document.cookie = `wp_consent_${category}=${value}; path=/`;
      document.dispatchEvent(new CustomEvent('wp_listen_for_consent_change', { detail: { [category]: value } }));
    };
    start({ gtag, consent_api: { consent_type: 'optin' }, wp_set_consent: siteSet, wp_has_consent: () => false });
    set({ statistics: 'deny', marketing: 'deny' });
    await tick();
    expect(updates()).toHaveLength(1);
    expect(updates()[0]![2]).toEqual({ analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
  });

  it('CNS-07 CNS-08 opt-out measures without a choice: granted at start, add_to_cart sent', () => {
    start({ gtag, consent_api: { consent_type: 'optout' } });
    expect(updates()).toEqual([['consent', 'update', { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' }]]);
    const button = document.createElement('button');
    button.setAttribute('data-product_id', '11');
    emit('cart:added', { fragments: {}, cartHash: 'h', button });
    expect(events('add_to_cart')).toEqual([['event', 'add_to_cart', { items: [{ item_id: '11', quantity: 1 }] }]]);
  });

  it('ANL-01 five quick adds on one button are five add_to_cart events, a failed one is not counted', () => {
    start({ gtag });
    const button = document.createElement('a');
    for (let i = 0; i < 3; i++) emit('cart:adding', { button, data: { product_id: '10', quantity: String(i + 1) } });
    emit('cart:failed', { button, message: 'no' });
    emit('cart:added', { fragments: {}, cartHash: 'a', button });
    emit('cart:added', { fragments: {}, cartHash: 'b', button });
    expect(events('add_to_cart').map((c) => (c[2] as { items: { quantity: number }[] }).items[0]!.quantity)).toEqual([2, 3]);
  });

  it('ANL-01 without a tag function an add logs no error, and adds are measured once the site\'s tag function arrives', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    start({ consent_api: { consent_type: 'optout' } });
    const button = document.createElement('a');
    button.setAttribute('data-product_id', '12');
    emit('cart:added', { fragments: {}, cartHash: 'h', button });
    expect(error).not.toHaveBeenCalled();
    // A tag manager that loads late defines gtag after Vitrine started: the next add reaches it.
    win.gtag = gtag;
    emit('cart:added', { fragments: {}, cartHash: 'h2', button });
    expect(events('add_to_cart')).toEqual([['event', 'add_to_cart', { items: [{ item_id: '12', quantity: 1 }] }]]);
    expect(error).not.toHaveBeenCalled();
  });

  it('ANL-01 a tag function that throws is logged as the tag function\'s error, and later adds still reach it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const blocked = new Error('blocked');
    start({ gtag: (...args: unknown[]) => { calls.push(args); throw blocked; }, consent_api: { consent_type: 'optout' } });
    const button = document.createElement('a');
    button.setAttribute('data-product_id', '10');
    emit('cart:added', { fragments: {}, cartHash: 'h', button });
    emit('cart:added', { fragments: {}, cartHash: 'h2', button });
    expect(events('add_to_cart')).toHaveLength(2);
    // One line per throw (the consent update at start, then each add), each naming the tag function and its error.
    expect(error.mock.calls).toEqual([
      ['[vitrine] the tag function threw', blocked],
      ['[vitrine] the tag function threw', blocked],
      ['[vitrine] the tag function threw', blocked],
    ]);
  });

  it("ANL-01 ANL-02 with Google Analytics for WooCommerce's own tracker on the page, Vitrine sends neither add_to_cart nor purchase (the tracker does: no order or add counted twice); consent updates still go", () => {
    const tracker = Object.assign(document.createElement('script'), { id: 'woocommerce-google-analytics-integration-js' });
    document.head.append(tracker);
    try {
      const order = printedOrder('USD', 2, { total: 5500, shipping: 500, tax: 500, price: 2250 });
      start({ gtag, consent_api: { consent_type: 'optout' }, ga4w: { data: { order }, settings: { tracker_function_name: 'gtag' } } });
      const button = document.createElement('button');
      button.setAttribute('data-product_id', '11');
      emit('cart:added', { fragments: {}, cartHash: 'h', button });
      expect([events('add_to_cart'), events('purchase')]).toEqual([[], []]);
      expect(updates()).toHaveLength(1);
    } finally {
      tracker.remove();
    }
  });

  it('ANL-02 purchase once per order, from the printed order, when statistics has consent', () => {
    const order = printedOrder('JPY', 0, { total: 5500, shipping: 500, tax: 500, price: 2250 });
    start({ gtag, ga4w: { data: { order }, settings: { tracker_function_name: 'gtag' } } });
    expect(events('purchase')).toHaveLength(1);
    expect(events('purchase')[0]![2]).toMatchObject({ transaction_id: '4321', value: 5500, currency: 'JPY', shipping: 500, tax: 500 });
    // A reload of the order-received page does not count the order twice.
    stop();
    stop = startMeasurement();
    expect(events('purchase')).toHaveLength(1);
  });

  it('ANL-02 opt-in: the purchase waits for consent on the order-received page, and is sent when the shopper accepts', async () => {
    const order = printedOrder('KWD', 3, { total: 12345, shipping: 1500, tax: 5, price: 5420 });
    start({ gtag, cnArgs: {}, ga4w: { data: { order } } });
    expect(events()).toEqual([]);
    set({ statistics: 'allow' });
    expect(events('purchase')[0]![2]).toMatchObject({ value: 12.345, shipping: 1.5, tax: 0.005, currency: 'KWD' });
  });

  it('ANL-02 a malformed printed order sends nothing and says why', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    start({ gtag, ga4w: { data: { order: { id: 1, totals: { currency_code: 'yen' }, items: [] } } } });
    expect(events('purchase')).toEqual([]);
    expect(error.mock.calls[0]![0]).toContain('ga4w.data.order is invalid');
  });

  it('ANL-01 the tag function named by ga4w.settings is used', () => {
    const other: unknown[][] = [];
    start({ myTag: (...args: unknown[]) => other.push(args), ga4w: { settings: { tracker_function_name: 'myTag' } } });
    emit('cart:added', { fragments: {}, cartHash: 'h', button: Object.assign(document.createElement('a'), {}) });
    const button = document.createElement('a');
    button.setAttribute('data-product_id', '10');
    emit('cart:added', { fragments: {}, cartHash: 'h', button });
    expect(other).toEqual([['event', 'add_to_cart', { items: [{ item_id: '10', quantity: 1 }] }]]);
    delete win.myTag;
  });
});
