import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeCheck, collectErrors, faults, HANG_MS, newPage, openBeforeCode, openCheckout as openCheckoutPage, requests, screenshot, widgetsMounted, withDemo } from './harness.ts';

// The buying half in Chromium, keyboard first: the cart page updated in place (cart.js's contract), the
// checkout's update cycle and order placement (checkout.js's), the country and state fields, and every
// failure the network can produce. No jQuery is on these pages: the bundle alone does the work.



/** A cart with two mugs and a poster, in the page's own cookie session. */
async function fillCart(page: Page, base: string): Promise<void> {
  await page.goto(`${base}?add-to-cart=10&quantity=2`);
  await page.goto(`${base}?add-to-cart=11`);
}

async function openCart(page: Page, base: string): Promise<void> {
  await page.goto(`${base}cart/`);
  await widgetsMounted(page, ['cart-page']);
  await page.evaluate(() => Object.assign(window, { __sameWindow: true }));
}

async function openCheckout(page: Page, base: string): Promise<void> {
  await openCheckoutPage(page, `${base}checkout/`);
  await page.evaluate(() => Object.assign(window, { __sameWindow: true }));
}

const sameWindow = (page: Page) => page.evaluate(() => (window as { __sameWindow?: boolean }).__sameWindow === true);
const total = (page: Page, scope: string) => page.$eval(`${scope} .order-total .amount`, (el) => el.textContent?.trim() ?? '');
const orders = async (base: string) => (await (await fetch(new URL('/__vitrine/orders', base))).json()) as { id: number; total: number }[];

/** Tabs until `selector` has the focus (the shopper's keyboard path; fails after 80 presses). */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 80; i += 1) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Shift+Tab until `selector` has the focus (fails after 40 presses). */
async function tabBackTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    await page.keyboard.press('Shift+Tab');
  }
  throw new Error(`Shift+Tab never reached ${selector}`);
}

/** The option the combobox in front of `selectId` points at (aria-activedescendant), if it is marked selected. */
function highlightedOption(page: Page, selectId: string): Promise<string | null> {
  return page.evaluate((id) => {
    const active = document.getElementById(document.getElementById(`${id}-combobox`)?.getAttribute('aria-activedescendant') || '');
    return active?.getAttribute('role') === 'option' && active.getAttribute('aria-selected') === 'true' ? (active.textContent ?? '') : null;
  }, selectId);
}

/** Waits until the combobox in front of `selectId` highlights an option starting with `text`. */
async function highlighted(page: Page, selectId: string, text: string, timeout = 5000): Promise<void> {
  await page.waitForFunction(
    ([id, start]) => {
      const active = document.getElementById(document.getElementById(`${id}-combobox`)?.getAttribute('aria-activedescendant') || '');
      return active?.getAttribute('aria-selected') === 'true' && (active.textContent ?? '').startsWith(start);
    },
    [selectId, text] as const,
    { timeout },
  );
}

/** Chooses a country (or state) in the combobox in front of `selectId`, by keyboard: the typed text, then Enter. */
async function chooseByKeyboard(page: Page, selectId: string, typed: string): Promise<void> {
  await tabTo(page, `#${selectId}-combobox`);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(typed);
  // As a shopper does: Enter once the first match shows highlighted (Preact, the lite flavour, renders a beat later).
  await highlighted(page, selectId, typed);
  await page.keyboard.press('Enter');
  // The choice is made when the list has closed (the select takes the value in the same render).
  await page.waitForSelector(`#${selectId}-listbox li`, { state: 'detached' });
}

/** Waits for an update_order_review sent after the `before`th with `field` at `value`, and for its answer to be in the page. */
async function reviewUpdatedWith(page: Page, base: string, before: number, field: string, value: string): Promise<void> {
  await page.waitForFunction(
    ([n, key, expected]) =>
      fetch('/__vitrine/requests')
        .then((r) => r.json())
        .then((list: { endpoint: string; body: Record<string, string>; status: number | null }[]) =>
          list.filter((r) => r.endpoint === 'update_order_review').slice(n).some((r) => r.body[key] === expected && r.status === 200),
        ),
    [before, field, value] as const,
  );
  await page.waitForFunction(() => !document.querySelector('.woocommerce-checkout-review-order-table[aria-busy="true"], .woocommerce-checkout-payment[aria-busy="true"]'));
  const sent = await requests(base, { endpoint: 'update_order_review' });
  assert.equal(sent.at(-1)?.body[field], value, 'the last update asked for is the one the review shows');
}

