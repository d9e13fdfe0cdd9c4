import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { chooseAddress, eventually, mainCartNames, openSheet, pay, statuses, walletReady } from './express-helpers.ts';
import { faults, newPage, requests, withDemo } from './harness.ts';

// The express wallet when the Store API fails (the reference backend's faults): a 500 error page, a PHP
// warning before the JSON, an empty body and an expired nonce, on each call the wallet makes. Whatever
// breaks, the shopper reads a clear message in the notices area, the page is not left blocked, nothing
// throws unhandled, and the main cart keeps what it held.

const STORE = '/wp-json/wc/store/v1';
const FAULTS = ['500', 'invalid-json', 'empty', 'expired-nonce'] as const;
const SESSION_EXPIRED = 'Your session has expired. Please try again.';

/** Uncaught errors and unhandled rejections, and console errors other than the browser's own line for a failed request. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

const notice = (page: Page) => page.textContent('.woocommerce-notices-wrapper .woocommerce-error');
const clearNotices = (page: Page) => page.evaluate(() => document.querySelector('.woocommerce-notices-wrapper')?.replaceChildren());

/**
 * Waits until no request of this test is in flight. An expired-nonce fault fails the next nonce check the
 * server makes, whichever request makes it: the click's tracking call must be done before one is queued.
 */
async function quiet(base: string): Promise<void> {
  await eventually(() => requests(base), (list) => list.every((r) => r.end !== null), 'the requests in flight to finish');
}

async function closeSheetUnblocked(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForSelector('.sis-sheet', { state: 'detached' });
  await page.waitForSelector('.vitrine-express-overlay', { state: 'detached' });
  assert.equal(await page.getAttribute('body', 'aria-busy'), null, 'the page is not left busy');
}

describe('express wallet: Store API failures', () => {
  const session = withDemo({ reset: true });
  const base = () => session.demo.url;

  for (const fault of ['500', 'invalid-json', 'empty'] as const) {
    it(`EXP-26 cart read answers ${fault}: no button, the message, the cart page intact`, async () => {
      const page = await newPage(session.browser);
      const errors = watchErrors(page);
      // Added from the shop: `/?add-to-cart=` lands on the cart page, whose wallet reads the cart when its code
      // arrives, and under load that read came after the fault was queued and took it.
      await page.goto(`${base()}shop/?add-to-cart=10`);
      await quiet(base());
      await faults(base()).add({ match: `${STORE}/cart`, fault });
      await page.goto(`${base()}cart/`);
      await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-error');
      assert.equal(await notice(page), 'Express checkout is not available right now. Please reload the page, or check out with the form below.');
      assert.equal(await page.isVisible('#wcpay-express-checkout-element'), false);
      assert.equal(await page.isVisible('#wcpay-express-checkout-button-separator'), false);
      assert.equal(await page.$('.vitrine-express-overlay'), null);
      assert.deepEqual(await mainCartNames(page, base()), ['Simple Mug']);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  it('EXP-05 EXP-26 update-customer fails (500, garbage, empty, expired nonce): the sheet refuses the address, the notice says why, closing unblocks, the cart keeps its item', async () => {
    const page = await newPage(session.browser);
    const errors = watchErrors(page);
    await page.goto(`${base()}?add-to-cart=10`);
    await page.goto(`${base()}cart/`);
    for (const fault of FAULTS) {
      await clearNotices(page);
      await walletReady(page);
      await openSheet(page);
      await quiet(base());
      await faults(base()).add({ match: `${STORE}/cart/update-customer`, fault });
      // GB: a cancel does not write it back into the shipping calculator (EXP-10), so the cart page stays as it is.
      await chooseAddress(page, 'GB', 'refused');
      await page.waitForSelector('[data-stand-in="message"]:has-text("cannot be shipped")');
      await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-error');
      assert.equal(await notice(page), fault === 'expired-nonce' ? SESSION_EXPIRED : 'The shipping address could not be checked. Please try again.', fault);
      await closeSheetUnblocked(page);
    }
    assert.deepEqual(await mainCartNames(page, base()), ['Simple Mug']);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('EXP-06 EXP-26 select-shipping-rate fails (500, garbage, empty, expired nonce): the rate is refused, the notice says why, closing unblocks, the cart keeps its item', async () => {
    const page = await newPage(session.browser);
    const errors = watchErrors(page);
    await page.goto(`${base()}?add-to-cart=10`);
    await page.goto(`${base()}cart/`);
    for (const fault of FAULTS) {
      await clearNotices(page);
      await walletReady(page);
      await openSheet(page);
      await chooseAddress(page, 'GB');
      await quiet(base());
      await faults(base()).add({ match: `${STORE}/cart/select-shipping-rate`, fault });
      await page.click('[data-stand-in="rates"] input[value="flat_rate:5"]');
      await page.waitForSelector('[data-stand-in="message"]:has-text("not available")');
      await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-error');
      assert.equal(await notice(page), fault === 'expired-nonce' ? SESSION_EXPIRED : 'The shipping method could not be changed. Please try again.', fault);
      await closeSheetUnblocked(page);
    }
    assert.deepEqual(await mainCartNames(page, base()), ['Simple Mug']);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('EXP-08 EXP-24 EXP-26 checkout fails (500, garbage, empty, expired nonce) on a product page: the message, overlay gone, no order, the main cart intact', async () => {
    const page = await newPage(session.browser);
    const errors = watchErrors(page);
    await page.goto(`${base()}?add-to-cart=11`);
    await page.goto(`${base()}product/simple-mug/`);
    for (const fault of FAULTS) {
      await clearNotices(page);
      await walletReady(page);
      await openSheet(page);
      await chooseAddress(page, 'US');
      await quiet(base());
      await faults(base()).add({ match: `${STORE}/checkout`, fault });
      await pay(page);
      await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-error');
      assert.equal(await notice(page), fault === 'expired-nonce' ? SESSION_EXPIRED : 'There was a problem processing the order.', fault);
      await page.waitForSelector('.vitrine-express-overlay', { state: 'detached' });
      assert.equal(await page.getAttribute('body', 'aria-busy'), null);
    }
    assert.equal((await statuses(base())).length, 0, 'no order was placed');
    assert.deepEqual(await mainCartNames(page, base()), ['Sale Poster']);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
