import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Dialog, Page } from 'playwright-core';
import { axeCheck, collectErrors, newPage, requests, screenshot, withDemo } from './harness.ts';

// The express wallet in Chromium, driving the Stripe stand-in (test/fixtures/stripe-stand-in.js) as a
// shopper drives a wallet sheet: product-page and cart-page purchases through the Store API, address and
// rate changes, refusals, cancel, failures, 3DS and the login confirmation.

interface Log {
  resolved: Array<Record<string, unknown>>;
  updates: Array<{ amount?: number }>;
  rejected: number;
  errors: string[];
  elements: Array<Record<string, unknown>>;
}
const standIn = (page: Page) => page.evaluate(() => (window as unknown as { __stripeStandIn: Log }).__stripeStandIn);
const statuses = async (base: string) => (await (await fetch(new URL('/__vitrine/order-statuses', base))).json()) as Array<{ id: number; status: string; lines: Array<{ name: string; quantity: number }> }>;

const COUNTRY_NAMES: Record<string, string> = { US: 'United States (US)', GB: 'United Kingdom (UK)', DE: 'Germany', AT: 'Austria' };

/** Polls the backend until `accept` holds; the default deadline is playwright's (30 s), never a short one. */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, timeout = 30_000): Promise<T> {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The wallet button shows, and is no longer busy with its amount (a click then pays the right amount). */
async function walletReady(page: Page): Promise<void> {
  await page.waitForSelector('#wcpay-express-checkout-element:not([aria-busy]) [data-stand-in="wallet-button"]', { state: 'visible' });
}

async function openSheet(page: Page): Promise<void> {
  await page.click('[data-stand-in="wallet-button"]');
  await page.waitForSelector('.sis-sheet [data-stand-in="pay"]');
}

/** Chooses a shipping country in the sheet; unless the shop is expected to refuse it, waits until the sheet shows it as accepted. */
async function chooseAddress(page: Page, country: string, expect: 'accepted' | 'refused' = 'accepted'): Promise<void> {
  await page.selectOption('.sis-sheet [data-stand-in="address"] select', country);
  await page.click('[data-stand-in="use-address"]');
  if (expect === 'accepted') await page.waitForSelector(`[data-stand-in="ship-to"]:text-is("Shipping to ${COUNTRY_NAMES[country]}")`);
}

async function pay(page: Page, outcome: 'success' | 'declined' | '3ds' = 'success'): Promise<void> {
  await page.selectOption('[data-stand-in="outcome"]', outcome);
  await page.click('[data-stand-in="pay"]');
}

/**
 * Clicks and accepts the dialog the click opens. The listener is there before the click (a dialog blocks
 * the page until answered, so the click only returns once it is), and the dialog is awaited with
 * playwright's default timeout.
 */
async function clickThroughDialog(page: Page, selector: string): Promise<Dialog> {
  const opened = page.waitForEvent('dialog');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.click(selector);
  return opened;
}

/** The main cart, read from the cart page as the shopper sees it. */
async function mainCartNames(page: Page, base: string): Promise<string[]> {
  const other = await page.context().newPage();
  await other.goto(`${base}cart/`);
  const names = await other.$$eval('.woocommerce-cart-form td.product-name a', (links) => links.map((a) => a.textContent?.trim() ?? ''));
  await other.close();
  return names;
}

describe('express wallet', () => {
  const session = withDemo({ reset: true });
  const base = () => session.demo.url;

  it('EXP-01 EXP-04 EXP-07 EXP-08 EXP-21 product page: an order for the product only, through a separate cart; the main cart stays intact', async () => {
    const page = await newPage(session.browser);
    const errors = collectErrors(page);
    await page.goto(`${base()}?add-to-cart=11`);
    const before = await mainCartNames(page, base());
    await page.goto(`${base()}product/simple-mug/`);
    await walletReady(page);
    assert.equal(await page.isVisible('#wcpay-express-checkout-button-separator'), true, 'the separator shows with the button');
    await screenshot(page, 'express-product-button');
    await openSheet(page);
    await chooseAddress(page, 'US');
    await screenshot(page, 'express-product-sheet');
    await pay(page);
    await page.waitForURL(/order-received/);
    const orders = await statuses(base());
    assert.equal(orders.length, 1);
    assert.deepEqual(orders[0]?.lines.map((l) => l.name), ['Simple Mug']);
    assert.equal(orders[0]?.status, 'processing');
    assert.deepEqual(await mainCartNames(page, base()), before, 'the main cart is untouched');
    const store = await requests(base(), { pathPrefix: '/wp-json/wc/store/v1/' });
    assert.ok(store.length >= 3);
    assert.ok(store.every((r) => r.path.includes('currency=USD')), 'every Store API call carries ?currency=USD');
    // Tracking is sent beside the purchase, not before it: wait for it to reach the server.
    await eventually(
      () => requests(base(), { action: 'platform_tracks' }),
      (list) => list.some((r) => String(r.body.tracksEventName) === 'gpay_button_click'),
      'the click to be tracked',
    );
    // The mug's gallery has a deliberately broken image (a 404); nothing else may fail.
    assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), []);
    await page.close();
  });

  it('EXP-05 EXP-06 EXP-16 cart page: an address with twelve rates offers 9, the selected first; a rate change updates the total', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}?add-to-cart=10&quantity=2`);
    await page.goto(`${base()}cart/`);
    await walletReady(page);
    await openSheet(page);
    await chooseAddress(page, 'DE');
    const rates = await page.$$eval('[data-stand-in="rates"] input', (inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    assert.equal(rates.length, 9);
    assert.equal(rates[0], 'flat_rate:20');
    const log = await standIn(page);
    assert.deepEqual(log.errors, []);
    const totalText = (await page.textContent('[data-stand-in="total"]')) ?? '';
    const beforeTotal = Number(/([\d.]+) USD/.exec(totalText)?.[1]);
    await page.click('[data-stand-in="rates"] input[value="flat_rate:25"]');
    // The sheet's total is what the shopper reads: it changes once the shop has priced the new rate.
    await page.waitForFunction((before) => {
      const text = document.querySelector('[data-stand-in="total"]')?.textContent ?? '';
      return text !== before;
    }, totalText);
    const afterText = (await page.textContent('[data-stand-in="total"]')) ?? '';
    assert.equal(Number(/([\d.]+) USD/.exec(afterText)?.[1]), beforeTotal + 5, 'Carrier F costs $5 more than Carrier A');
    assert.ok(await page.isChecked('[data-stand-in="rates"] input[value="flat_rate:25"]'));
    await screenshot(page, 'express-cart-rates');
    const customer = await requests(base(), { pathPrefix: '/wp-json/wc/store/v1/cart/update-customer' });
    assert.equal(customer.length, 1);
    await pay(page);
    await page.waitForURL(/order-received/);
    assert.equal((await statuses(base())).length, 1);
    await page.close();
  });

  it('EXP-05 a country without rates is rejected in the sheet', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}?add-to-cart=10`);
    await page.goto(`${base()}cart/`);
    await walletReady(page);
    await openSheet(page);
    await chooseAddress(page, 'AT', 'refused');
    await page.waitForSelector('[data-stand-in="message"]:has-text("cannot be shipped")');
    assert.equal((await standIn(page)).rejected, 1);
    assert.equal(await page.textContent('[data-stand-in="ship-to"]'), '');
    await page.close();
  });

  it('EXP-09 cancel on a product page empties the temporary cart and unblocks the page', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}product/simple-mug/`);
    await walletReady(page);
    await openSheet(page);
    await chooseAddress(page, 'US');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.sis-sheet', { state: 'detached' });
    await page.waitForSelector('.vitrine-express-overlay', { state: 'detached' });
    // The temporary cart is read, then its line removed (in the background: the shopper waits for nothing).
    const removed = await eventually(
      () => requests(base(), { pathPrefix: '/wp-json/wc/store/v1/cart/remove-item' }),
      (list) => list.length > 0 && list.every((r) => r.end !== null),
      'the temporary cart to be emptied',
    );
    assert.equal(removed.length, 1);
    assert.equal(removed[0]?.status, 200);
    assert.deepEqual(await mainCartNames(page, base()), [], 'the main cart never got the mug');
    await page.close();
  });

  it('EXP-08 EXP-24 EXP-26 a declined card: the message in the notices area, overlay gone, no order', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}product/simple-mug/`);
    await walletReady(page);
    await openSheet(page);
    await chooseAddress(page, 'US');
    await pay(page, 'declined');
    await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-error');
    assert.equal(await page.textContent('.woocommerce-notices-wrapper .woocommerce-error'), 'Error: Your card was declined.');
    assert.equal(await page.$('.vitrine-express-overlay'), null);
    assert.equal((await statuses(base())).length, 0);
    await screenshot(page, 'express-declined');
    await page.close();
  });

  it('EXP-03 EXP-11 EXP-22 3DS: handleNextAction, update_order_status, then the order page; unfinished → "Payment requires additional action."', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}product/simple-mug/`);
    await walletReady(page);
    await openSheet(page);
    await chooseAddress(page, 'US');
    await pay(page, '3ds');
    await page.click('text=Leave unfinished');
    await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-error');
    assert.equal(await page.textContent('.woocommerce-notices-wrapper .woocommerce-error'), 'Payment requires additional action.');
    assert.equal(await page.$('.vitrine-express-overlay'), null);
    // Again, completing the challenge this time.
    await openSheet(page);
    await chooseAddress(page, 'US');
    await pay(page, '3ds');
    await page.click('text=Complete authentication');
    await page.waitForURL(/order-received/);
    const updates = await requests(base(), { action: 'update_order_status' });
    assert.equal(updates.length, 2);
    const list = await statuses(base());
    assert.equal(list.at(-1)?.status, 'processing');
    await page.close();
  });

  it('EXP-20 login confirmation: confirm, then the login address, no sheet', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}product/simple-mug/?express-login`);
    await walletReady(page);
    const confirm = await clickThroughDialog(page, '[data-stand-in="wallet-button"]');
    assert.equal(confirm.type(), 'confirm');
    assert.equal(confirm.message(), 'To complete your transaction with Google Pay, you must log in or create an account with our site.');
    await page.waitForURL(/wcpay_express_checkout_redirect_url=/);
    await page.close();
  });

  it('EXP-18 product options unchosen: the alert, no sheet', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}product/variable-tee/`);
    await walletReady(page);
    const alert = await clickThroughDialog(page, '[data-stand-in="wallet-button"]');
    assert.equal(alert.type(), 'alert');
    assert.equal(alert.message(), 'Please select your product options before proceeding.');
    // The click handler has returned once the alert is closed: had it resolved the click, the wallet would have recorded it.
    const log = await standIn(page);
    assert.equal(log.resolved.length, 0, 'the wallet was not asked to open a sheet');
    assert.equal(await page.$('.sis-sheet'), null);
    assert.equal(await page.$('.vitrine-express-overlay'), null, 'the page is not blocked');
    await page.close();
  });

  it('EXP-02 a cart total of 0 hides the button and its separator', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}?add-to-cart=10`);
    await page.route('**/wp-json/wc/store/v1/cart?**', async (route) => {
      const response = await route.fetch();
      const cart = await response.json();
      cart.totals.total_price = '0';
      await route.fulfill({ response, json: cart });
    });
    // Registered before the page loads: the widget may ask for the cart before goto returns.
    const cartAnswer = page.waitForResponse((r) => r.url().includes('/wc/store/v1/cart?'));
    await page.goto(`${base()}cart/`);
    await cartAnswer;
    // The container is busy from the widget's start until it has decided on the amount it received.
    await page.waitForSelector('#wcpay-express-checkout-element:not([aria-busy])', { state: 'attached' });
    assert.equal(await page.isVisible('#wcpay-express-checkout-element'), false);
    assert.equal(await page.isVisible('#wcpay-express-checkout-button-separator'), false);
    assert.equal(await page.$('[data-stand-in="wallet-button"]'), null);
    await page.close();
  });

  it('EXP-07 a double confirm places one order', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}?add-to-cart=10`);
    await page.goto(`${base()}cart/`);
    await page.evaluate(() => Object.assign(window, { vitrineStripeKeepSheet: true }));
    await walletReady(page);
    await openSheet(page);
    await chooseAddress(page, 'US');
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('[data-stand-in="pay"]');
      button?.click();
      button?.click();
    });
    await page.waitForURL(/order-received/);
    assert.equal((await statuses(base())).length, 1);
    const checkouts = await requests(base(), { pathPrefix: '/wp-json/wc/store/v1/checkout' });
    assert.equal(checkouts.length, 1);
    await page.close();
  });

  it('keyboard alone: Tab to the wallet button, Enter opens the sheet, Escape cancels and gives the focus back; axe finds nothing', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}product/simple-mug/`);
    await walletReady(page);
    await page.focus('button.single_add_to_cart_button');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-stand-in')), 'wallet-button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.sis-sheet');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('.sis-sheet') && !document.querySelector('.vitrine-express-overlay'));
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-stand-in')), 'wallet-button');
    assert.deepEqual(await axeCheck(page), []);
    await page.close();
  });
});