/** The next request to `url` fails with a connection reset (what a dropped answer looks like to the page). */
async function dropOnce(page: Page, url: string): Promise<void> {
  let dropped = false;
  await page.route(url, async (route) => {
    if (dropped || route.request().method() !== 'POST') return route.continue();
    dropped = true;
    await route.abort('connectionreset');
  });
}

/** Sets a country as another script would: the select's value and its change event. */
async function setCountry(page: Page, code: string): Promise<void> {
  await page.$eval('#billing_country', (select, value) => {
    (select as HTMLSelectElement).value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, code);
}

async function fillBilling(page: Page, values: Record<string, string>): Promise<void> {
  for (const [id, value] of Object.entries(values)) {
    await page.focus(`#${id}`);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(value);
  }
}

/** A complete New York billing address, as a shopper types it. */
const ADA = { billing_first_name: 'Ada', billing_last_name: 'L', billing_address_1: '1 Main St', billing_city: 'Albany', billing_postcode: '12207', billing_email: 'ada@example.com' };

describe('cart page without jQuery', () => {
  const env = withDemo({ reset: true });

  it('HLP-01 HLP-02 HLP-05 a quantity changed by keyboard enables Update cart; Enter updates totals in place under a 0.6 overlay, the notice focused', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await fillCart(page, env.demo.url);
    await openCart(page, env.demo.url);
    assert.equal(await page.evaluate(() => typeof (window as { jQuery?: unknown }).jQuery), 'undefined', 'no jQuery on the cart page');
    assert.equal(await page.$eval('[name="update_cart"]', (b) => (b as HTMLButtonElement).disabled), true, 'Update cart waits for a change');
    const before = await total(page, '.cart_totals');
    await faults(env.demo.url).add({ match: '/cart/', fault: 'latency:1500' });
    await tabTo(page, 'input.qty');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4');
    assert.equal(await page.$eval('[name="update_cart"]', (b) => (b as HTMLButtonElement).disabled), false);
    await page.keyboard.press('Enter');
    // Both read in one look while the answer is held back: read apart, a busy machine could see the totals replaced.
    await page.waitForFunction(
      () => document.querySelector('form.woocommerce-cart-form')?.getAttribute('aria-busy') === 'true' && /0\.6/.test(document.querySelector<HTMLElement>('.cart_totals')?.style.opacity ?? ''),
    );
    await page.waitForFunction(() => document.querySelector('.woocommerce-message')?.textContent?.includes('Cart updated.'));
    assert.notEqual(await total(page, '.cart_totals'), before);
    assert.equal(await page.$eval('.cart_item input.qty', (i) => (i as HTMLInputElement).value), '4');
    assert.ok(await sameWindow(page), 'no page reload');
    await page.waitForFunction(() => document.activeElement?.matches('.woocommerce-message'));
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('applies TAKE10 and removes it: the discount row comes and goes, with the server notices, no reload', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    await openCart(page, env.demo.url);
    await tabTo(page, '#coupon_code');
    await page.keyboard.type('TAKE10');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.cart_totals .cart-discount.coupon-take10');
    assert.match(await page.textContent('.woocommerce-message') ?? '', /Coupon code applied successfully/);
    assert.equal(await total(page, '.cart_totals'), '$34.25');
    assert.equal(await page.$eval('#coupon_code', (i) => (i as HTMLInputElement).value), '');
    await tabTo(page, 'a.woocommerce-remove-coupon');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('.cart-discount'));
    assert.match(await page.textContent('.woocommerce-message') ?? '', /Coupon has been removed/);
    assert.equal(await total(page, '.cart_totals'), '$37.50');
    const calls = await requests(env.demo.url, { endpoint: 'apply_coupon' });
    assert.equal(calls.length, 1);
    assert.ok(await sameWindow(page));
    await page.context().close();
  });

  it('a shipping method change posts update_shipping_method and swaps the totals; the calculator moves the cart to another country', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    await openCart(page, env.demo.url);
    await page.check('#shipping_method_0_local_pickup3');
    await page.waitForFunction(() => document.querySelector('.order-total')?.textContent?.includes('32.50'));
    assert.equal((await requests(env.demo.url, { endpoint: 'update_shipping_method' })).length, 1);
    await page.click('.shipping-calculator-button');
    assert.equal(await page.getAttribute('.shipping-calculator-button', 'aria-expanded'), 'true');
    await page.waitForFunction(() => window.vitrine?.report().some((r) => r.widget === 'address-fields' && r.state === 'mounted' && r.element.id === 'calc_shipping_country'));
    await page.$eval('#calc_shipping_country', (select) => {
      (select as HTMLSelectElement).value = 'AT';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.waitForFunction(() => (document.querySelector('#calc_shipping_state') as HTMLInputElement | null)?.type === 'hidden');
    await page.click('button[name="calc_shipping"]');
    await page.waitForFunction(() => document.querySelector('.cart_totals')?.textContent?.includes('There are no shipping options available'));
    assert.ok(await sameWindow(page));
    await screenshot(page, 'cart-page-no-rates');
    await page.context().close();
  });

  it('remove a line, undo it, then empty the cart: the empty-cart template replaces the cart', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    await openCart(page, env.demo.url);
    await page.click('.product-remove a[data-product_id="11"]');
    await page.waitForSelector('a.restore-item');
    assert.equal(await page.$$eval('.cart_item', (rows) => rows.length), 1);
    await page.click('a.restore-item');
    await page.waitForFunction(() => document.querySelectorAll('.cart_item').length === 2);
    await page.click('.product-remove a[data-product_id="11"]');
    await page.waitForFunction(() => document.querySelectorAll('.cart_item').length === 1);
    await page.click('.product-remove a[data-product_id="10"]');
    await page.waitForSelector('.wc-empty-cart-message');
    assert.equal(await page.$('form.woocommerce-cart-form'), null);
    assert.ok(await sameWindow(page));
    await page.context().close();
  });

  it('HTTP-07 a dropped cart update shows the offline message and unblocks the cart', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    await openCart(page, env.demo.url);
    await page.fill('input.qty', '3');
    // Chromium silently resends a POST whose kept-alive connection the server dropped, so the reset is
    // made at the browser's network layer (as test/e2e/cart.test.ts does).
    await dropOnce(page, '**/cart/');
    await page.click('[name="update_cart"]');
    await page.waitForFunction(() => document.querySelector('.woocommerce-error')?.textContent?.includes('You are probably offline.'));
    assert.equal(await page.$('form.woocommerce-cart-form[aria-busy]'), null);
    await page.context().close();
  });
});

