import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit } from '../../../src/bus';
import { resetRest } from '../../../src/http/rest';
import { resetSettingsCache } from '../../../src/settings';
import { startExpressCheckout } from '../../../widgets/express-checkout/controller';
import { readExpressCheckoutProps } from '../../../widgets/express-checkout/schema';
import type { StripeLike } from '../../../widgets/express-checkout/stripe';
import { json, mockFetch } from '../http/fetch-mock';
import { PAGE, PARAMS } from './fixtures';

// EXP-12 on a fake clock: a quantity change re-prices the wallet 250 ms after the last keystroke (one
// request for a burst of typing), and the button is busy from the first keystroke until the price is in;
// the cart page and the checkout re-price on their update events.



const cartFor = (quantity: number) => ({
  items: [{ key: 'k', name: 'Simple Mug', quantity, totals: { line_subtotal: String(1000 * quantity), line_subtotal_tax: '0' } }],
  totals: { total_price: String(1000 * quantity), currency_code: 'USD', currency_minor_unit: 2 },
  shipping_rates: [],
  needs_shipping: true,
});

/** A Stripe double that records the amounts it is given and fires `ready` with Google Pay available. */
function fakeStripe() {
  const amounts: number[] = [];
  const handlers: Record<string, (event: never) => void> = {};
  const stripe: StripeLike = {
    elements: (options) => {
      amounts.push(options.amount as number);
      return {
        create: () => ({
          on: (name, handler) => {
            handlers[name] = handler;
          },
          mount: () => handlers.ready?.({ availablePaymentMethods: { googlePay: true } } as never),
          unmount: () => undefined,
        }),
        update: (next) => {
          if (typeof next.amount === 'number') amounts.push(next.amount);
        },
        submit: async () => ({}),
      };
    },
    createPaymentMethod: async () => ({}),
    handleNextAction: async () => ({}),
  };
  return { stripe, amounts };
}

/** Lets the promise chains of the fetch and the answer run (the clock stands still meanwhile). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await vi.advanceTimersByTimeAsync(0);
}

describe('EXP-12 quantity re-pricing', () => {
  beforeEach(() => {
    (window as unknown as Record<string, unknown>).wcpayExpressCheckoutParams = PARAMS;
    resetSettingsCache();
    resetRest();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    delete (window as unknown as Record<string, unknown>).wcpayExpressCheckoutParams;
  });

  it('EXP-12 waits 250 ms after the last keystroke, asks once for the last quantity, and keeps the button busy until then', async () => {
    document.body.innerHTML = PAGE;
    const requests = mockFetch((request) => json(cartFor(Number(JSON.parse(request.body).quantity))));
    const container = document.getElementById('wcpay-express-checkout-element') as HTMLElement;
    const { stripe, amounts } = fakeStripe();
    const stop = startExpressCheckout(container, readExpressCheckoutProps(container), { loadStripe: async () => stripe, alert: vi.fn(), confirm: vi.fn() });
    await settle();
    expect(amounts).toEqual([1000]);
    expect(container.hasAttribute('aria-busy')).toBe(false);

    const qty = document.querySelector<HTMLInputElement>('input.qty') as HTMLInputElement;
    const type = (value: string) => {
      qty.value = value;
      qty.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type('2');
    expect(container.getAttribute('aria-busy')).toBe('true');
    await vi.advanceTimersByTimeAsync(200);
    type('3');
    await vi.advanceTimersByTimeAsync(249);
    expect(requests).toHaveLength(0);
    expect(container.getAttribute('aria-busy')).toBe('true');
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(requests.map((r) => JSON.parse(r.body).quantity)).toEqual([3]);
    expect(requests[0]?.headers.get('X-WooPayments-Tokenized-Cart-Is-Ephemeral-Cart')).toBe('1');
    expect(amounts).toEqual([1000, 3000]);
    expect(container.hasAttribute('aria-busy')).toBe(false);
    stop();
  });

  for (const [context, event] of [
    ['cart', 'cart:totals-updated'],
    ['cart', 'cart:page-updated'],
    ['checkout', 'checkout:updated'],
  ] as const) {
    it(`EXP-12 ${context}: ${event} reads the cart again and gives the wallet its new total`, async () => {
      (window as unknown as Record<string, unknown>).wcpayExpressCheckoutParams = { ...PARAMS, button_context: context, product: null };
      resetSettingsCache();
      document.body.innerHTML = PAGE;
      let quantity = 1;
      const requests = mockFetch(() => json(cartFor(quantity)));
      const container = document.getElementById('wcpay-express-checkout-element') as HTMLElement;
      const { stripe, amounts } = fakeStripe();
      const stop = startExpressCheckout(container, readExpressCheckoutProps(container), { loadStripe: async () => stripe, alert: vi.fn(), confirm: vi.fn() });
      await settle();
      expect(amounts).toEqual([1000]);
      quantity = 2;
      if (event === 'checkout:updated') emit(event, { data: {} });
      else if (event === 'cart:page-updated') emit(event, { reason: 'updated_wc_div' });
      else emit(event, {});
      await settle();
      expect(requests.map((r) => `${r.method} ${new URL(r.url, 'http://shop.test').pathname}`)).toEqual(['GET /wp-json/wc/store/v1/cart', 'GET /wp-json/wc/store/v1/cart']);
      expect(amounts).toEqual([1000, 2000]);
      stop();
    });
  }
});
