import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeCheck, collectErrors, HANG_MS, newPage, openBeforeCode, rewriteDocuments, screenshot, withDemo } from './harness.ts';

// Consent and measurement in Chromium (issue 15). The cookie jar is read after each step: nothing may set a
// tracking or analytics cookie, or hand an event to the tag function, before consent allows it.

/** Cookies a tag or a tracker sets (Google Analytics, Ads, sourcebuster). */
const TRACKING = /^(_ga|_gid|_gat|_gcl|sbjs_|_fbp)/;

async function jar(page: Page): Promise<Record<string, { value: string; expires: number; secure: boolean; path: string }>> {
  const cookies = await page.context().cookies();
  return Object.fromEntries(cookies.map((c) => [c.name, { value: c.value, expires: c.expires, secure: c.secure, path: c.path }]));
}

async function trackingCookies(page: Page): Promise<string[]> {
  return Object.keys(await jar(page)).filter((name) => TRACKING.test(name));
}

/** Every call the page's tag function received, in order (window.dataLayer, as gtag queues them). */
function tagCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((call) => JSON.parse(JSON.stringify(Array.from(call)))));
}

const eventsNamed = (calls: unknown[][], name: string) => calls.filter((c) => c[0] === 'event' && c[1] === name).map((c) => c[2]);
const consentUpdates = (calls: unknown[][]) => calls.filter((c) => c[0] === 'consent' && c[1] === 'update').map((c) => c[2]);

const ALL_GRANTED = { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' };
const ALL_DENIED = { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'cookie-notice' && row.state === 'mounted'));
  await page.evaluate(() => window.vitrine?.settled());
  // Measurement starts from a module of its own, not a widget: settled() does not wait for it. It
  // installs the consent API's functions first thing.
  await page.waitForFunction(() => typeof (window as { wp_has_consent?: unknown }).wp_has_consent === 'function');
}

/** Waits for the notice's fade to end, so screenshots and axe see what the shopper sees. */
const animationsDone = (page: Page) => page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

const noticeVisible = (page: Page) => page.locator('#cookie-notice .cookie-notice-container').isVisible();

