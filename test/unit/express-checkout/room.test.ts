import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRest } from '../../../src/http/rest';
import { resetSettingsCache } from '../../../src/settings';
import headScript from '../../../styles/first-paint-wallet.js?raw';
import { startExpressCheckout } from '../../../widgets/express-checkout/controller';
import { readExpressCheckoutProps } from '../../../widgets/express-checkout/schema';
import type { StripeLike } from '../../../widgets/express-checkout/stripe';
import { readProps } from '../../../widgets/express-checkout/widget';
import { json, mockFetch } from '../http/fetch-mock';
import { PAGE, PARAMS, stripeOffering } from './fixtures';

// EXP-01 The room the first paint keeps for a returning wallet shopper's button (styles/first-paint-wallet.js,
// widgets/express-checkout/room.ts) is given back on every way the button can fail to come, so an empty box and
// its "— OR —" never stay on the page: Stripe.js blocked, nothing to pay, settings the widget cannot read, the
// widget gone, and Vitrine's code never starting at all (the head script's 10 s cap).

const html = document.documentElement;
const kept = () => html.classList.contains('vitrine-wallet');
const runHeadScript = () => new Function(headScript)();

const stripeWith = (wallets: Record<string, boolean>): StripeLike => stripeOffering(wallets).stripe;

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await vi.advanceTimersByTimeAsync(0);
}

const cartTotalling = (total: number) => ({
  items: total ? [{ key: 'k', name: 'Simple Mug', quantity: 1, totals: { line_subtotal: String(total), line_subtotal_tax: '0' } }] : [],
  totals: { total_price: String(total), currency_code: 'USD', currency_minor_unit: 2 },
  shipping_rates: [],
  needs_shipping: true,
});

describe('EXP-01 the wallet room kept at first paint', () => {
  beforeEach(() => {
    (window as unknown as Record<string, unknown>).wcpayExpressCheckoutParams = PARAMS;
    resetSettingsCache();
    resetRest();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    localStorage.setItem('vitrine-wallet', '48');
    document.body.innerHTML = PAGE;
    runHeadScript();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    localStorage.clear();
    html.classList.remove('vitrine-wallet', 'vitrine-wallet-held');
    html.style.removeProperty('--vitrine-wallet-height');
    delete (window as unknown as Record<string, unknown>).wcpayExpressCheckoutParams;
  });

  const container = () => document.getElementById('wcpay-express-checkout-element') as HTMLElement;
  const start = (loadStripe: () => Promise<StripeLike>) => startExpressCheckout(container(), readExpressCheckoutProps(container()), { loadStripe, alert: vi.fn(), confirm: vi.fn() });

  it('the head script keeps the remembered height, and gives the room back 10 s on when no widget has taken it', async () => {
    expect(kept()).toBe(true);
    expect(html.style.getPropertyValue('--vitrine-wallet-height')).toBe('48px');
    await vi.advanceTimersByTimeAsync(9_900);
    expect(kept()).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(kept()).toBe(false);
  });

  it('a widget that started keeps the room past 10 s while Stripe is slow, then shows the button in it', async () => {
    let arrive: (stripe: StripeLike) => void = () => undefined;
    const stop = start(() => new Promise((resolve) => (arrive = resolve)));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(kept()).toBe(true);
    arrive(stripeWith({ googlePay: true }));
    await settle();
    expect(kept()).toBe(false);
    expect(container().hidden).toBe(false);
    stop();
  });

  it('Stripe.js blocked or failing: the room goes and the box hides', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stop = start(async () => {
      throw new Error('Stripe.js did not load');
    });
    await settle();
    expect(kept()).toBe(false);
    expect(container().style.display).toBe('none');
    stop();
  });

  it('nothing to pay (an empty cart): no element is mounted, the room goes', async () => {
    (window as unknown as Record<string, unknown>).wcpayExpressCheckoutParams = { ...PARAMS, button_context: 'cart', product: null };
    resetSettingsCache();
    mockFetch(() => json(cartTotalling(0)));
    const stop = start(async () => stripeWith({ googlePay: true }));
    await settle();
    expect(kept()).toBe(false);
    expect(container().style.display).toBe('none');
    stop();
  });

  it('settings the widget cannot read: the room goes at once, with the error', () => {
    (window as unknown as Record<string, unknown>).wcpayExpressCheckoutParams = { ...PARAMS, button_context: 'basket' };
    resetSettingsCache();
    expect(() => readProps(container())).toThrow(/button_context/);
    expect(kept()).toBe(false);
  });

  it('the widget unmounted before Stripe answered: the room goes with it', async () => {
    const stop = start(() => new Promise(() => undefined));
    await settle();
    expect(kept()).toBe(true);
    stop();
    expect(kept()).toBe(false);
  });

  it('Stripe refusing the element at once (a synchronous IntegrationError): the room goes and the button is not left busy', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusing: StripeLike = {
      ...stripeWith({ googlePay: true }),
      elements: () => {
        throw new Error('IntegrationError: Invalid value for appearance.variables.colorText');
      },
    };
    const stop = start(async () => refusing);
    await settle();
    expect(kept()).toBe(false);
    expect(container().style.display).toBe('none');
    expect(container().hasAttribute('aria-busy')).toBe(false);
    stop();
  });

  it('Stripe reports no wallet: the room goes and the memory with it', async () => {
    const stop = start(async () => stripeWith({ googlePay: false, applePay: false }));
    await settle();
    expect(kept()).toBe(false);
    expect(localStorage.getItem('vitrine-wallet')).toBeNull();
    stop();
  });

  it('a wallet whose box has no height to measure here (a theme hides it on this page) is not forgotten', async () => {
    const stop = start(async () => stripeWith({ googlePay: true }));
    await settle();
    expect(container().offsetHeight).toBe(0);
    expect(localStorage.getItem('vitrine-wallet')).toBe('48');
    stop();
  });
});
