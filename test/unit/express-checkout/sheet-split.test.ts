import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRest } from '../../../src/http/rest';
import { resetSettingsCache } from '../../../src/settings';
import { startExpressCheckout } from '../../../widgets/express-checkout/controller';
import { readExpressCheckoutProps } from '../../../widgets/express-checkout/schema';
import { json, mockFetch } from '../http/fetch-mock';
import { PAGE, PARAMS, stripeOffering } from './fixtures';

// Issue 16: the payment sheet's code (sheet.ts) is a module of its own, imported only once the element's
// `ready` reports a wallet; a press is answered in the click handler itself (Stripe allows 1 s), from the
// priced cart, whether or not that module has arrived.

const sheetImports = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../widgets/express-checkout/sheet', async (importOriginal) => {
  sheetImports.count += 1;
  return importOriginal();
});



function start(wallets: Record<string, boolean>) {
  document.body.innerHTML = PAGE;
  const container = document.getElementById('wcpay-express-checkout-element') as HTMLElement;
  const { stripe, handlers } = stripeOffering(wallets);
  const stop = startExpressCheckout(container, readExpressCheckoutProps(container), { loadStripe: async () => stripe, alert: vi.fn(), confirm: vi.fn() });
  return { container, handlers, stop };
}

describe('express wallet: the sheet module', () => {
  beforeEach(() => {
    (window as unknown as Record<string, unknown>).wcpayExpressCheckoutParams = PARAMS;
    resetSettingsCache();
    resetRest();
  });
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).wcpayExpressCheckoutParams;
    document.querySelector('.vitrine-express-overlay')?.remove();
  });

  // One test, in this order: the module registry keeps sheet.ts once imported.
  it('is not imported when no wallet is offered, is imported at ready when one is, and a press before it arrives is answered at once', async () => {
    const none = start({ googlePay: false, applePay: false });
    await vi.waitFor(() => expect(none.handlers.ready).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sheetImports.count).toBe(0);
    expect(none.container.style.display).toBe('none');
    none.stop();

    const offered = start({ googlePay: true });
    await vi.waitFor(() => expect(offered.handlers.click).toBeDefined());
    expect(offered.container.style.display).toBe('');
    // Pressed at once (the module is still being fetched and compiled): resolved inside the handler all the same.
    mockFetch(() => json({ items: [{ key: 'k', name: 'Simple Mug', quantity: 1 }], totals: { total_price: '1000', currency_code: 'USD', currency_minor_unit: 2 }, needs_shipping: true }));
    const resolve = vi.fn();
    offered.handlers.click?.({ expressPaymentType: 'google_pay', resolve } as never);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve.mock.calls[0]?.[0]).toMatchObject({ emailRequired: true, shippingAddressRequired: true, shippingRates: [{ id: 'pending' }] });
    expect(document.body.getAttribute('aria-busy')).toBe('true');
    await vi.waitFor(() => expect(sheetImports.count).toBe(1));
    offered.stop();
  });
});