/** Adds the first simple product from the listing and waits for the add to finish. */
async function addToCart(page: Page): Promise<void> {
  const button = page.locator('a.ajax_add_to_cart').first();
  await button.click();
  await page.waitForSelector('a.ajax_add_to_cart.added');
  await page.waitForFunction(() => !document.querySelector('a.ajax_add_to_cart.loading'));
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('consent and measurement', () => {
  const env = withDemo({ reset: true });

  it('CNS-01 CNS-05 CNS-06 CNS-08 ANL-01 opt-in: first visit shows the notice, nothing tracked; accept stores the choice, grants once, measurement starts', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await open(page, `${env.demo.url}consent/`);
    assert.equal(await noticeVisible(page), true);
    assert.equal(await page.evaluate(() => document.body.classList.contains('cookies-not-set')), true);
    await animationsDone(page);
    await screenshot(page, 'consent-notice');
    // Before any choice: no choice cookie, no consent cookies, no tracking cookie; an add is not measured.
    await addToCart(page);
    let cookies = await jar(page);
    assert.equal(cookies.cookie_notice_accepted, undefined);
    assert.deepEqual(Object.keys(cookies).filter((n) => n.startsWith('wp_consent_')), []);
    assert.deepEqual(await trackingCookies(page), []);
    let calls = await tagCalls(page);
    assert.deepEqual(eventsNamed(calls, 'add_to_cart'), []);
    assert.deepEqual(consentUpdates(calls), []);
    // Defaults came before the config, from the head.
    assert.deepEqual(calls.slice(0, 1).map((c) => c[1]), ['default']);

    const before = Date.now() / 1000;
    await page.click('#cn-accept-cookie');
    cookies = await jar(page);
    assert.equal(cookies.cookie_notice_accepted?.value, 'true');
    assert.ok(Math.abs((cookies.cookie_notice_accepted?.expires ?? 0) - (before + 2592000)) < 60, 'accepted for cookieTime (30 days)');
    assert.equal(cookies.cookie_notice_accepted?.path, '/');
    assert.equal(cookies.wp_consent_statistics?.value, 'allow');
    assert.equal(cookies.wp_consent_marketing?.value, 'allow');
    assert.equal(await noticeVisible(page), false);
    calls = await tagCalls(page);
    assert.deepEqual(consentUpdates(calls), [ALL_GRANTED], 'one consent update, all granted');
    // The tag may now measure: the analytics cookie appears, adds are measured; order attribution, which
    // asks the same consent (marketing), starts its visit cookies.
    assert.ok((await trackingCookies(page)).includes('_ga'));
    await page.waitForFunction(() => document.cookie.includes('sbjs_current='));
    await page.locator('a.ajax_add_to_cart').nth(1).click();
    await page.waitForFunction(() => document.querySelectorAll('a.ajax_add_to_cart.added').length === 2);
    await page.waitForFunction(() => (window as unknown as { dataLayer: IArguments[] }).dataLayer.some((c) => c[1] === 'add_to_cart'));
    calls = await tagCalls(page);
    const added = eventsNamed(calls, 'add_to_cart') as { items: { item_id: string; quantity: number }[] }[];
    assert.equal(added.length, 1);
    assert.equal(added[0]?.items[0]?.item_id, await page.locator('a.ajax_add_to_cart').nth(1).getAttribute('data-product_id'));
    // The choice holds on the next page: no notice, no second update for the same consent.
    await open(page, `${env.demo.url}consent/`);
    assert.equal(await noticeVisible(page), false);
    assert.deepEqual(consentUpdates(await tagCalls(page)), [{ analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' }]);
    assert.deepEqual(errors, []);
  });

  it('CNS-03 CNS-06 refuse (and the close icon): no tracking cookies, no events, and the refusal is stored', async () => {
    for (const control of ['#cn-refuse-cookie', '#cn-close-notice']) {
      const page = await newPage(env.browser);
      await open(page, `${env.demo.url}consent/`);
      await page.click(control);
      const cookies = await jar(page);
      assert.equal(cookies.cookie_notice_accepted?.value, 'false', control);
      assert.equal(cookies.wp_consent_statistics?.value, 'deny');
      assert.equal(cookies.wp_consent_marketing?.value, 'deny');
      await addToCart(page);
      assert.deepEqual(await trackingCookies(page), []);
      const calls = await tagCalls(page);
      assert.deepEqual(eventsNamed(calls, 'add_to_cart'), []);
      assert.deepEqual(consentUpdates(calls), [ALL_DENIED]);
      await page.context().close();
    }
  });

  it('CNS-01 revoke shows the notice again; refusing then withdraws what was granted', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}consent/`);
    await page.click('#cn-accept-cookie');
    await page.click('.cn-revoke-inline');
    assert.equal(await noticeVisible(page), true);
    await page.click('#cn-refuse-cookie');
    const cookies = await jar(page);
    assert.equal(cookies.cookie_notice_accepted?.value, 'false');
    assert.equal(cookies.wp_consent_statistics?.value, 'deny');
    assert.deepEqual(consentUpdates(await tagCalls(page)), [ALL_GRANTED, ALL_DENIED]);
  });

  it("ANL-01 with Google Analytics for WooCommerce's own tracker on a page without jQuery, the tracker hears each add once (its onadded_to_cart and its added_to_cart listener) and Vitrine sends no second add_to_cart", async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    // The tracker as the plugin prints it (script id from its handle), hearing adds both ways its releases have.
    const tracker = `<script id="woocommerce-google-analytics-integration-js">
      window.gaHeard = [];
      document.body.onadded_to_cart = function (event, fragments, hash, button) { gaHeard.push('property ' + button[0].dataset.product_id); };
      document.body.addEventListener('added_to_cart', function (event) { gaHeard.push('event ' + event.detail[2].dataset.product_id); });
    </script>`;
    await rewriteDocuments(page, /^\/consent\/opt-out\/$/, (html) => html.replace('</body>', `${tracker}</body>`));
    await open(page, `${env.demo.url}consent/opt-out/`);
    assert.equal(await page.evaluate(() => typeof (window as { jQuery?: unknown }).jQuery), 'undefined');
    await addToCart(page);
    const id = await page.locator('a.ajax_add_to_cart').first().getAttribute('data-product_id');
    await page.waitForFunction(() => (window as { gaHeard?: string[] }).gaHeard?.length === 2);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    assert.deepEqual(await page.evaluate(() => (window as { gaHeard?: string[] }).gaHeard), [`property ${id}`, `event ${id}`]);
    assert.deepEqual(eventsNamed(await tagCalls(page), 'add_to_cart'), [], "Vitrine's own add_to_cart");
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('CNS-07 CNS-08 opt-out configuration measures without a choice, until refused', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}consent/opt-out/`);
    assert.equal(await noticeVisible(page), true);
    assert.deepEqual(consentUpdates(await tagCalls(page)), [ALL_GRANTED]);
    assert.ok((await trackingCookies(page)).includes('_ga'));
    await addToCart(page);
    assert.equal(eventsNamed(await tagCalls(page), 'add_to_cart').length, 1);
    await page.click('#cn-refuse-cookie');
    assert.deepEqual(consentUpdates(await tagCalls(page)).at(-1), ALL_DENIED);
    await page.locator('a.ajax_add_to_cart').nth(1).click();
    await page.waitForFunction(() => document.querySelectorAll('a.ajax_add_to_cart.added').length === 2);
    assert.equal(eventsNamed(await tagCalls(page), 'add_to_cart').length, 1, 'no event after refusing');
  });

  it('CNS-02 scrolling past the offset accepts', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}consent/scroll/`);
    await page.mouse.wheel(0, 50);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    assert.equal((await jar(page)).cookie_notice_accepted, undefined, 'not yet past 100 px');
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => document.cookie.includes('cookie_notice_accepted=true'));
    assert.equal(await noticeVisible(page), false);
    assert.deepEqual(consentUpdates(await tagCalls(page)), [ALL_GRANTED]);
  });

  it('CNS-04 with redirection a choice reloads the page with cn-reloaded=1; the revoke bar then shows', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}consent/redirection/`);
    await Promise.all([page.waitForURL(/cn-reloaded=1/), page.click('#cn-accept-cookie')]);
    await open(page, page.url());
    assert.equal(await noticeVisible(page), false);
    assert.equal(await page.locator('#cookie-notice .cookie-revoke-container').isVisible(), true);
    assert.equal(await page.evaluate(() => document.body.classList.contains('cookies-accepted')), true);
    await animationsDone(page);
    await screenshot(page, 'consent-revoke-bar');
  });

  it('keyboard alone: Tab reaches the notice after the page, Enter accepts, focus moves on, nothing is trapped; axe finds nothing serious', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}consent/`);
    // axe measures contrast on what is painted: wait for the notice's fade-in to end.
    await animationsDone(page);
    assert.deepEqual(await axeCheck(page), []);
    await page.focus('#cn-accept-cookie');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'cn-refuse-cookie');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'cn-close-notice');
    // No trap: the next Tab leaves the notice.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.getElementById('cookie-notice')?.contains(document.activeElement)), false);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'cn-accept-cookie');
    await page.keyboard.press('Enter');
    assert.equal((await jar(page)).cookie_notice_accepted?.value, 'true');
    // Focus went to the main content, not to the vanished notice.
    assert.equal(await page.evaluate(() => document.activeElement?.contains(document.querySelector('main'))), true);
  });

  it('NWS-01 NWS-02 NWS-03 NWS-04 newsletter: a conditional field suspends and restores required; one submit_lead_form with normalised data', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await open(page, `${env.demo.url}newsletter/`);
    await page.waitForFunction(() => window.vitrine?.report().some((r) => r.widget === 'newsletter-form' && r.state === 'mounted'));
    const phone = page.locator('input[name="PHONE"]');
    assert.equal(await phone.isVisible(), false);
    assert.equal(await phone.evaluate((el: HTMLInputElement) => el.required), false);
    await page.selectOption('select[name="CHANNEL"]', 'sms');
    assert.equal(await phone.isVisible(), true);
    assert.equal(await phone.evaluate((el: HTMLInputElement) => el.required), true);
    await animationsDone(page);
    await screenshot(page, 'newsletter-phone-shown');
    await page.selectOption('select[name="CHANNEL"]', 'email');
    assert.equal(await phone.isVisible(), false);
    assert.equal(await phone.evaluate((el: HTMLInputElement) => el.required), false);
    await page.selectOption('select[name="CHANNEL"]', 'sms');
    await page.click('#cn-accept-cookie');
    await page.fill('input[name="EMAIL"]', 'Jane.Doe@Gmail.com');
    await page.fill('input[name="NAME"]', 'Jane van Doe');
    await page.fill('input[name="PHONE"]', '+1 (555) 010-9999');
    await Promise.all([page.waitForNavigation(), page.click('input[type="submit"]')]);
    await page.waitForFunction(() => (window as unknown as { dataLayer: IArguments[] }).dataLayer.some((c) => c[1] === 'submit_lead_form'));
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    assert.deepEqual(eventsNamed(await tagCalls(page), 'submit_lead_form'), [
      {
        event_category: 'mailchimp',
        user_data: { email: 'janedoe@gmail.com', phone_number: '+15550109999', address: { first_name: 'Jane', last_name: 'van Doe' } },
      },
    ]);
    assert.equal(await page.locator('.mc4wp-success').isVisible(), true);
    assert.deepEqual(errors, []);
  });

  it('NWS-04 a refused visitor signs up: no event, no tracking cookie', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}newsletter/`);
    await page.click('#cn-refuse-cookie');
    await page.fill('input[name="EMAIL"]', 'jane@example.org');
    await Promise.all([page.waitForNavigation(), page.click('input[type="submit"]')]);
    await open(page, page.url());
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    assert.deepEqual(eventsNamed(await tagCalls(page), 'submit_lead_form'), []);
    assert.deepEqual(await trackingCookies(page), []);
  });

  it('ANL-02 purchase values are exact for a 0-decimal (JPY) and a 3-decimal (KWD) currency, sent once consent allows', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}measurement/order-received/jpy/`);
    assert.deepEqual(eventsNamed(await tagCalls(page), 'purchase'), [], 'nothing before consent');
    await page.click('#cn-accept-cookie');
    assert.deepEqual(eventsNamed(await tagCalls(page), 'purchase'), [
      {
        transaction_id: '7001',
        affiliation: 'Vitrine Demo Shop',
        value: 7000,
        currency: 'JPY',
        shipping: 500,
        tax: 400,
        items: [
          { item_id: '10', item_name: 'Simple Mug', price: 1800, quantity: 2, item_category: 'Kitchen' },
          { item_id: '15', item_name: 'Variable Tee', price: 2500, quantity: 1, item_variant: 'Blue, Small', item_category: 'Clothing' },
        ],
      },
    ]);
    // Reloading the order-received page does not count the order again.
    await open(page, page.url());
    assert.deepEqual(eventsNamed(await tagCalls(page), 'purchase'), []);

    await open(page, `${env.demo.url}measurement/order-received/kwd/`);
    const [kwd] = eventsNamed(await tagCalls(page), 'purchase') as { value: number; shipping: number; tax: number; currency: string; items: { price: number }[] }[];
    assert.deepEqual({ value: kwd?.value, shipping: kwd?.shipping, tax: kwd?.tax, currency: kwd?.currency, price: kwd?.items[0]?.price }, {
      value: 14.0,
      shipping: 1.25,
      tax: 0.375,
      currency: 'KWD',
      price: 4.125,
    });
  });

  it('ANL-01 the product form add is measured too (a product page with a tag and an opt-out consent type)', async () => {
    const page = await newPage(env.browser);
    // The product page as a site with Site Kit's tag and a CCPA-like (opt-out) consent type prints it.
    // A string, not a function: the test's transpiler would wrap a named function in a helper the page lacks.
    await page.addInitScript(`window.dataLayer = [];