describe('checkout without jQuery', () => {
  const env = withDemo({ reset: true });

  it('one full purchase by keyboard: country switches the state field and the rates, a missing field is reported next to it and focused, then the order is received; axe finds nothing serious', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await fillCart(page, env.demo.url);
    await openCheckout(page, env.demo.url);
    assert.equal(await page.evaluate(() => typeof (window as { jQuery?: unknown }).jQuery), 'undefined', 'no jQuery on the checkout');
    assert.equal(await page.$eval('#billing_state', (s) => s.tagName), 'SELECT');
    // United Kingdom: no state list (a text County), International rates.
    await chooseByKeyboard(page, 'billing_country', 'United Kingdom');
    await page.waitForFunction(() => (document.querySelector('#billing_state') as HTMLInputElement | null)?.type === 'text');
    assert.match(await page.textContent('label[for="billing_state"]') ?? '', /County/);
    assert.match(await page.textContent('label[for="billing_state"]') ?? '', /optional/);
    await page.waitForFunction(() => document.querySelector('.woocommerce-checkout-review-order-table')?.textContent?.includes('International'));
    // Austria: no states at all (hidden), and no shipping.
    await chooseByKeyboard(page, 'billing_country', 'Austria');
    await page.waitForFunction(() => (document.querySelector('#billing_state') as HTMLInputElement | null)?.type === 'hidden');
    assert.equal(await page.$eval('#billing_state_field', (row) => (row as HTMLElement).offsetParent), null);
    await page.waitForFunction(() => document.querySelector('.woocommerce-checkout-review-order-table')?.textContent?.includes('There are no shipping options'));
    // Back to the United States: a state select again, flat rate.
    await chooseByKeyboard(page, 'billing_country', 'United States (US)');
    await page.waitForFunction(() => document.querySelector('#billing_state')?.tagName === 'SELECT');
    await page.waitForFunction(() => document.querySelector('.woocommerce-checkout-review-order-table')?.textContent?.includes('Flat rate'));
    await chooseByKeyboard(page, 'billing_state', 'New York');
    await page.waitForFunction(() => (document.querySelector('#billing_state') as HTMLSelectElement | null)?.value === 'NY');
    await fillBilling(page, { billing_first_name: 'Ada', billing_address_1: '1 Main St', billing_city: 'Albany', billing_postcode: '12207', billing_email: 'ada@example.com' });
    await tabTo(page, '#terms');
    await page.keyboard.press('Space');
    await screenshot(page, 'checkout-filled');
    // Last name left out: the order is refused.
    await tabTo(page, '#place_order');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.woocommerce-NoticeGroup-checkout .woocommerce-error');
    await page.waitForFunction(() => document.activeElement?.matches('.woocommerce-NoticeGroup-checkout .woocommerce-error'));
    assert.match(await page.textContent('.woocommerce-NoticeGroup-checkout') ?? '', /Billing Last name/);
    assert.equal(await page.getAttribute('#billing_last_name', 'aria-invalid'), 'true');
    assert.equal(await page.getAttribute('#billing_last_name', 'aria-describedby'), 'billing_last_name_description');
    assert.match(await page.textContent('#billing_last_name_description') ?? '', /is a required field/);
    assert.ok(await page.$eval('#billing_last_name_field', (row) => row.classList.contains('woocommerce-invalid')));
    await screenshot(page, 'checkout-missing-field');
    const violations = await axeCheck(page);
    assert.deepEqual(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), [], JSON.stringify(violations, null, 2));
    assert.equal((await orders(env.demo.url)).length, 0);
    await fillBilling(page, { billing_last_name: 'Lovelace' });
    await tabTo(page, '#place_order');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkout\/order-received\/\d+\//);
    assert.match(await page.textContent('.woocommerce-thankyou-order-received') ?? '', /Thank you/);
    assert.equal((await orders(env.demo.url)).length, 1);
    await screenshot(page, 'checkout-order-received');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('typing in the state or country box highlights the first match and Enter picks it, as selectWoo does: "Illin" gives Illinois, "Germ" Germany, by keyboard alone; the order review is updated for each', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await fillCart(page, env.demo.url);
    await openCheckout(page, env.demo.url);
    assert.equal(await page.inputValue('#billing_state'), 'CA');
    // The address a state change waits for (checkout.js's required fields), typed in tab order.
    for (const [id, text] of [['billing_address_1', '1 Main St'], ['billing_city', 'Springfield'], ['billing_postcode', '62701']] as const) {
      await tabTo(page, `#${id}`);
      await page.keyboard.type(text);
    }
    await tabBackTo(page, '#billing_state-combobox');
    let before = (await requests(env.demo.url, { endpoint: 'update_order_review' })).length;
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Illin');
    await page.waitForSelector('#billing_state-listbox [role="option"]:has-text("Illinois")');
    // The shopper sees, and a screen reader hears, the option Enter will take.
    await highlighted(page, 'billing_state', 'Illinois');
    assert.equal(await page.$eval('#billing_state-listbox [role="option"][aria-selected="true"]', (li) => li.classList.contains('is-highlighted')), true);
    await screenshot(page, 'select-combobox-first-match');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#billing_state-listbox li', { state: 'detached' });
    // downshift reports the choice from an effect: in the lite flavour (Preact) that runs a frame after the list
    // closed, so the select takes the value then, not in the same task.
    await page.waitForFunction(() => (document.getElementById('billing_state') as HTMLSelectElement).value === 'IL', undefined, { timeout: HANG_MS });
    // The box shows the choice from the render that follows (the select took it in downshift's effect, before):
    // a busy machine widens that gap, so wait for what the shopper sees rather than read it in the same task.
    await page.waitForFunction(() => (document.getElementById('billing_state-combobox') as HTMLInputElement).value === 'Illinois', undefined, { timeout: HANG_MS });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'billing_state-combobox');
    await reviewUpdatedWith(page, env.demo.url, before, 'state', 'IL');
    // The country box the same way: Germany's twelve carriers replace the US rates.
    await tabBackTo(page, '#billing_country-combobox');
    before = (await requests(env.demo.url, { endpoint: 'update_order_review' })).length;
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Germ');
    await highlighted(page, 'billing_country', 'Germany');
    assert.equal(await highlightedOption(page, 'billing_country'), 'Germany');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#billing_country-listbox li', { state: 'detached' });
    await page.waitForFunction(() => (document.getElementById('billing_country') as HTMLSelectElement).value === 'DE', undefined, { timeout: HANG_MS });
    await page.waitForFunction(() => (document.getElementById('billing_country-combobox') as HTMLInputElement).value === 'Germany', undefined, { timeout: HANG_MS });
    await reviewUpdatedWith(page, env.demo.url, before, 'country', 'DE');
    await page.waitForFunction(() => document.querySelector('.woocommerce-checkout-review-order-table')?.textContent?.includes('Carrier A'));
    assert.doesNotMatch((await page.textContent('.woocommerce-checkout-review-order-table')) ?? '', /Flat rate/);
    // No match: Enter leaves the country as it is, and sends no update.
    before = (await requests(env.demo.url, { endpoint: 'update_order_review' })).length;
    await page.keyboard.press('Control+A');
    await page.keyboard.type('zzz');
    await page.waitForSelector('#billing_country-listbox .vitrine-select-combobox__empty');
    assert.equal(await page.getAttribute('#billing_country-combobox', 'aria-activedescendant'), '');
    await page.keyboard.press('Enter');
    assert.equal(await page.inputValue('#billing_country'), 'DE');
    await page.waitForFunction(() => (document.querySelector('#billing_country-combobox') as HTMLInputElement | null)?.value === 'Germany');
    await page.waitForTimeout(300);
    assert.equal((await requests(env.demo.url, { endpoint: 'update_order_review' })).length, before);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('HTTP-07 a 500 on checkout shows a clear message and leaves the button usable; the retry places exactly one order', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    await openCheckout(page, env.demo.url);
    await fillBilling(page, ADA);
    await page.check('#terms');
    await faults(env.demo.url).add({ match: 'checkout', fault: '500' });
    await page.click('#place_order');
    await page.waitForSelector('.woocommerce-NoticeGroup-checkout .woocommerce-error');
    assert.match(await page.textContent('.woocommerce-NoticeGroup-checkout') ?? '', /There was an error processing your order/);
    assert.equal(await page.$eval('form.checkout', (f) => f.classList.contains('processing') || f.hasAttribute('aria-busy')), false);
    assert.equal(await page.$eval('#place_order', (b) => (b as HTMLButtonElement).disabled), false);
    assert.equal((await orders(env.demo.url)).length, 0);
    await page.click('#place_order');
    await page.waitForURL(/order-received/);
    assert.equal((await orders(env.demo.url)).length, 1);
    await page.context().close();
  });

  it('garbage and a dropped answer: the catalogue message with the checkout error, never a redirect', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    await openCheckout(page, env.demo.url);
    await faults(env.demo.url).add({ match: 'checkout', fault: 'invalid-json' });
    await page.click('#place_order');
    await page.waitForFunction(() => document.querySelector('.woocommerce-NoticeGroup-checkout')?.textContent?.includes('The response is not a valid JSON response.'));
    await dropOnce(page, '**/?wc-ajax=checkout');
    await page.click('#place_order');
    await page.waitForFunction(() => document.querySelector('.woocommerce-NoticeGroup-checkout')?.textContent?.includes('You are probably offline.'));
    assert.ok(await sameWindow(page));
    await page.context().close();
  });

  it('a double click on Place order sends one order request', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    await openCheckout(page, env.demo.url);
    await fillBilling(page, ADA);
    await page.check('#terms');
    await faults(env.demo.url).add({ match: 'checkout', fault: 'latency:500' });
    await page.dblclick('#place_order');
    await page.waitForURL(/order-received/);
    const sent = await requests(env.demo.url, { endpoint: 'checkout' });
    assert.equal(sent.length, 1, JSON.stringify(sent.map((r) => [r.time, r.fault, r.status])));
    assert.equal((await orders(env.demo.url)).length, 1);
    await page.context().close();
  });

  /** The shopper's click on the spot where `selector` is, whatever lies on top of it. */
  async function clickWhereItIs(page: Page, selector: string): Promise<void> {
    await page.locator(selector).evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = await page.locator(selector).boundingBox();
    assert.ok(box, `${selector} is on screen`);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  /** A filled-in checkout, terms ticked and the review settled; the next order review update answers 1.5 s late. */
  async function readyToPlaceBeforeASlowUpdate(base: string): Promise<Page> {
    const page = await newPage(env.browser);
    await fillCart(page, base);
    await openCheckout(page, base);
    await fillBilling(page, ADA);
    await page.check('#terms');
    await page.waitForFunction(() => !document.querySelector('.woocommerce-checkout-payment[aria-busy]'));
    await faults(base).add({ match: 'update_order_review', fault: 'latency:1500', times: 1 });
    return page;
  }

  it('Place order clicked while the update for a new state is on its way (the review greyed): the order goes once the update lands, with the total unchanged', async () => {
    const page = await readyToPlaceBeforeASlowUpdate(env.demo.url);
    // The state box is the combobox's; its select is what the checkout listens to.
    await page.$eval('#billing_state', (select) => {
      (select as HTMLSelectElement).value = 'CA';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.waitForSelector('.woocommerce-checkout-payment[aria-busy="true"]');
    // A pointer click where the greyed button is (checkout.js's overlay would have taken it, and the shopper pressed for
    // nothing), not Playwright's click, which waits until the button takes pointer events again.
    await clickWhereItIs(page, '#place_order');
    assert.equal((await requests(env.demo.url, { endpoint: 'checkout' })).length, 0, 'no order before the update has landed');
    await page.waitForURL(/order-received/);
    assert.equal((await requests(env.demo.url, { endpoint: 'checkout' })).length, 1);
    assert.equal((await orders(env.demo.url)).length, 1);
    await page.context().close();
  });

  it('Place order clicked while the update for a new country is on its way, which changes the shipping: no order, the new total said and focused', async () => {
    const page = await readyToPlaceBeforeASlowUpdate(env.demo.url);
    await setCountry(page, 'GB');
    await page.waitForSelector('.woocommerce-checkout-payment[aria-busy="true"]');
    await clickWhereItIs(page, '#place_order');
    const notice = page.locator('.woocommerce-NoticeGroup-checkout .woocommerce-info');
    await notice.waitFor();
    const total = (await page.textContent('.order-total td .amount'))?.trim() ?? '';
    assert.match(total, /\d/);
    assert.equal((await notice.textContent())?.trim(), `Your order total is now ${total}. Check your order, then place it again.`);
    assert.equal(await notice.evaluate((element) => element === document.activeElement), true, 'the notice has the focus');
    assert.match((await page.textContent('.woocommerce-checkout-review-order-table')) ?? '', /International/);
    assert.equal((await requests(env.demo.url, { endpoint: 'checkout' })).length, 0);
    assert.equal((await orders(env.demo.url)).length, 0);
    await screenshot(page, 'checkout-total-changed');
    await page.context().close();
  });

  it('a slow update answer overtaken by a newer one is dropped: the review shows the last country', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    await openCheckout(page, env.demo.url);
    await faults(env.demo.url).add({ match: 'update_order_review', fault: 'latency:1500' });
    await setCountry(page, 'AT');
    await page.waitForTimeout(100);
    await setCountry(page, 'GB');
    await page.waitForFunction(() => document.querySelector('.woocommerce-checkout-review-order-table')?.textContent?.includes('International'));
    await page.waitForTimeout(1800);
    assert.match(await page.textContent('.woocommerce-checkout-review-order-table') ?? '', /International/);
    await page.context().close();
  });

  it('the payment choice and its description survive an update; the order button follows the gateway', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    await openCheckout(page, env.demo.url);
    assert.equal(await page.isVisible('.payment_box.payment_method_bacs'), false);
    await page.check('#payment_method_bacs');
    assert.equal(await page.isVisible('.payment_box.payment_method_bacs'), true);
    assert.equal(await page.isVisible('.payment_box.payment_method_cheque'), false);
    assert.equal((await page.textContent('#place_order'))?.trim(), 'Place order and show bank details');
    await setCountry(page, 'GB');
    await page.waitForFunction(() => document.querySelector('.woocommerce-checkout-review-order-table')?.textContent?.includes('International'));
    assert.equal(await page.isChecked('#payment_method_bacs'), true);
    assert.equal(await page.isVisible('.payment_box.payment_method_bacs'), true);
    await page.context().close();
  });

  it("a gateway's script inside the payment box runs each time an update draws the box again, as checkout.js's replaceWith runs it; a template script stays data", async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    let answers = 0;
    await page.route(
      (url) => url.searchParams.get('wc-ajax') === 'update_order_review',
      async (route) => {
        const response = await route.fetch();
        const answer = (await response.json()) as { fragments?: Record<string, string> };
        const key = '.woocommerce-checkout-payment';
        const box = answer.fragments?.[key];
        if (box && answer.fragments) {
          answers += 1;
          // The gateway marks the box it set up with the answer's number; a client-side template beside it is not code.
          const setup = `<script>document.currentScript.closest('${key}').dataset.gatewaySetUp = '${answers}';</script>`;
          const template = '<script type="text/x-template">window.templateRan = true;</script>';
          const at = box.lastIndexOf('</');
          answer.fragments[key] = `${box.slice(0, at)}${setup}${template}${box.slice(at)}`;
        }
        await route.fulfill({ response, body: JSON.stringify(answer) });
      },
    );
    await fillCart(page, env.demo.url);
    await openCheckout(page, env.demo.url);
    const setUp = () => page.evaluate(() => document.querySelector<HTMLElement>('.woocommerce-checkout-payment')?.dataset.gatewaySetUp);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.woocommerce-checkout-payment')?.dataset.gatewaySetUp);
    const before = answers;
    await setCountry(page, 'GB');
    await page.waitForFunction(() => document.querySelector('.woocommerce-checkout-review-order-table')?.textContent?.includes('International'));
    await page.waitForFunction((n) => document.querySelector<HTMLElement>('.woocommerce-checkout-payment')?.dataset.gatewaySetUp === String(n), answers);
    assert.ok(answers > before, 'the country change drew the payment box again');
    assert.equal(await setUp(), String(answers));
    assert.equal(await page.evaluate(() => (window as { templateRan?: boolean }).templateRan), undefined);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('ship to a different address, create account, coupon (refused, then applied) and login toggles', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    await openCheckout(page, env.demo.url);
    assert.equal(await page.isVisible('div.shipping_address'), false);
    await page.check('#ship-to-different-address-checkbox');
    assert.equal(await page.isVisible('div.shipping_address'), true);
    assert.equal(await page.isVisible('div.create-account'), false);
    await page.check('#createaccount');
    assert.equal(await page.isVisible('div.create-account'), true);
    await page.click('a.showlogin');
    assert.equal(await page.isVisible('form.login'), true);
    await page.click('a.showcoupon');
    assert.equal(await page.getAttribute('a.showcoupon', 'aria-expanded'), 'true');
    // A refused code first: its message beside the field, in the danger colour even where the shop's stylesheet has no
    // rule for it (WooCommerce before 9.4 showed it as a notice above the form).
    await page.fill('form.checkout_coupon #coupon_code', 'nope');
    await page.click('form.checkout_coupon button[name="apply_coupon"]');
    const refusal = page.locator('form.checkout_coupon .coupon-error-notice');
    await refusal.waitFor();
    const [colour, danger] = await refusal.evaluate((el) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--vitrine-danger)';
      el.after(probe);
      const colours = [getComputedStyle(el).color, getComputedStyle(probe).color];
      probe.remove();
      return colours;
    });
    assert.equal(colour, danger);
    await page.fill('form.checkout_coupon #coupon_code', 'take10');
    await page.click('form.checkout_coupon button[name="apply_coupon"]');
    await page.waitForFunction(() => document.querySelector('.woocommerce-checkout-review-order-table')?.textContent?.includes('Coupon: take10'));
    await page.click('.woocommerce-checkout-review-order-table .woocommerce-remove-coupon');
    await page.waitForFunction(() => !document.querySelector('.woocommerce-checkout-review-order-table')?.textContent?.includes('Coupon: take10'));
    await page.context().close();
  });

  it('with jQuery on the page, gateways still hear init_checkout, updated_checkout, payment_method_selected and checkout_error, and update_checkout from them is obeyed', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    // The gateway's listeners are on before the checkout's code runs, as a gateway's script printed in the page is:
    // attached after the load event, they could miss the first updated_checkout on a busy machine.
    const release = await openBeforeCode(page, `${env.demo.url}checkout/?jquery`, 'checkout');
    await page.evaluate(() => {
      const events: string[] = [];
      Object.assign(window, { __events: events });
      const $ = (window as unknown as { jQuery: (t: unknown) => { on: (n: string, f: (e: { type: string }) => void) => void } }).jQuery;
      $(document.body).on('init_checkout updated_checkout payment_method_selected checkout_error update_checkout country_to_state_changed', (e) => events.push(e.type));
    });
    release();
    await widgetsMounted(page, ['checkout']);
    await page.waitForFunction(() => ((window as { __events?: string[] }).__events ?? []).includes('updated_checkout'));
    const before = (await requests(env.demo.url, { endpoint: 'update_order_review' })).length;
    await page.evaluate(() => (window as unknown as { jQuery: (t: unknown) => { trigger: (n: string) => void } }).jQuery(document.body).trigger('update_checkout'));
    await page.waitForFunction((n) => fetch('/__vitrine/requests').then((r) => r.json()).then((list: { endpoint: string }[]) => list.filter((r) => r.endpoint === 'update_order_review').length > n), before);
    await page.check('#payment_method_bacs');
    await page.click('#place_order');
    await page.waitForFunction(() => ((window as { __events?: string[] }).__events ?? []).includes('checkout_error'));
    const events = await page.evaluate(() => (window as { __events?: string[] }).__events ?? []);
    for (const name of ['updated_checkout', 'payment_method_selected', 'checkout_error', 'update_checkout']) assert.ok(events.includes(name), `${name} in ${events.join(', ')}`);
    await page.context().close();
  });
});

