import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { walletReady } from './express-helpers.ts';
import { HANG_MS, holdBundle, newPage, screenshot, withDemo, withHangDeadlines } from './harness.ts';

// Paint first, enhance after: with every Vitrine file held back until the test has looked, the page the shopper first sees
// already shows the product: image, title, price and form. What WooCommerce prints hidden for its
// jQuery to reveal (the gallery at opacity 0) is shown by the first-paint CSS in <head>.

/**
 * Sums the page's layout shifts (not those right after input) into window.__layoutShift, from the document's start.
 * A string, not a function: the test runner's transform would add helpers the page does not have.
 */
const LAYOUT_SHIFTS = `
    window.__layoutShift = { total: 0, shifts: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        window.__layoutShift.total += entry.value;
        window.__layoutShift.shifts.push(entry.value.toFixed(3) + ': ' + entry.sources.map((s) => s.node && s.node.outerHTML ? s.node.outerHTML.slice(0, 60) : '?').join(' | '));
      }
    }).observe({ type: 'layout-shift', buffered: true });`;

describe('first paint before any JavaScript (issue 21)', () => {
  const env = withDemo({ reset: true });

  it('the product image, title, price and add-to-cart form show while the bundle is still on its way', async () => {
    const page = await newPage(env.browser);
    const release = await holdBundle(page);
    await page.goto(`${env.demo.url}product/simple-mug/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.woocommerce-product-gallery__image img');
      return image?.complete && image.naturalWidth > 0;
    });
    assert.equal(await page.evaluate(() => typeof window.vitrine), 'undefined', 'the bundle ran already: nothing was held back');
    const gallery = await page.evaluate(() => {
      const element = document.querySelector('.woocommerce-product-gallery')!;
      const box = element.querySelector('.woocommerce-product-gallery__image img')!.getBoundingClientRect();
      return { opacity: getComputedStyle(element).opacity, width: box.width, height: box.height };
    });
    assert.equal(gallery.opacity, '1');
    assert.ok(gallery.width > 100 && gallery.height > 100, `the main image is ${gallery.width}×${gallery.height}`);
    for (const selector of ['.product_title', '.summary .price', 'form.cart .single_add_to_cart_button']) {
      assert.ok(await page.locator(selector).first().isVisible(), `${selector} is not visible`);
    }
    await screenshot(page, 'first-paint-bundle-delayed');
    // Once the widgets mount, the photo has not moved: mounting causes no layout shift where the shopper looks.
    const before = await page.evaluate(() => document.querySelector('.woocommerce-product-gallery__image img')!.getBoundingClientRect().top);
    release();
    await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'product-gallery' && row.state === 'mounted'), undefined, {
      timeout: HANG_MS,
    });
    const after = await page.evaluate(() => document.querySelector('.woocommerce-product-gallery__image img')!.getBoundingClientRect().top);
    assert.equal(after, before);
    await page.context().close();
  });

  it('tabs: one panel shows from the first paint, and mounting moves nothing below', async () => {
    const context = withHangDeadlines(await env.browser.newContext({ viewport: { width: 1280, height: 900 } }));
    const page = await context.newPage();
    const release = await holdBundle(page);
    const shownPanels = () => page.$$eval('.wc-tab', (panels) => panels.filter((p) => getComputedStyle(p).display !== 'none').map((p) => p.id));
    // Measured from the tabs' own top: what the tabs move. Other widgets above may change the page while the
    // tabs mount (the express wallet's button appears in the summary once a wallet is known: that is its own
    // shift, WooPayments' too, and the summary column may then outgrow the gallery's).
    const relatedTop = () =>
      page.evaluate(() => document.querySelector('.related.products')!.getBoundingClientRect().top - document.querySelector('.wc-tabs-wrapper')!.getBoundingClientRect().top);
    const tabsMounted = () =>
      page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'product-tabs' && row.state === 'mounted'), undefined, { timeout: HANG_MS });

    // Module scripts run before DOMContentLoaded: wait for the markup itself, not for that event.
    // Layout is read once the theme's stylesheets and the gallery photo are in, as the shopper sees it.
    const painted = () =>
      page.waitForFunction(() => {
        const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
        const photo = document.querySelector<HTMLImageElement>('.woocommerce-product-gallery__image img');
        return document.querySelector('.related.products') && sheets.every((link) => link.sheet) && photo?.complete;
      });
    await page.goto(`${env.demo.url}product/simple-mug/`, { waitUntil: 'commit' });
    await painted();
    assert.equal(await page.evaluate(() => typeof window.vitrine), 'undefined', 'the bundle ran already: nothing was held back');
    assert.deepEqual(await shownPanels(), ['tab-description']);
    const before = await relatedTop();
    release();
    await tabsMounted();
    assert.deepEqual(await shownPanels(), ['tab-description']);
    assert.equal(await relatedTop(), before, 'the related products moved when the tabs mounted');

    // A link to the reviews (#reviews is inside the reviews panel): once mounted, that panel alone.
    // (Chromium applies :target to the address a page was opened with only after it has loaded, so
    // until then the first panel shows; the widget then opens the reviews and scrolls to them.)
    await page.goto(`${env.demo.url}product/simple-mug/?from=stars#reviews`, { waitUntil: 'commit' });
    await tabsMounted();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('#tab-reviews')!).display !== 'none');
    assert.deepEqual(await shownPanels(), ['tab-reviews']);
    await context.close();
  });

  it('tabs without JavaScript: the tab links switch panels (the first-paint CSS alone)', async () => {
    const context = withHangDeadlines(await env.browser.newContext({ javaScriptEnabled: false }));
    const page = await context.newPage();
    await page.goto(`${env.demo.url}product/simple-mug/`);
    const shown = () => page.$$eval('.wc-tab', (panels) => panels.filter((p) => getComputedStyle(p).display !== 'none').map((p) => p.id));
    assert.deepEqual(await shown(), ['tab-description']);
    await page.click('#tab-title-reviews a');
    assert.deepEqual(await shown(), ['tab-reviews']);
    await page.click('#tab-title-description a');
    assert.deepEqual(await shown(), ['tab-description']);
    await context.close();
  });

  for (const path of ['/shop/', '/product/simple-mug/', '/product/variable-tee/', '/cart/']) {
    it(`${path}: nothing on screen moves while the widgets mount and settle (layout shift ≤ 0.02, on a phone)`, async () => {
      const context = withHangDeadlines(await env.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true }));
      const page = await context.newPage();
      await page.addInitScript(LAYOUT_SHIFTS);
      await page.goto(new URL(path, env.demo.url).href);
      await page.waitForFunction(() => window.vitrine?.report().some((row) => row.state === 'mounted'));
      await page.evaluate(() => window.vitrine?.settled());
      // The result count is re-announced 2 s after load (HLP-03): wait past it.
      await page.waitForTimeout(2600);
      const { total, shifts } = await page.evaluate(() => (window as unknown as { __layoutShift: { total: number; shifts: string[] } }).__layoutShift);
      assert.ok(total <= 0.02, `layout shift ${total.toFixed(3)}:\n${shifts.join('\n')}`);
      await context.close();
    });
  }

  // The country and state selects are replaced by the select combobox, a full-width block under its label. The
  // first-paint CSS gives the selects that box, so on a wide screen (where the demo theme sets labels beside their
  // fields) the street, city and postcode fields below stay put. A shopper with no wallet: WooPayments prints its
  // button's area hidden and shows it once Stripe knows a wallet, a shift of its own that no CSS can know in advance.
  // WooCommerce's stylesheet for Twenty Twenty-One makes every form-row select a block, which outranks the
  // browser's [hidden]: the hidden select must still not show under its combobox (two boxes for one field).
  it('checkout: the address fields do not move when the country and state comboboxes mount, and each shows one box', async () => {
    const context = withHangDeadlines(await env.browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await context.request.get(new URL('/shop/?add-to-cart=10', env.demo.url).href);
    const page = await context.newPage();
    const release = await holdBundle(page);
    await page.addInitScript('window.vitrineStripeWallets = { googlePay: false, applePay: false };');
    const boxes = () =>
      page.evaluate(() =>
        ['billing_country_field', 'billing_address_1_field', 'billing_city_field', 'billing_state_field', 'billing_postcode_field'].map((id) => {
          const box = document.getElementById(id)!.getBoundingClientRect();
          return `${id} top ${Math.round(box.top)} height ${Math.round(box.height)}`;
        }),
      );
    await page.goto(`${env.demo.url}checkout/`, { waitUntil: 'commit' });
    // Module scripts run before DOMContentLoaded: wait for the markup and the theme's stylesheets, as the shopper sees them.
    await page.waitForFunction(() => document.getElementById('order_review') && [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet));
    assert.equal(await page.evaluate(() => typeof window.vitrine), 'undefined', 'the bundle ran already: nothing was held back');
    await page.addStyleTag({ content: '.woocommerce form .form-row select { display: block; }' });
    const before = await boxes();
    release();
    await page.waitForFunction(() => window.vitrine?.report().filter((row) => row.widget === 'select-combobox' && row.state === 'mounted').length === 2, undefined, {
      timeout: HANG_MS,
    });
    await screenshot(page, 'checkout-comboboxes-mounted');
    assert.deepEqual(await boxes(), before);
    for (const select of ['#billing_country', '#billing_state']) assert.equal(await page.isVisible(select), false, `${select} is hidden behind its combobox`);
    for (const box of ['#billing_country-combobox', '#billing_state-combobox']) assert.equal(await page.isVisible(box), true, `${box} shows`);
    await context.close();
  });
  // WooPayments prints its button's box and "— OR —" hidden and shows them once Stripe knows a wallet: on the checkout
  // they push the billing fields down. A browser whose wallet showed before keeps their room from the first paint
  // (styles/first-paint-wallet.js, first-paint.css, widgets/express-checkout/room.ts).
  const firstNameTop = (page: Page) => page.evaluate(() => Math.round(document.getElementById('billing_first_name_field')!.getBoundingClientRect().top));

  it('EXP-01 checkout, a shopper whose wallet showed on the cart page: the billing fields do not move when the button appears (layout shift ≤ 0.02, on a phone)', async () => {
    const context = withHangDeadlines(await env.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true }));
    await context.request.get(new URL('/shop/?add-to-cart=10', env.demo.url).href);
    const page = await context.newPage();
    await page.goto(new URL('/cart/', env.demo.url).href);
    await walletReady(page);
    const remembered = await page.evaluate(() => localStorage.getItem('vitrine-wallet'));
    assert.match(remembered ?? '', /^\d+$/, 'the wallet box\'s height is remembered');
    await page.addInitScript(LAYOUT_SHIFTS);
    const release = await holdBundle(page);
    await page.goto(new URL('/checkout/', env.demo.url).href, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.getElementById('order_review') && [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet));
    assert.equal(await page.evaluate(() => typeof window.vitrine), 'undefined', 'the bundle ran already: nothing was held back');
    assert.equal(await page.isVisible('#wcpay-express-checkout-button-separator'), true, 'the separator shows from the first paint');
    const box = await page.evaluate(() => Math.round(document.getElementById('wcpay-express-checkout-element')!.getBoundingClientRect().height));
    assert.equal(box, Number(remembered), 'the box has the remembered height from the first paint');
    const before = await firstNameTop(page);
    await screenshot(page, 'checkout-wallet-room-first-paint');
    release();
    await walletReady(page);
    await page.evaluate(() => window.vitrine?.settled());
    await page.waitForTimeout(500);
    await screenshot(page, 'checkout-wallet-room-button');
    assert.equal(await firstNameTop(page), before, 'the billing fields stay where the first paint put them');
    const { total, shifts } = await page.evaluate(() => (window as unknown as { __layoutShift: { total: number; shifts: string[] } }).__layoutShift);
    assert.ok(total <= 0.02, `layout shift ${total.toFixed(3)}:\n${shifts.join('\n')}`);
    await context.close();
  });

  it('EXP-01 a browser whose wallet is gone since: the kept room closes once Stripe says so, and the next page keeps none', async () => {
    const context = withHangDeadlines(await env.browser.newContext());
    await context.request.get(new URL('/shop/?add-to-cart=10', env.demo.url).href);
    const page = await context.newPage();
    await page.addInitScript("localStorage.getItem('vitrine-wallet') === null && !sessionStorage.getItem('seeded') && (localStorage.setItem('vitrine-wallet', '48'), sessionStorage.setItem('seeded', '1')); window.vitrineStripeWallets = { googlePay: false, applePay: false };");
    const release = await holdBundle(page);
    await page.goto(new URL('/checkout/', env.demo.url).href, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.getElementById('order_review'));
    assert.equal(await page.isVisible('#wcpay-express-checkout-element'), true, 'the room is kept at first paint');
    release();
    await page.waitForFunction(() => !document.documentElement.classList.contains('vitrine-wallet'), undefined, { timeout: HANG_MS });
    await page.waitForSelector('#wcpay-express-checkout-element', { state: 'hidden' });
    assert.equal(await page.isVisible('#wcpay-express-checkout-button-separator'), false);
    assert.equal(await page.evaluate(() => localStorage.getItem('vitrine-wallet')), null, 'forgotten');
    await page.reload({ waitUntil: 'domcontentloaded' });
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('vitrine-wallet')), false, 'no room on the next page');
    await context.close();
  });

  it('EXP-01 Vitrine\'s code never arrives (blocked, failed): the kept room goes 10 s on, and no empty box stays', async () => {
    const context = withHangDeadlines(await env.browser.newContext());
    await context.request.get(new URL('/shop/?add-to-cart=10', env.demo.url).href);
    const page = await context.newPage();
    await page.addInitScript("localStorage.setItem('vitrine-wallet', '48');");
    await page.clock.install();
    await holdBundle(page);
    // 'commit': the held entry is a module script, which the DOMContentLoaded event waits for.
    await page.goto(new URL('/checkout/', env.demo.url).href, { waitUntil: 'commit' });
    await page.locator('#order_review').waitFor({ state: 'attached' });
    assert.equal(await page.isVisible('#wcpay-express-checkout-element'), true, 'the room is kept at first paint');
    await page.clock.runFor(9_000);
    assert.equal(await page.isVisible('#wcpay-express-checkout-element'), true, 'kept while the code may still come');
    await page.clock.runFor(1_500);
    assert.equal(await page.isVisible('#wcpay-express-checkout-element'), false, 'the empty box is gone');
    assert.equal(await page.isVisible('#wcpay-express-checkout-button-separator'), false, 'and its "— OR —"');
    assert.equal(await page.evaluate(() => typeof window.vitrine), 'undefined', 'the bundle ran after all: nothing was held back');
    await context.close();
  });

  it('EXP-01 the kept room survives storage that throws or holds garbage: the page shows as without it', async () => {
    const context = withHangDeadlines(await env.browser.newContext());
    await context.request.get(new URL('/shop/?add-to-cart=10', env.demo.url).href);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.addInitScript("localStorage.setItem('vitrine-wallet', 'tall'); window.vitrineStripeWallets = { googlePay: false, applePay: false };");
    await page.goto(new URL('/checkout/', env.demo.url).href, { waitUntil: 'domcontentloaded' });
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('vitrine-wallet')), false);
    assert.equal(await page.isVisible('#wcpay-express-checkout-element'), false);
    const blocked = await context.newPage();
    blocked.on('pageerror', (error) => errors.push(String(error)));
    await blocked.addInitScript("Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });");
    await blocked.goto(new URL('/checkout/', env.demo.url).href, { waitUntil: 'domcontentloaded' });
    assert.equal(await blocked.evaluate(() => document.documentElement.classList.contains('vitrine-wallet')), false);
    assert.deepEqual(errors.filter((e) => /vitrine-wallet|localStorage/.test(e)), []);
    await context.close();
  });
});