window.gtag = function () { window.dataLayer.push(arguments); };
window.consent_api = {"consent_type":"optout","waitfor_consent_hook":"","cookie_expiration":"30","cookie_prefix":"wp_consent"};`);
    await page.goto(`${env.demo.url}product/simple-mug/`);
    await page.evaluate(() => window.vitrine?.settled());
    await page.fill('form.cart input.qty', '3');
    await page.click('form.cart button[name="add-to-cart"]');
    await page.waitForFunction(() => (window as unknown as { dataLayer: IArguments[] }).dataLayer.some((c) => c[1] === 'add_to_cart'), undefined, { timeout: HANG_MS });
    const [event] = eventsNamed(await tagCalls(page), 'add_to_cart') as { items: { item_id: string; quantity: number }[] }[];
    assert.deepEqual(event?.items, [{ item_id: '10', quantity: 3 }]);
  });

  it('a page with no tag function, consent API or cookie notice does not load the measurement code', async () => {
    const page = await newPage(env.browser);
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (/\/chunks\/analytics-/.test(request.url())) chunks.push(new URL(request.url()).pathname);
    });
    await page.goto(`${env.demo.url}shop/`);
    await page.evaluate(() => window.vitrine?.settled());
    assert.deepEqual(chunks, []);
    await page.goto(`${env.demo.url}consent/`);
    await page.waitForFunction(() => typeof (window as unknown as { wp_has_consent?: unknown }).wp_has_consent === 'function');
    assert.equal(chunks.length, 1);
  });

  it('order attribution with no consent category tracks without downloading the consent code', async () => {
    const page = await newPage(env.browser);
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (/\/chunks\/consent-/.test(request.url())) chunks.push(new URL(request.url()).pathname);
    });
    await page.goto(`${env.demo.url}shop/`);
    await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'order-attribution' && row.state === 'mounted'));
    await page.evaluate(() => window.vitrine?.settled());
    // The visit is recorded (WooCommerce's default: tracking allowed) ...
    await page.waitForFunction(() => document.cookie.includes('sbjs_current='));
    // ... and nothing on the page asked for consent.
    assert.deepEqual(chunks, []);
  });

  it('CNS-01 a shopper who accepts at DOMContentLoaded, before any widget\'s code has arrived, is heard once', async () => {
    const page = await newPage(env.browser);
    const release = await openBeforeCode(page, `${env.demo.url}consent/`);
    // The server's notice is hidden until the widget shows it; the shopper finds the button anyway (e.g. a theme shows it).
    await page.evaluate(() => document.getElementById('cookie-notice')?.classList.remove('cookie-notice-hidden'));
    await page.click('#cn-accept-cookie');
    assert.equal((await jar(page)).cookie_notice_accepted, undefined, 'held until the code is there');
    release();
    await page.waitForFunction(() => document.cookie.includes('cookie_notice_accepted=true'), undefined, { timeout: HANG_MS });
    await page.evaluate(() => window.vitrine?.settled());
    assert.equal(await noticeVisible(page), false);
    await page.waitForFunction(() => (window as unknown as { dataLayer: IArguments[] }).dataLayer.some((c) => c[0] === 'consent' && c[1] === 'update'));
    assert.deepEqual(consentUpdates(await tagCalls(page)), [ALL_GRANTED]);
  });
});
