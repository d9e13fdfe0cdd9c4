import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeCheck, clearRequests, collectErrors, HANG_MS, newPage, openBeforeCode, openCheckout as openCheckoutPage, requests, screenshot, widgetsMounted, withDemo, withoutBrowserSanitizer } from './harness.ts';

// Issue 13 in Chromium: address suggestions on the checkout (the demo provider over the shipped dataset,
// /checkout/?address-autocomplete) and order attribution from the first page of a visit to the order.

const DEMO = 'checkout/?address-autocomplete';


/**
 * The checkout with its widgets in place. The address suggestions are not among them: they load when the shopper
 * first comes to the address field (their definition's `interaction`), which each test does as a shopper would.
 */
async function openCheckout(page: Page, url: string): Promise<void> {
  await openCheckoutPage(page, url, ['checkout', 'address-fields', 'select-combobox', 'order-attribution']);
}

const options = (page: Page) => page.$$eval('#address_suggestions_billing_list [role="option"]', (items) => items.map((li) => li.textContent ?? ''));
const value = (page: Page, id: string) => page.$eval(`#${id}`, (el) => (el as HTMLInputElement).value);
const orders = async (base: string) =>
  (await (await fetch(new URL('/__vitrine/orders', base))).json()) as { id: number; attribution: Record<string, string> }[];

