import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { chooseAddress, clickThroughDialog, eventually, mainCartNames, openSheet, pay, standIn, statuses, walletAmountIs, walletReady } from './express-helpers.ts';
import { axeCheck, collectErrors, faults, newPage, requests, screenshot, withDemo } from './harness.ts';

// The express wallet in Chromium, driving the Stripe stand-in (test/fixtures/stripe-stand-in.js) as a
// shopper drives a wallet sheet: product-page and cart-page purchases through the Store API, address and
// rate changes, refusals, cancel, failures, 3DS and the login confirmation.

/** The sheet's lines and total as the shopper reads them, and what the lines add up to (in cents). */
async function sheetLines(page: Page): Promise<{ items: string[]; total: number; sum: number }> {
  const items = await page.$$eval('[data-stand-in="items"] li', (lis) => lis.map((li) => li.textContent ?? ''));
  const cents = (text: string) => Math.round(Number(/(-?[\d.]+) USD$/.exec(text)?.[1] ?? Number.NaN) * 100);
  return { items, total: cents((await page.textContent('[data-stand-in="total"]')) ?? ''), sum: items.reduce((acc, line) => acc + cents(line), 0) };
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

  it("EXP-26 the page scrolls to the notice: far down a long product page whose theme prints no notices area, the declined card's message shows at the top of the content, in view", async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}product/simple-mug/`);
    // A theme without WooCommerce's notices area (whose own widget would scroll to any notice put there) and a
    // long description above the form: the message goes to the top of <main>, far above the wallet button.
    await page.$eval('.woocommerce-notices-wrapper', (wrapper) => wrapper.replaceWith(Object.assign(document.createElement('div'), { style: 'height: 3000px' })));
    await walletReady(page);
    await page.locator('#wcpay-express-checkout-element').scrollIntoViewIfNeeded();
    assert.ok((await page.$eval('main', (main) => main.getBoundingClientRect().top)) < 0, 'the top of the content starts out of view, above');
    await openSheet(page);
    await chooseAddress(page, 'US');
    await pay(page, 'declined');
    await page.waitForSelector('main > .woocommerce-error:first-child');
    // The scroll is an animation over up to a second: wait for its end, with a deadline.
    await page.waitForFunction(
      () => {
        const { top, bottom } = document.querySelector('main > .woocommerce-error')!.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      },
      undefined,
      { timeout: 10_000 },
    );
    assert.equal(await page.textContent('main > .woocommerce-error'), 'Error: Your card was declined.');
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

  it('EXP-01 EXP-07 checkout page: the button above the billing fields; a wallet purchase is an order for the cart', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}?add-to-cart=10&quantity=2`);
    await page.goto(`${base()}checkout/`);
    await walletReady(page);
    assert.ok(await page.$('form.checkout #wcpay-express-checkout-element'), 'the button is in the checkout form, before the customer details');
    await openSheet(page);
    await chooseAddress(page, 'US');
    await pay(page);
    await page.waitForURL(/order-received/);
    const orders = await statuses(base());
    assert.equal(orders.length, 1);
    assert.deepEqual(orders[0]?.lines.map((l) => [l.name, l.quantity]), [['Simple Mug', 2]]);
    assert.equal(orders[0]?.status, 'processing');
    assert.equal(await page.textContent('.woocommerce-order-overview__email strong'), 'jane@example.com');
    await page.close();
  });

  it('EXP-01 EXP-07 pay for order: the sheet asks for no address, charges the order total, and the pending order is paid', async () => {
    const created = (await (await fetch(new URL('/__vitrine/pending-order', base()), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ product_id: 11, quantity: 2 }) })).json()) as { id: number; url: string };
    const page = await newPage(session.browser);
    await page.goto(new URL(created.url, base()).href);
    await walletReady(page);
    const orderTotal = (await page.textContent('#order_review tfoot .product-total')) ?? '';
    await openSheet(page);
    assert.equal(await page.$('.sis-sheet [data-stand-in="address"]'), null, 'no shipping address is asked for');
    assert.equal(await page.textContent('[data-stand-in="total"]'), `Total ${orderTotal.replace(/[^\d.]/g, '')} USD`);
    await pay(page);
    await page.waitForURL(new RegExp(`order-received/${created.id}/`));
    const order = (await statuses(base())).find((o) => o.id === created.id);
    assert.equal(order?.status, 'processing');
    assert.equal((await statuses(base())).length, 1, 'the order was paid, no new one placed');
    await page.close();
  });

  it('EXP-10 cart page: cancel after choosing Germany writes it into the shipping calculator, which updates the totals (jQuery gets close); GB is never written back', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}?add-to-cart=10`);
    await page.goto(`${base()}cart/?jquery`);
    await walletReady(page);
    await page.evaluate(() => {
      const w = window as unknown as { jQuery: (el: unknown) => { on: (n: string, f: () => void) => void }; __closed: number };
      w.__closed = 0;
      w.jQuery('#calc_shipping_country').on('close', () => {
        w.__closed += 1;
      });
    });
    await openSheet(page);
    await chooseAddress(page, 'GB');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.vitrine-express-overlay', { state: 'detached' });
    // The cancel's write-back runs before the page is unblocked: nothing can come later.
    assert.equal(await page.inputValue('#calc_shipping_country'), 'US', 'a redacted GB address is not written back');
    assert.equal(await page.evaluate(() => (window as unknown as { __closed: number }).__closed), 0);

    await openSheet(page);
    await chooseAddress(page, 'DE');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.woocommerce-shipping-destination:has-text("Germany")');
    assert.equal(await page.inputValue('#calc_shipping_country'), 'DE');
    assert.equal(await page.inputValue('#calc_shipping_postcode'), '94110');
    assert.equal(await page.evaluate(() => (window as unknown as { __closed: number }).__closed), 1, 'jQuery listeners heard close once');
    assert.equal(await page.$('.vitrine-express-overlay'), null);
    await page.close();
  });

  it('EXP-10 checkout: cancel after choosing Germany fills the billing country, city and postcode', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}?add-to-cart=10`);
    await page.goto(`${base()}checkout/`);
    await walletReady(page);
    await openSheet(page);
    await chooseAddress(page, 'DE');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.vitrine-express-overlay', { state: 'detached' });
    assert.equal(await page.inputValue('#billing_country'), 'DE');
    assert.equal(await page.inputValue('#billing_city'), 'San Francisco');
    assert.equal(await page.inputValue('#billing_postcode'), '94110');
    await page.close();
  });

  it('EXP-12 product page: a quantity change and a variation choice re-price the wallet; the sheet shows the new lines and total', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}product/simple-mug/`);
    await walletReady(page);
    await page.fill('form.cart input.qty', '3');
    // Busy at once, so a click cannot pay the old amount; ready again once re-priced.
    assert.equal(await page.getAttribute('#wcpay-express-checkout-element', 'aria-busy'), 'true');
    await walletReady(page);
    const previews = await requests(base(), { pathPrefix: '/wp-json/wc/store/v1/cart/add-item' });
    assert.deepEqual(previews.map((r) => String(r.body.quantity)), ['3'], 'one re-pricing for the change');
    await openSheet(page);
    const mugLines = await sheetLines(page);
    assert.equal(mugLines.items[0], 'Simple Mug (x3): 30.00 USD');
    assert.equal(mugLines.total, mugLines.sum, 'the total is what the lines add up to');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.vitrine-express-overlay', { state: 'detached' });

    await page.goto(`${base()}product/variable-tee/`);
    await walletReady(page);
    const priced = (await standIn(page)).amounts.length;
    await page.selectOption('select#pa_color', 'blue');
    await page.selectOption('select#pa_size', 'small');
    await page.waitForSelector('.woocommerce-variation-price .amount');
    // On sale: the price paid is the last amount shown (after the struck-through one).
    const shown = (await page.$$eval('.woocommerce-variation-price .amount', (amounts) => amounts.map((a) => a.textContent ?? ''))).at(-1) ?? '';
    // The choice is complete: one new price reaches the wallet.
    await page.waitForFunction((n) => (window as unknown as { __stripeStandIn: { amounts: number[] } }).__stripeStandIn.amounts.length > n, priced);
    await walletReady(page);
    await openSheet(page);
    const teeLines = await sheetLines(page);
    assert.equal(teeLines.items[0], `Variable Tee - Color: Blue, Size: Small: ${shown.replace(/[^\d.]/g, '')} USD`);
    assert.equal(teeLines.total, teeLines.sum);
    await page.close();
  });

  it('EXP-12 cart page: an updated cart re-prices the wallet to the new total', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}?add-to-cart=10`);
    await page.goto(`${base()}cart/`);
    await walletReady(page);
    const before = await page.textContent('.cart_totals .order-total .amount');
    await page.fill('.woocommerce-cart-form input.qty', '3');
    await page.click('button[name="update_cart"]');
    await page.waitForFunction((old) => document.querySelector('.cart_totals .order-total .amount')?.textContent !== old, before);
    const total = (await page.textContent('.cart_totals .order-total .amount')) ?? '';
    const cents = Math.round(Number(total.replace(/[^\d.]/g, '')) * 100);
    await walletAmountIs(page, cents);
    await walletReady(page);
    await openSheet(page);
    assert.equal(await page.textContent('[data-stand-in="total"]'), `Total ${(cents / 100).toFixed(2)} USD`);
    await page.close();
  });

  it('EXP-23 EXP-26 the product cannot be added to the wallet cart: the message, the button unmounted and hidden, the page unblocked', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}product/simple-mug/`);
    await walletReady(page);
    await faults(base()).add({ match: '/wp-json/wc/store/v1/cart/add-item', fault: '500' });
    await page.click('[data-stand-in="wallet-button"]');
    await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-error');
    assert.equal(
      await page.textContent('.woocommerce-notices-wrapper .woocommerce-error'),
      'There was an error processing the product with this payment method. Please add the product to the cart, instead.',
    );
    assert.equal(await page.$('[data-stand-in="wallet-button"]'), null, 'the element is unmounted');
    assert.equal(await page.$('.sis-sheet'), null, 'its sheet went with it');
    assert.equal(await page.isVisible('#wcpay-express-checkout-element'), false);
    assert.equal(await page.isVisible('#wcpay-express-checkout-button-separator'), false);
    assert.equal(await page.$('.vitrine-express-overlay'), null);
    assert.equal(await page.getAttribute('body', 'aria-busy'), null);
    await page.close();
  });

  it('EXP-04 a double click, and two presses before the sheet can open, each open one sheet and add the product once', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${base()}product/simple-mug/`);
    await walletReady(page);
    await page.dblclick('[data-stand-in="wallet-button"]');
    await page.waitForSelector('.sis-sheet');
    assert.equal((await standIn(page)).resolved.length, 1);
    await page.keyboard.press('Escape');
    await page.waitForSelector('.vitrine-express-overlay', { state: 'detached' });

    await page.evaluate(() => {
      // Two presses before the sheet can open (as a bouncing key or an impatient shopper does).
      const button = document.querySelector<HTMLButtonElement>('[data-stand-in="wallet-button"]');
      button?.click();
      button?.click();
    });
    await page.waitForSelector('.sis-sheet');
    const log = await standIn(page);
    assert.equal(log.resolved.length, 2, 'the second press of the pair was not answered');
    assert.equal(await page.locator('.sis-sheet').count(), 1);
    const adds = await eventually(
      () => requests(base(), { pathPrefix: '/wp-json/wc/store/v1/cart/add-item' }),
      (list) => list.length >= 2,
      'both purchases to add the mug',
    );
    assert.equal(adds.length, 2, 'one add per opened sheet');
    await page.close();
  });

  it('EXP-03 EXP-11 the client secret of a 3DS payment is never printed to the console, on failure or success', async () => {
    const page = await newPage(session.browser);
    const printed: string[] = [];
    page.on('console', (message) => printed.push(message.text()));
    page.on('pageerror', (error) => printed.push(String(error)));
    const secrets = async () => (await standIn(page)).nextActions.map((n) => String(n.clientSecret));
    const seen: string[] = [];
    await page.goto(`${base()}product/simple-mug/`);
    for (const outcome of ['Fail authentication', 'Leave unfinished', 'Complete authentication']) {
      await walletReady(page);
      await openSheet(page);
      await chooseAddress(page, 'US');
      await pay(page, '3ds');
      await page.waitForSelector(`text=${outcome}`);
      seen.push(...(await secrets()));
      if (outcome === 'Complete authentication') {
        await Promise.all([page.waitForURL(/order-received/), page.click(`text=${outcome}`)]);
      } else {
        await page.click(`text=${outcome}`);
        await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-error');
        await page.evaluate(() => document.querySelector('.woocommerce-notices-wrapper .woocommerce-error')?.remove());
      }
    }
    const unique = [...new Set(seen)];
    assert.equal(unique.length, 3, 'each attempt had its own client secret');
    for (const secret of unique) assert.match(secret, /^pi_\w+_secret_\w+$/);
    assert.ok(printed.some((line) => line.includes('was not confirmed')), 'the failures were logged (the capture works)');
    for (const secret of unique) {
      assert.deepEqual(printed.filter((line) => line.includes(secret) || line.includes(secret.split('_secret_')[1] ?? secret)), [], 'no console line holds the secret');
    }
    await page.close();
  });
});
