import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { report, settled } from '../../mount/mounts';
import { resetSettingsCache } from '../../src/settings';
import { bootPage } from '../helpers/page';
import { everythingInView } from '../helpers/in-view.ts';

// The express wallet's settings global as a broken plugin or a filter might print it: the widget does not
// mount, the server's container stays as rendered (hidden), and one console error names the widget and
// the field, so a site owner knows what to fix.

const CONTAINER = `<div class="woocommerce-notices-wrapper"></div>
<form class="cart" action="/product/simple-mug/" method="post"><div class="quantity"><input type="number" class="input-text qty text" name="quantity" value="1" min="1" /></div><button type="submit" name="add-to-cart" value="10" class="single_add_to_cart_button button alt">Add to cart</button></form>
<div id="wcpay-express-checkout-wrapper"><p id="wcpay-express-checkout-button-separator" style="display:none;">— OR —</p><div id="wcpay-express-checkout-element" style="margin-top: 1em;clear:both;display:none;"></div></div>`;

function validParams(): Record<string, unknown> {
  return {
    ajax_url: '/wp-admin/admin-ajax.php',
    stripe: { publishableKey: 'pk_test_x', accountId: 'acct_x', locale: 'en' },
    nonce: { store_api_nonce: 'n-store', tokenized_cart_nonce: 'n-tok', tokenized_cart_session_nonce: 'n-ses', platform_tracker: 'n-tr' },
    checkout: { currency_code: 'usd', currency_decimals: 2, country_code: 'US', needs_shipping: true, needs_payer_phone: true },
    button: { type: 'buy', theme: 'dark', height: '48' },
    login_confirmation: false,
    button_context: 'product',
    has_block: false,
    product: { total: { label: 'Shop', amount: 1000 }, needs_shipping: true },
  };
}

const CASES: Array<[string, (p: Record<string, unknown>) => unknown, string]> = [
  ['a publishable key that is a number', (p) => ({ ...p, stripe: { ...(p.stripe as object), publishableKey: 42 } }), 'wcpayExpressCheckoutParams.stripe.publishableKey'],
  ['no nonces', (p) => ({ ...p, nonce: undefined }), 'wcpayExpressCheckoutParams.nonce'],
  ['a Store API nonce that is missing', (p) => ({ ...p, nonce: { platform_tracker: 'n' } }), 'wcpayExpressCheckoutParams.nonce.store_api_nonce'],
  ['an unknown button context', (p) => ({ ...p, button_context: 'basket' }), 'wcpayExpressCheckoutParams.button_context'],
  ['a currency that is not a code', (p) => ({ ...p, checkout: { ...(p.checkout as object), currency_code: 'dollars' } }), 'wcpayExpressCheckoutParams.checkout.currency_code'],
  ['a product total that is text', (p) => ({ ...p, product: { total: { amount: '10.00' } } }), 'wcpayExpressCheckoutParams.product.total.amount'],
  ['a string instead of an object', () => 'wcpay', 'wcpayExpressCheckoutParams'],
];

/** Until the widget has given up on its element; as long as a loaded machine needs (no short deadline). */
async function failedToMount(): Promise<void> {
  await vi.waitFor(
    async () => {
      await settled();
      expect(report().find((row) => row.widget === 'express-checkout')?.state).toBe('failed');
    },
    { timeout: 30_000, interval: 20 },
  );
}

describe('express-checkout settings', () => {
  // The widget's code (and React) is compiled once, before the first case, whatever the machine's load.
  beforeAll(async () => {
    await Promise.all([import('../../widgets/express-checkout/widget'), import('../../mount/activate')]);
  }, 120_000);
  beforeEach(() => {
    resetSettingsCache();
    everythingInView();
  });
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).wcpayExpressCheckoutParams;
    vi.restoreAllMocks();
  });

  for (const [what, broken, field] of CASES) {
    it(`${what}: no mount, one console error naming the widget and ${field}`, { timeout: 60_000 }, async () => {
      (window as unknown as Record<string, unknown>).wcpayExpressCheckoutParams = broken(validParams());
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await bootPage(CONTAINER);
      await failedToMount();
      const container = document.getElementById('wcpay-express-checkout-element') as HTMLElement;
      expect(container.innerHTML).toBe('');
      expect(container.style.display).toBe('none');
      expect(container.hasAttribute('aria-busy')).toBe(false);
      const lines = errors.mock.calls.map((args) => args.filter((a) => typeof a === 'string').join(' '));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('[vitrine] express-checkout');
      expect(lines[0]).toMatch(new RegExp(`invalid ${field.replace(/\./g, '\\.')}(\\s|$)`));
      expect(report().find((row) => row.widget === 'express-checkout')?.reason).toContain(field);
    });
  }
});