async function typeAddress(page: Page, text: string): Promise<void> {
  await page.focus('#billing_address_1');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

async function fillAndPlace(page: Page): Promise<void> {
  for (const [id, text] of Object.entries({ billing_first_name: 'Ada', billing_last_name: 'Lovelace', billing_address_1: '1 Main St', billing_city: 'Albany', billing_postcode: '12207', billing_email: 'ada@example.com' })) {
    await page.fill(`#${id}`, text);
  }
  await page.keyboard.press('Escape');
  await page.check('#terms');
  await page.click('#place_order');
  await page.waitForURL(/\/checkout\/order-received\/\d+\//);
}

const attributionInput = (page: Page, field: string) => page.$eval(`input[name="wc_order_attribution_${field}"]`, (el) => (el as HTMLInputElement).value);

describe('address autocomplete (demo provider)', () => {
  const env = withDemo({ reset: true });

  it('ADR-01 ADR-03 ADR-13 by keyboard: 3 characters show at most 5 highlighted suggestions; Enter fills every field and the checkout updates once; axe finds nothing serious', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await openCheckout(page, `${env.demo.url}${DEMO}`);
    await typeAddress(page, 'Ma');
    await page.waitForTimeout(300);
    assert.deepEqual(await options(page), [], 'two characters search nothing');
    await page.keyboard.type('rket');
    // The list of the whole word: a keystroke gap longer than the provider's answer shows "Mar"'s list first.
    await page.waitForFunction(() => {
      const highlights = [...document.querySelectorAll('#address_suggestions_billing_list [role="option"] strong')];
      return highlights.length > 0 && highlights.every((strong) => strong.textContent === 'Market');
    });
    const shown = await options(page);
    assert.ok(shown.length > 0 && shown.length <= 5, `${shown.length} suggestions`);
    for (const label of shown) assert.match(label, /Market/);
    assert.deepEqual(await page.$$eval('#address_suggestions_billing_list [role="option"] strong', (s) => [...new Set(s.map((n) => n.textContent))]), ['Market']);
    assert.equal(await page.getAttribute('#billing_address_1', 'aria-expanded'), 'true');
    assert.equal(await page.getAttribute('#billing_address_1', 'data-1p-ignore'), 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    // React applies the highlight after the key event: wait for it rather than read it at once.
    await page.waitForFunction(() => document.getElementById('billing_address_1')?.getAttribute('aria-activedescendant') === 'suggestion-item-billing-1');
    assert.ok(await page.$eval('#suggestion-item-billing-1', (li) => li.classList.contains('active')));
    await screenshot(page, 'address-autocomplete-open');
    const violations = await axeCheck(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    const chosen = shown[1] ?? '';
    await clearRequests(env.demo.url);
    await page.keyboard.press('Enter');
    await page.waitForFunction((label) => {
      const city = (document.getElementById('billing_city') as HTMLInputElement).value;
      return city !== '' && label.includes(city);
    }, chosen);
    assert.ok(chosen.startsWith(await value(page, 'billing_address_1')), `${chosen} starts with the filled address_1`);
    assert.equal(await value(page, 'billing_country'), 'US');
    assert.match(await value(page, 'billing_postcode'), /^\d{5}$/);
    assert.ok(chosen.includes(await value(page, 'billing_postcode')));
    assert.match(await value(page, 'billing_state'), /^[A-Z]{2}$/);
    assert.deepEqual(await options(page), []);
    // One update_order_review for the whole selection (the checkout waits up to 1 s after a key in an address field).
    await page.waitForTimeout(2000);
    const sent = await requests(env.demo.url);
    assert.equal(sent.filter((r) => r.endpoint === 'update_order_review').length, 1, JSON.stringify(sent.map((r) => [r.path, r.endpoint, r.action])));
    await screenshot(page, 'address-autocomplete-filled');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it("ADR-13 a suggestion in Canada (the country chosen first) fills the city and picks its province from Canada's state list", async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await openCheckout(page, `${env.demo.url}${DEMO}`);
    // The shipping address takes Canada; the billing country stays as it is: choose Canada, then search.
    await page.$eval('#billing_country', (select) => {
      (select as HTMLSelectElement).value = 'CA';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await typeAddress(page, 'Granville');
    await page.waitForSelector('#address_suggestions_billing_list [role="option"]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.getElementById('billing_city') as HTMLInputElement).value === 'Vancouver');
    assert.equal(await value(page, 'billing_state'), 'BC');
    assert.equal(await page.$eval('#billing_state', (s) => s.tagName), 'SELECT');
    await page.context().close();
  });

  it('ADR-02 ADR-05 a country the provider cannot search shows nothing: the open list closes, the field is a plain field again, typing there lists nothing', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await openCheckout(page, `${env.demo.url}${DEMO}`);
    // The same words list addresses in the United States: the provider and the widget are live.
    await typeAddress(page, 'Market Street');
    await page.waitForSelector('#address_suggestions_billing_list [role="option"]');
    await page.$eval('#billing_country', (select) => {
      (select as HTMLSelectElement).value = 'AT';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.waitForFunction(
      () =>
        document.querySelectorAll('#address_suggestions_billing_list [role="option"]').length === 0 &&
        !document.getElementById('billing_address_1')?.hasAttribute('role') &&
        !document.getElementById('billing_address_1')?.closest('.form-row')?.classList.contains('autocomplete-available'),
    );
    await page.focus('#billing_address_1');
    await page.keyboard.type(' 1');
    // The moment a search would have shown: the demo provider answers on a 60 ms timer, which a search started by
    // the keystroke would have set before this one; then a frame for the list to render.
    await page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve)), 60)));
    assert.deepEqual(await options(page), []);
    assert.equal(await page.getAttribute('#billing_address_1', 'role'), null);
    assert.equal(await page.getAttribute('#billing_address_1', 'aria-expanded'), null);
    await page.context().close();
  });

  it('ADR-02 Escape and a click elsewhere close the list; the typed text stays', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await openCheckout(page, `${env.demo.url}${DEMO}`);
    await typeAddress(page, 'Main');
    await page.waitForSelector('#address_suggestions_billing_list [role="option"]');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelectorAll('#address_suggestions_billing_list [role="option"]').length === 0);
    assert.equal(await value(page, 'billing_address_1'), 'Main');
    await page.keyboard.type(' ');
    await page.waitForSelector('#address_suggestions_billing_list [role="option"]');
    await page.mouse.click(5, 5);
    await page.waitForFunction(() => document.querySelectorAll('#address_suggestions_billing_list [role="option"]').length === 0);
    await page.context().close();
  });

  it('ADR-02 a shopper who moves on to the city in the very frame the list opens stays there, and what they type lands there', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await openCheckout(page, `${env.demo.url}${DEMO}`);
    // The list's code first (it comes at the field's first focus), so the answer alone opens the list.
    await typeAddress(page, 'Mai');
    await page.waitForSelector('#address_suggestions_billing_list [role="option"]');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelectorAll('#address_suggestions_billing_list [role="option"]').length === 0);
    // The shopper's move lands between the list reaching the page and the widget's effects after that render.
    await page.evaluate(() => {
      const watch = new MutationObserver(() => {
        if (!document.querySelector('#address_suggestions_billing_list [role="option"]')) return;
        watch.disconnect();
        document.getElementById('billing_city')?.focus();
        document.body.dataset.movedOn = 'yes';
      });
      watch.observe(document.body, { childList: true, subtree: true });
    });
    await page.keyboard.type('n');
    await page.waitForSelector('body[data-moved-on]', { state: 'attached' });
    await page.waitForTimeout(300); // a few frames: the effects of the render that opened the list have run
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'billing_city', 'the focus stays in the city');
    await page.keyboard.type('Albany');
    assert.deepEqual([await value(page, 'billing_address_1'), await value(page, 'billing_city')], ['Main', 'Albany']);
    await page.context().close();
  });

  it("ADR-07 ADR-10 the provider's branding is sanitised; an undeclared provider is refused and logged", async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    // The server declares a branding with a script and an event handler.
    await page.route(`**/${DEMO}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        'Demo addresses by <strong>Vitrine<\\/strong>',
        'Demo addresses by <strong>Vitrine<\\/strong><img src=x onerror=\\"window.__pwned=1\\"><script>window.__pwned=2<\\/script>',
      );
      await route.fulfill({ response, body });
    });
    await openCheckout(page, `${env.demo.url}${DEMO}`);
    // A string, so the page gets plain functions (no build helpers).
    const undeclared = (id: string) =>
      `window.wc.addressAutocomplete.registerAddressAutocompleteProvider({ id: '${id}', canSearch: function () { return true; }, search: function () { return Promise.resolve([]); }, select: function () { return Promise.resolve({}); } })`;
    // As a provider's script would at load: the plugin's stub queues it until the shopper comes to the field and the
    // widget's registry checks it.
    await page.evaluate(undeclared('not-declared'));
    await typeAddress(page, 'Market');
    await page.waitForFunction(() => (window as { wc?: { addressAutocomplete?: { queued?: unknown } } }).wc?.addressAutocomplete?.queued === undefined);
    assert.ok(errors.some((e) => e.includes('"not-declared"') && e.includes('not declared by the server')), errors.join('\n'));
    // Once the registry is there, it answers at once.
    assert.equal(await page.evaluate(undeclared('also-not-declared')), false);
    await page.waitForSelector('.woocommerce-address-autocomplete-branding');
    assert.equal(await page.textContent('.woocommerce-address-autocomplete-branding'), 'Demo addresses by Vitrine');
    assert.equal(await page.$('.woocommerce-address-autocomplete-branding [onerror], .woocommerce-address-autocomplete-branding script'), null);
    assert.equal(await page.evaluate(() => (window as { __pwned?: number }).__pwned), undefined);
    await page.context().close();
  });

  it("ADR-07 the branding is sanitised by Chromium's own sanitizer: DOMPurify is never downloaded", async () => {
    const page = await newPage(env.browser);
    const purify: string[] = [];
    page.on('request', (request) => {
      if (/\/purify[.-][\w.-]*\.js$/.test(new URL(request.url()).pathname)) purify.push(request.url());
    });
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await openCheckout(page, `${env.demo.url}${DEMO}`);
    await typeAddress(page, 'Market');
    await page.waitForSelector('#address_suggestions_billing_list [role="option"]');
    assert.equal(await page.textContent('.woocommerce-address-autocomplete-branding'), 'Demo addresses by Vitrine');
    assert.deepEqual(purify, []);
    await page.context().close();
  });

  it("ADR-07 where the browser has no sanitizer, DOMPurify (11 KB) is fetched at the address field's first focus, not with the checkout", async () => {
    const page = await newPage(env.browser);
    await withoutBrowserSanitizer(page);
    const purify: string[] = [];
    page.on('request', (request) => {
      if (/\/purify[.-][\w.-]*\.js$/.test(new URL(request.url()).pathname)) purify.push(request.url());
    });
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await openCheckout(page, `${env.demo.url}${DEMO}`);
    // Imported with the widget's code, it would have been asked for before the widget reported "mounted".
    assert.deepEqual(purify, [], 'no sanitiser before the shopper comes to the field');
    await typeAddress(page, 'Market');
    await page.waitForSelector('#address_suggestions_billing_list [role="option"]');
    // The list waited for its branding: both show together.
    assert.equal(await page.textContent('.woocommerce-address-autocomplete-branding'), 'Demo addresses by Vitrine');
    assert.equal(purify.length, 1);
    await page.context().close();
  });

  it("ADR-07 where the browser has no sanitizer and DOMPurify fails to load: the suggestions still show and fill, with the provider's name as text for its branding, and the console says why", async () => {
    const page = await newPage(env.browser);
    await withoutBrowserSanitizer(page);
    const errors = collectErrors(page);
    await page.route(/\/purify[.-][\w.-]*\.js(\?.*)?$/, (route) => route.abort('connectionfailed'));
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await openCheckout(page, `${env.demo.url}${DEMO}`);
    await typeAddress(page, 'Market');
    await page.waitForSelector('#address_suggestions_billing_list [role="option"]');
    // The list waited for the branding; once the sanitiser has failed, it shows with the provider's name in its place.
    assert.equal(await page.textContent('.woocommerce-address-autocomplete-branding'), 'Vitrine demo addresses');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.getElementById('billing_city') as HTMLInputElement).value !== '');
    assert.ok(errors.some((e) => e.includes("the branding's sanitiser failed to load")), errors.join('\n'));
    await page.context().close();
  });

  it("ADR-01 the suggestions' code (the widget, its list and floating-ui, 22 KB) is fetched when the shopper first comes to the address field, not with the checkout", async () => {
    const page = await newPage(env.browser);
    const listCode: string[] = [];
    page.on('request', (request) => {
      if (/\/(floating-ui[.-]|address-autocomplete-)[\w.-]*\.js$/.test(new URL(request.url()).pathname)) listCode.push(request.url());
    });
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await openCheckout(page, `${env.demo.url}${DEMO}`);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(listCode, [], 'nothing of the suggestions before the shopper comes to the field');
    // Mid-screen, so the list has room below (near the bottom it flips above the field). The demo's express wallet
    // above the form shows at idle, a first visit's 113 px that push the field down: centred before it showed, the field
    // ended near the bottom on a loaded machine, and the list rightly flipped above it.
    await page.waitForSelector('#wcpay-express-checkout-element:not([aria-busy]) [data-stand-in="wallet-button"]', { state: 'visible' });
    await page.$eval('#billing_address_1', (field) => field.scrollIntoView({ block: 'center' }));
    await typeAddress(page, 'Market');
    await page.waitForSelector('#address_suggestions_billing_list [role="option"]');
    // The widget's chunk, its list's beside it, and floating-ui, which the list imports.
    assert.equal(listCode.length, 3, listCode.join(', '));
    // Placed under the field, as wide as it.
    const [list, field] = [await page.locator('#address_suggestions_billing').boundingBox(), await page.locator('#billing_address_1').boundingBox()];
    assert.ok(list && field);
    assert.ok(list.y >= field.y + field.height && list.y <= field.y + field.height + 4, `under the field: list at ${list.y}, field ends at ${field.y + field.height}`);
    assert.ok(list.width >= Math.min(field.width, 280) - 1, `as wide as the field: ${list.width} for ${field.width}`);
    await page.context().close();
  });

  it('ADR-01 a keyboard shopper reaching the address field from the name fields lands on a combobox (its role is there before the focus, so a screen reader names it)', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    // The field's role at the moment the focus lands on it: what a screen reader announces.
    await page.addInitScript(`document.addEventListener('focusin', (event) => {
      if (event.target.id === 'billing_address_1') window.__roleAtFocus = String(event.target.getAttribute('role'));
    }, true);`);
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await openCheckout(page, `${env.demo.url}${DEMO}`);
    await page.focus('#billing_first_name');
    await page.keyboard.type('Ada', { delay: 30 });
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lovelace', { delay: 30 });
    await page.focus('#billing_address_1');
    assert.equal(await page.evaluate(() => (window as { __roleAtFocus?: string }).__roleAtFocus), 'combobox');
    assert.equal(await page.getAttribute('#billing_address_1', 'aria-autocomplete'), 'list');
    // The shipping address's field is woken by its own group, not by the billing fields.
    assert.equal(await page.getAttribute('#shipping_address_1', 'role'), null);
    await typeAddress(page, 'Market');
    await page.waitForSelector('#address_suggestions_billing_list [role="option"]');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it("ADR-11 where the list's code cannot be fetched the address field becomes a plain field: what is typed stays, the order is placed, and the console says why", async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await page.route(/\/address-autocomplete-list-[\w-]+\.js(\?.*)?$/, (route) => route.abort('connectionfailed'));
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await openCheckout(page, `${env.demo.url}${DEMO}`);
    await typeAddress(page, 'Market');
    // The list's code, asked for beside the widget's at the field's first focus, failed: the widget does not mount, the
    // field stays the server's plain field, and typing opens nothing.
    await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'address-autocomplete' && row.state === 'failed'));
    await page.waitForTimeout(500);
    assert.equal(await page.getAttribute('#billing_address_1', 'role'), null);
    assert.equal(await page.locator('#address_suggestions_billing_list [role="option"]').count(), 0);
    assert.equal(await value(page, 'billing_address_1'), 'Market');
    assert.ok(errors.some((e) => e.includes('[vitrine] address-autocomplete failed to load')), errors.join('\n'));
    assert.equal(await page.getAttribute('#billing_address_1', 'aria-expanded'), null, 'no longer announced as a combobox');
    await fillAndPlace(page);
    await page.context().close();
  });

  it('typed before the code arrived: suggestions for what is in the field once it mounts', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    const release = await openBeforeCode(page, `${env.demo.url}${DEMO}`);
    await page.focus('#billing_address_1');
    await page.keyboard.type('Broadway');
    release();
    await page.waitForSelector('#address_suggestions_billing_list [role="option"]', { timeout: HANG_MS });
    assert.equal(await value(page, 'billing_address_1'), 'Broadway');
    for (const label of await options(page)) assert.match(label, /Broadway/);
    await page.context().close();
  });
});

/**
 * Waits until this page's visit is counted (the session cookie holds `pgs=<n>`): the outcome the order reads, not
 * the widget's state.
 */
const pagesCounted = (page: Page, n: number) =>
  page.waitForFunction((want) => new RegExp(`(^|; )sbjs_session=pgs=${want}(\\D|$)`).test(decodeURIComponent(document.cookie)), n);

describe('order attribution', () => {
  const env = withDemo({ reset: true });

  it('TRK-03 TRK-04 TRK-05 a visit with utm parameters, two more pages, then an order: the order shows source, medium, campaign and session pages', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await page.goto(`${env.demo.url}shop/?utm_source=newsletter&utm_medium=email&utm_campaign=spring`);
    await page.waitForFunction(() => document.cookie.includes('sbjs_current='));
    await pagesCounted(page, 1);
    await page.goto(`${env.demo.url}product/cotton-socks/`);
    await widgetsMounted(page, ['order-attribution']);
    await pagesCounted(page, 2);
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await widgetsMounted(page, ['order-attribution']);
    await pagesCounted(page, 3);
    await openCheckout(page, `${env.demo.url}checkout/`);
    await pagesCounted(page, 4);
    assert.equal(await page.$$eval('form.checkout wc-order-attribution-inputs > input[type="hidden"]', (inputs) => inputs.length), 16);
    assert.equal(await attributionInput(page, 'source_type'), 'utm');
    assert.equal(await attributionInput(page, 'session_pages'), '4');
    await fillAndPlace(page);
    const order = (await orders(env.demo.url)).at(-1);
    assert.equal(order?.attribution.source_type, 'utm');
    assert.equal(order?.attribution.utm_source, 'newsletter');
    assert.equal(order?.attribution.utm_medium, 'email');
    assert.equal(order?.attribution.utm_campaign, 'spring');
    assert.equal(order?.attribution.session_pages, '4');
    assert.equal(order?.attribution.session_count, '1');
    assert.match(await page.textContent('.woocommerce-order-attribution') ?? '', /Source: Newsletter/);
    assert.match(await page.textContent('.woocommerce-order-attribution') ?? '', /Source typeutm/);
    await screenshot(page, 'order-attribution-received');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('TRK-03 a visit counts by the first frame after the widget mounts: a shopper who leaves at once is still counted', async () => {
    const page = await newPage(env.browser);
    // What the session cookie says one frame after the widget reported mounted. Preact runs plain effects
    // after that frame, and a widget that started there left this page uncounted.
    await page.addInitScript(() => {
      const mark = performance.mark.bind(performance);
      performance.mark = ((name: string, options?: PerformanceMarkOptions) => {
        const entry = mark(name, options);
        if (name === 'vitrine:mounted:order-attribution') {
          requestAnimationFrame(() => {
            (window as { sessionAtFirstFrame?: string }).sessionAtFirstFrame = decodeURIComponent(document.cookie);
          });
        }
        return entry;
      }) as typeof performance.mark;
    });
    await page.goto(`${env.demo.url}shop/`);
    const atFirstFrame = await page.waitForFunction(() => (window as { sessionAtFirstFrame?: string }).sessionAtFirstFrame);
    assert.match(String(await atFirstFrame.jsonValue()), /(^|; )sbjs_session=pgs=1(\D|$)/);
    await page.context().close();
  });

  it('TRK-01 TRK-02 consent denied under opt-in: no sbjs cookie and empty inputs; granted: tracking starts and the inputs fill', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    // The earlier page (no consent category there) starts the visit cookies; the checkout must delete them.
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await page.waitForFunction(() => document.cookie.includes('sbjs_current='));
    // The checkout as a site with the WP Consent API prints it: an opt-in consent type, and WooCommerce's
    // integration line naming the category order attribution follows.
    await page.route(`**/checkout/`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        '</head>',
        '<script id="wp-consent-api-js-extra">var consent_api = {"consent_type":"optin","waitfor_consent_hook":"","cookie_expiration":"30","cookie_prefix":"wp_consent"};</script>\n<script id="wp-consent-api-integration-js-before">window.wc_order_attribution.params.consentCategory = "marketing";</script>\n</head>',
      );
      await route.fulfill({ response, body });
    });
    await openCheckout(page, `${env.demo.url}checkout/`);
    const sbjs = async () => (await page.context().cookies()).filter((c) => c.name.startsWith('sbjs_')).map((c) => c.name);
    // The deletion follows the consent module's arrival, which the widget's mount does not wait for.
    await page.waitForFunction(() => !document.cookie.includes('sbjs_')).catch(() => undefined);
    assert.deepEqual(await sbjs(), []);
    assert.equal(await attributionInput(page, 'source_type'), '');
    assert.equal(await attributionInput(page, 'session_pages'), '');
    await page.waitForFunction(() => typeof (window as { wp_set_consent?: unknown }).wp_set_consent === 'function');
    await page.evaluate("window.wp_set_consent('marketing', 'allow')");
    await page.waitForFunction(() => (document.querySelector('input[name="wc_order_attribution_source_type"]') as HTMLInputElement).value === 'typein');
    assert.ok((await sbjs()).includes('sbjs_current'));
    await page.evaluate("window.wp_set_consent('marketing', 'deny')");
    await page.waitForFunction(() => (document.querySelector('input[name="wc_order_attribution_source_type"]') as HTMLInputElement).value === '');
    assert.deepEqual(await sbjs(), []);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('TRK-06 a search engine referrer is organic', async () => {
    const page = await newPage(env.browser);
    // A results page of a search engine (served by the test) linking to the shop.
    await page.route('http://www.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>mug - Google Search</title><a id="result" href="${env.demo.url}shop/">Vitrine Demo Shop</a>` }),
    );
    await page.goto('http://www.google.com/search?q=mug');
    await Promise.all([page.waitForURL(`${env.demo.url}**`), page.click('#result')]);
    assert.match(await page.evaluate(() => document.referrer), /^http:\/\/www\.google\.com\//);
    await widgetsMounted(page, ['order-attribution']);
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await widgetsMounted(page, ['order-attribution']);
    await openCheckout(page, `${env.demo.url}checkout/`);
    assert.equal(await attributionInput(page, 'source_type'), 'organic');
    assert.equal(await attributionInput(page, 'utm_source'), 'google');
    assert.equal(await attributionInput(page, 'utm_medium'), 'organic');
    await page.context().close();
  });

  it('TRK-08 typed in: (direct), and the order shows Direct', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await openCheckout(page, `${env.demo.url}checkout/`);
    assert.equal(await attributionInput(page, 'source_type'), 'typein');
    assert.equal(await attributionInput(page, 'utm_source'), '(direct)');
    await fillAndPlace(page);
    assert.equal((await orders(env.demo.url)).at(-1)?.attribution.source_type, 'typein');
    assert.match(await page.textContent('.woocommerce-order-attribution') ?? '', /OriginDirect/);
    await page.context().close();
  });
});
