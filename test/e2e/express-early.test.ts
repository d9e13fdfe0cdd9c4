import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openSheet, standIn, walletReady } from './express-helpers.ts';
import { collectErrors, delayChunks, newPage, requests, withDemo } from './harness.ts';

// The express wallet for a shopper who acts before its code has arrived (every chunk 1.5 s late).
//
// Decision: the definition holds no event. WooPayments prints the container hidden (display:none) and the
// wallet button exists only once Stripe's element is mounted, so before the widget mounts there is nothing a
// shopper can see or press: the area is inert, not a button that swallows a press. What the shopper did
// meanwhile on the product form (the quantity) is read when the widget starts, so the amount is right.

/** Opens the page and returns at DOMContentLoaded, asserting no widget has mounted yet. */
async function openEarly(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const mounted = await page.evaluate(() => window.vitrine?.report().filter((row) => row.state === 'mounted').length ?? -1);
  assert.equal(mounted, 0, 'a widget had already mounted: the chunks were not delayed');
}

describe('express wallet before its code arrives (chunks delayed 1.5 s)', () => {
  const env = withDemo({ reset: true });

  it('the wallet area is hidden until mounted: nothing to press, a click on it does nothing, the button then works', async () => {
    await delayChunks(env.demo.url);
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await openEarly(page, `${env.demo.url}product/simple-mug/`);
    assert.equal(await page.isVisible('#wcpay-express-checkout-element'), false, 'no wallet area is shown before the code');
    assert.equal(await page.isVisible('#wcpay-express-checkout-button-separator'), false);
    const url = page.url();
    // A script or assistive tool clicking the hidden area: no request, no navigation, no sheet later.
    await page.dispatchEvent('#wcpay-express-checkout-element', 'click');
    await walletReady(page);
    assert.equal(page.url(), url);
    assert.equal((await standIn(page)).clicks.length, 0, 'the early click was not replayed as a wallet press');
    assert.equal((await requests(env.demo.url, { pathPrefix: '/wp-json/wc/store/v1/cart/add-item' })).length, 0);
    await openSheet(page);
    assert.equal((await standIn(page)).resolved.length, 1);
    assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), []);
    await page.context().close();
  });

  it('EXP-12 a quantity typed before the widget mounts is in the wallet amount', async () => {
    await delayChunks(env.demo.url);
    const page = await newPage(env.browser);
    await openEarly(page, `${env.demo.url}product/simple-mug/`);
    await page.fill('form.cart input.qty', '4');
    await walletReady(page);
    await openSheet(page);
    const lines = await page.$$eval('[data-stand-in="items"] li', (lis) => lis.map((li) => li.textContent ?? ''));
    assert.equal(lines[0], 'Simple Mug (x4): 40.00 USD');
    await page.context().close();
  });
});
