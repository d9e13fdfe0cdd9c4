import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { COUNTRY_NAMES, eventually, openSheet, pay, standIn, statuses, walletReady } from './express-helpers.ts';
import { collectErrors, newPage, requests, withDemo } from './harness.ts';

// The express wallet's two chunks (issue 16): the button's code loads at idle on every product and cart
// page; the payment sheet's code (widgets/express-checkout-sheet-*.js) only once Stripe's `ready` reports a
// wallet this browser offers. A press is answered at once from the priced cart whether or not the sheet's
// code has arrived (Stripe allows the click 1 s); what follows the press waits for it.

const SHEET_CHUNK = /\/widgets\/express-checkout-sheet-[\w-]{6}\.js$/;
const STORE = '/wp-json/wc/store/v1';
const UNAVAILABLE = 'Express checkout is not available right now. Please reload the page, or check out with the form below.';

/** Holds the sheet's chunk until `release()`; `requested` says whether the page has asked for it. */
async function holdSheetChunk(page: Page): Promise<{ release: () => void; requested: () => boolean }> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(SHEET_CHUNK, async (route: Route) => {
    asked = true;
    await gate;
    await route.continue();
  });
  return { release: () => release(), requested: () => asked };
}

describe('express wallet: the sheet is its own chunk', () => {
  const session = withDemo({ reset: true });
  const base = () => session.demo.url;

  it('EXP-02 no wallet offered: the button stays hidden and the sheet chunk is never requested', async () => {
    const page = await newPage(session.browser);
    await page.addInitScript(() => {
      (window as unknown as Record<string, unknown>).vitrineStripeWallets = { googlePay: false, applePay: false, link: false, paypal: false, amazonPay: false };
    });
    const sheetRequests: string[] = [];
    page.on('request', (request) => {
      if (SHEET_CHUNK.test(new URL(request.url()).pathname)) sheetRequests.push(request.url());
    });
    await page.goto(`${base()}product/simple-mug/`);
    // The element is mounted (its target is there) and priced; its `ready` follows on the next task.
    await page.waitForSelector('#wcpay-express-checkout-element:not([aria-busy]) .vitrine-express-element', { state: 'attached' });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.waitForLoadState('networkidle');
    assert.equal(await page.isVisible('#wcpay-express-checkout-element'), false);
    assert.deepEqual(sheetRequests, [], 'no browser without a wallet downloads the sheet');
    await page.context().close();
  });

  it('EXP-02 a wallet offered: the sheet chunk is requested at ready, before any press', async () => {
    const page = await newPage(session.browser);
    const requested = page.waitForRequest((request) => SHEET_CHUNK.test(new URL(request.url()).pathname));
    await page.goto(`${base()}product/simple-mug/`);
    await requested;
    await walletReady(page);
    assert.equal((await standIn(page)).clicks.length, 0);
    await page.context().close();
  });

  it('EXP-04 EXP-05 EXP-07 a press before the sheet code arrived opens the sheet at once; the address waits for the code; the order goes through', async () => {
    const page = await newPage(session.browser);
    const errors = collectErrors(page);
    const chunk = await holdSheetChunk(page);
    await page.goto(`${base()}product/simple-mug/`);
    await walletReady(page);
    assert.ok(chunk.requested(), 'the sheet chunk was asked for at ready');
    // Two mugs: the wallet re-prices from the Store API, and the press answers from that priced cart.
    await page.fill('form.cart input.qty', '2');
    assert.equal(await page.getAttribute('#wcpay-express-checkout-element', 'aria-busy'), 'true');
    await walletReady(page);
    const addsBefore = (await requests(base(), { pathPrefix: `${STORE}/cart/add-item` })).length;
    await openSheet(page);
    const log = await standIn(page);
    assert.deepEqual(log.errors, [], 'the click was answered within Stripe’s 1 s');
    assert.equal(log.resolved.length, 1);
    assert.deepEqual(
      await page.$$eval('[data-stand-in="items"] li', (lis) => lis.map((li) => li.textContent)),
      ['Simple Mug (x2): 20.00 USD', 'Shipping: 5.00 USD'],
      'the sheet shows the priced cart',
    );
    assert.equal(await page.isVisible('.vitrine-express-overlay'), true, 'the page is blocked while the sheet is open');
    // The shopper picks an address while the code is still on its way: the sheet waits, then goes on.
    await page.selectOption('.sis-sheet [data-stand-in="address"] select', 'US');
    await page.click('[data-stand-in="use-address"]');
    assert.equal((await requests(base(), { pathPrefix: `${STORE}/cart/add-item` })).length, addsBefore, 'the product add waits for the sheet code');
    chunk.release();
    await page.waitForSelector(`[data-stand-in="ship-to"]:text-is("Shipping to ${COUNTRY_NAMES.US}")`);
    await pay(page);
    await page.waitForURL(/order-received/);
    const orders = await statuses(base());
    assert.deepEqual(
      orders.map((o) => o.lines.map((l) => `${l.name} x${l.quantity}`)),
      [['Simple Mug x2']],
    );
    assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), []);
    await page.context().close();
  });

  it('EXP-09 a cancel before the sheet code arrived unblocks the page at once; a second press works once it is there', async () => {
    const page = await newPage(session.browser);
    const chunk = await holdSheetChunk(page);
    await page.goto(`${base()}product/simple-mug/`);
    await walletReady(page);
    await openSheet(page);
    await page.keyboard.press('Escape');
    await page.waitForSelector('.sis-sheet', { state: 'detached' });
    await page.waitForSelector('.vitrine-express-overlay', { state: 'detached' });
    assert.equal(await page.getAttribute('body', 'aria-busy'), null);
    chunk.release();
    // The press's product add and the cancel's emptying then run in order: the separate cart ends empty.
    await eventually(
      () => requests(base(), { pathPrefix: `${STORE}/cart/remove-item` }),
      (list) => list.length === 1 && list[0]?.end !== null,
      'the separate cart to be emptied',
    );
    await openSheet(page);
    assert.equal((await standIn(page)).resolved.length, 2);
    await page.context().close();
  });

  it('EXP-23 EXP-26 the sheet code cannot be fetched: after the press, the message, no button, no overlay, no sheet', async () => {
    const page = await newPage(session.browser);
    await page.route(SHEET_CHUNK, (route) => route.abort());
    await page.goto(`${base()}product/simple-mug/`);
    await walletReady(page);
    await page.click('[data-stand-in="wallet-button"]');
    await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-error');
    assert.equal(await page.textContent('.woocommerce-notices-wrapper .woocommerce-error'), UNAVAILABLE);
    await page.waitForSelector('.sis-sheet', { state: 'detached' });
    assert.equal(await page.isVisible('#wcpay-express-checkout-element'), false);
    assert.equal(await page.$('.vitrine-express-overlay'), null);
    assert.equal((await requests(base(), { pathPrefix: `${STORE}/cart/add-item` })).length, 0);
    await page.context().close();
  });
});