describe('the genuine captures', () => {
  const env = withDemo({ reset: true });

  for (const [file, widgets] of [
    ['cart.html', ['cart-page']],
    ['checkout.html', ['checkout', 'address-fields', 'select-combobox']],
  ] as const) {
    it(`mount on ${file} with no failed widget and no uncaught error; the state field follows the country`, async () => {
      const page = await newPage(env.browser);
      const uncaught: string[] = [];
      page.on('pageerror', (error) => uncaught.push(String(error)));
      await page.goto(`${env.demo.url}captures/${file}`);
      await widgetsMounted(page, [...widgets]);
      const failed = await page.evaluate(() => window.vitrine!.report().filter((row) => row.state === 'failed').map((row) => `${row.widget}: ${row.reason}`));
      assert.deepEqual(failed, []);
      if (file === 'checkout.html') {
        // The capture's nonces are stale: update_order_review is refused (-1), which the shopper is told.
        await page.waitForSelector('.woocommerce-NoticeGroup-updateOrderReview .woocommerce-error');
        await setCountry(page, 'GB');
        await page.waitForFunction(() => (document.querySelector('#billing_state') as HTMLInputElement | null)?.type === 'text');
        assert.match((await page.textContent('label[for="billing_state"]')) ?? '', /County/);
      }
      assert.deepEqual(uncaught, []);
      await page.context().close();
    });
  }
});

