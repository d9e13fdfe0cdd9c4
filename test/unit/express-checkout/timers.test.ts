import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRest } from '../../../src/http/rest';
import { resetSettingsCache } from '../../../src/settings';
import { startExpressCheckout } from '../../../widgets/express-checkout/controller';
import { readExpressCheckoutProps } from '../../../widgets/express-checkout/schema';
import type { StripeLike } from '../../../widgets/express-checkout/stripe';
import { json, mockFetch } from '../http/fetch-mock';
import { PAGE, PARAMS } from './fixtures';

// The express wallet's clocks, run on a fake one: the card library polled when its script is late (EXP-25), and
// the wallet-load tracking debounced (EXP-28). Stripe.js is the boundary mocked here: its loader fails, as when
// the script is blocked or slow, so the widget falls back to polling window.Stripe.

vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: async () => {
    throw new Error('script blocked');
  },
}));

const win = window as unknown as Record<string, unknown>;

/** A Stripe double whose element's `ready` the test fires itself (Stripe fires it again when the element redraws). */
function fakeStripe() {
  const handlers: Record<string, (event: never) => void> = {};
  let mounted = 0;
  const stripe: StripeLike = {
    elements: () => ({
      create: () => ({
        on: (name, handler) => {
          handlers[name] = handler;
        },
        mount: () => {
          mounted += 1;
        },
        unmount: () => undefined,
      }),
      update: () => undefined,
      submit: async () => ({}),
    }),
    createPaymentMethod: async () => ({}),
    handleNextAction: async () => ({}),
  };
  const ready = (wallets: Record<string, boolean>) => handlers.ready?.({ availablePaymentMethods: wallets } as never);
  return { stripe, ready, mounted: () => mounted };
}

/** Lets promise chains run while the clock stands still. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await vi.advanceTimersByTimeAsync(0);
}

function start(): { container: HTMLElement; stop: () => void } {
  document.body.innerHTML = PAGE;
  const container = document.getElementById('wcpay-express-checkout-element') as HTMLElement;
  // The default environment: the real waitForStripe, on the fake clock.
  return { container, stop: startExpressCheckout(container, readExpressCheckoutProps(container)) };
}

describe('express wallet clocks', () => {
  beforeEach(() => {
    win.wcpayExpressCheckoutParams = { ...PARAMS, ajax_url: '/wp-admin/admin-ajax.php', nonce: { ...PARAMS.nonce, platform_tracker: 'n-tracks' } };
    resetSettingsCache();
    resetRest();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    delete win.wcpayExpressCheckoutParams;
    delete win.Stripe;
  });

  it('EXP-25 a card library that arrives late is found within 100 ms of arriving, and the wallet mounts', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { stripe, mounted } = fakeStripe();
    const { stop } = start();
    await settle();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(mounted()).toBe(0);
    // The script arrives five minutes in, just after a look: the next look, 100 ms later, finds it.
    win.Stripe = () => stripe;
    await vi.advanceTimersByTimeAsync(99);
    expect(mounted()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(mounted()).toBe(1);
    expect(error).not.toHaveBeenCalled();
    stop();
  });

  it("EXP-25 without a card library the widget waits 10 minutes, then gives up with 'Stripe object not found': button no longer busy, still hidden", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container, stop } = start();
    await settle();
    expect(container.getAttribute('aria-busy')).toBe('true');
    await vi.advanceTimersByTimeAsync(600_000 - 1);
    expect(error).not.toHaveBeenCalled();
    expect(container.getAttribute('aria-busy')).toBe('true');
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(error.mock.calls).toEqual([['[vitrine] express-checkout:', 'Stripe object not found']]);
    expect(container.hasAttribute('aria-busy')).toBe(false);
    expect(container.style.display).toBe('none');
    stop();
  });

  it('EXP-28 one load event per wallet, sent 1000 ms after the last ready: a redraw within the second sends no second one', async () => {
    const requests = mockFetch(() => json({ success: true }));
    const { stripe, ready } = fakeStripe();
    win.Stripe = () => stripe;
    const { stop } = start();
    await settle();
    const loads = () => requests.map((r) => new URLSearchParams(r.body)).filter((b) => b.get('action') === 'platform_tracks');
    ready({ googlePay: true, applePay: true, link: false });
    await vi.advanceTimersByTimeAsync(600);
    ready({ googlePay: true, applePay: true, link: false });
    await vi.advanceTimersByTimeAsync(999);
    expect(loads()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(loads().map((b) => [b.get('tracksEventName'), b.get('tracksEventProp'), b.get('tracksNonce')])).toEqual([
      ['gpay_button_load', '{"source":"product"}', 'n-tracks'],
      ['applepay_button_load', '{"source":"product"}', 'n-tracks'],
    ]);
    // A wallet that leaves the page before its second is up sends nothing.
    ready({ googlePay: true });
    await vi.advanceTimersByTimeAsync(500);
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(loads()).toHaveLength(2);
  });
});
