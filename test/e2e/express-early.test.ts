import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openSheet, standIn, walletReady } from './express-helpers.ts';
import { collectErrors, newPage, openBeforeCode, requests, withDemo } from './harness.ts';

// The express wallet for a shopper who acts before its code has arrived (every chunk held until then).
//
// Decision: the definition holds no event. WooPayments prints the container hidden (display:none) and the
// wallet button exists only once Stripe's element is mounted, so before the widget mounts there is nothing a
// shopper can see or press: the area is inert, not a button that swallows a press. What the shopper did
// meanwhile on the product form (the quantity) is read when the widget starts, so the amount is right.

describe('express wallet before its code arrives', () => {
  const env = withDemo({ reset: true });

  it('the wallet area is hidden until mounted: nothing to press, a click on it does nothing, the button then works', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    const release = await openBeforeCode(page, `${env.demo.url}product/simple-mug/`);
    assert.equal(await page.isVisible('#wcpay-express-checkout-element'), false, 'no wallet area is shown before the code');
    assert.equal(await page.isVisible('#wcpay-express-checkout-button-separator'), false);
    const url = page.url();
    // A script or assistive tool clicking the hidden area: no request, no navigation, no sheet later.
    await page.dispatchEvent('#wcpay-express-checkout-element', 'click');
    release();
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
    const page = await newPage(env.browser);
    const release = await openBeforeCode(page, `${env.demo.url}product/simple-mug/`);
    await page.fill('form.cart input.qty', '4');
    release();
    await walletReady(page);
    await openSheet(page);
    const lines = await page.$$eval('[data-stand-in="items"] li', (lis) => lis.map((li) => li.textContent ?? ''));
    assert.equal(lines[0], 'Simple Mug (x4): 40.00 USD');
    await page.context().close();
  });
});