describe('checkout before its code arrives', () => {
  const env = withDemo({ reset: true });

  it('Place order pressed at DOMContentLoaded is held and sent once by ajax: one refusal, no page post', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    const release = await openBeforeCode(page, `${env.demo.url}checkout/`);
    await page.evaluate(() => Object.assign(window, { __sameWindow: true }));
    await page.click('#place_order');
    release();
    await page.waitForSelector('.woocommerce-NoticeGroup-checkout .woocommerce-error', { timeout: HANG_MS });
    assert.ok(await sameWindow(page), 'the server form was not posted');
    assert.equal((await requests(env.demo.url, { endpoint: 'checkout' })).length, 1);
    assert.equal((await requests(env.demo.url, { pathPrefix: '/checkout/' })).filter((r) => r.method === 'POST').length, 0);
    await page.context().close();
  });
  it('a double press on Place order before the code arrives places one order, and the shopper lands on it', async () => {
    const page = await newPage(env.browser);
    await fillCart(page, env.demo.url);
    const release = await openBeforeCode(page, `${env.demo.url}checkout/`);
    await fillBilling(page, ADA);
    await page.check('#terms');
    await page.dblclick('#place_order');
    release();
    await page.waitForURL(/order-received/, { timeout: HANG_MS });
    assert.equal((await requests(env.demo.url, { endpoint: 'checkout' })).length, 1);
    assert.equal((await orders(env.demo.url)).length, 1);
    await page.context().close();
  });
});
