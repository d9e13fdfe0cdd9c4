import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { axeCheck, collectErrors, faults, newPage, requests, screenshot, withDemo } from './harness.ts';

// The variation form in Chromium against the reference backend and the built bundle (npx vite build first).

const TEXTS = {
  makeASelection: 'Please select some product options before adding this product to your cart.',
  unavailable: 'Sorry, this product is unavailable. Please choose a different combination.',
  reset: 'Your selection has been reset. Please select some product options before adding this product to your cart.',
};

const env = withDemo({ reset: true });

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await newPage(env.browser);
  const errors = collectErrors(page);
  await page.goto(new URL(path, env.demo.url).href);
  await page.waitForSelector('form.variations_form .single_add_to_cart_button.wc-variation-selection-needed');
  return { page, errors };
}

/**
 * The next alert() text; the dialog is accepted. Awaited with the page's hang deadline (waitForEvent), so a click
 * that opens no alert fails the test instead of leaving the run waiting for ever (it once held a CI run 10 minutes).
 */
function nextDialog(page: Page): Promise<string> {
  const opened = page.waitForEvent('dialog');
  page.once('dialog', (dialog) => void dialog.accept());
  return opened.then((dialog) => dialog.message());
}

const mainImageSrc = (page: Page) => page.locator('.woocommerce-product-gallery__image img').first().getAttribute('src');
const buttonClass = (page: Page) => page.locator('.single_add_to_cart_button').getAttribute('class');

async function choose(page: Page, choices: Record<string, string>): Promise<void> {
  for (const [id, value] of Object.entries(choices)) await page.selectOption(`select#${id}`, value, { force: true });
}

describe('variation form, embedded variations (Variable Tee)', () => {
  test('VAR-02 VAR-03 VAR-08 choosing colour and size shows price and availability, enables the button and swaps the image; VAR-06 reset restores and announces', async () => {
    const { page, errors } = await open('/product/variable-tee/');
    const original = await mainImageSrc(page);
    await choose(page, { pa_color: 'blue', pa_size: 'small' });
    await page.waitForSelector('.single_variation .woocommerce-variation-price');
    assert.match((await page.locator('.single_variation .woocommerce-variation-price').textContent()) ?? '', /18\.00/);
    assert.doesNotMatch((await buttonClass(page)) ?? '', /disabled/);
    assert.equal(await page.inputValue('input[name=variation_id]'), '15');
    await page.waitForFunction(() => document.querySelector('.woocommerce-product-gallery__image img')?.getAttribute('src')?.includes('blue'));
    assert.notEqual(await mainImageSrc(page), original);
    await screenshot(page, 'variation-form-blue-small');

    await page.click('.reset_variations');
    await page.waitForFunction((src) => document.querySelector('.woocommerce-product-gallery__image img')?.getAttribute('src') === src, original);
    assert.equal(await page.locator('.reset_variations_alert').textContent(), TEXTS.reset);
    assert.equal(await page.inputValue('select#pa_color'), '');
    assert.match((await buttonClass(page)) ?? '', /wc-variation-selection-needed/);
    assert.equal(await page.locator('.reset_variations').isVisible(), false);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('VAR-03 ATC-12 the out-of-stock combination is marked unavailable and its click alerts the unavailable text', async () => {
    const { page } = await open('/product/variable-tee/');
    await choose(page, { pa_color: 'blue', pa_size: 'medium' });
    await page.waitForSelector('.single_add_to_cart_button.wc-variation-is-unavailable');
    await page.waitForSelector('.single_variation .out-of-stock');
    const dialog = nextDialog(page);
    // aria-disabled, not disabled: the shopper can still click it to learn why.
    await page.click('.single_add_to_cart_button', { force: true });
    assert.equal(await dialog, TEXTS.unavailable);
    assert.equal(new URL(page.url()).pathname, '/product/variable-tee/');
    await screenshot(page, 'variation-form-out-of-stock');
    await page.context().close();
  });

  test('VAR-01 ATC-12 add to cart with nothing chosen alerts the make-a-selection text and posts nothing', async () => {
    const { page } = await open('/product/variable-tee/');
    const dialog = nextDialog(page);
    await page.click('.single_add_to_cart_button', { force: true });
    assert.equal(await dialog, TEXTS.makeASelection);
    // The disabled button stays in the tab order and explains itself from the keyboard too.
    await page.focus('.single_add_to_cart_button');
    const keyboardDialog = nextDialog(page);
    await page.keyboard.press('Enter');
    assert.equal(await keyboardDialog, TEXTS.makeASelection);
    const posts = await requests(env.demo.url, { pathPrefix: '/product/variable-tee/' });
    assert.equal(posts.filter((r) => r.method === 'POST').length, 0);
    await page.context().close();
  });

  test('ATC-01 adding the chosen variation puts it in the mini cart with its attributes, without a page load', async () => {
    const { page } = await open('/product/variable-tee/');
    await choose(page, { pa_color: 'red', pa_size: 'medium' });
    await page.waitForSelector('.single_add_to_cart_button:not(.disabled)');
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await page.click('.single_add_to_cart_button');
    const miniCart = page.locator('.widget_shopping_cart_content');
    await miniCart.locator('.woocommerce-mini-cart-item').first().waitFor();
    await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-message');
    assert.equal(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage), true);
    // The choice stays, ready for another add.
    assert.equal(await page.inputValue('input[name=variation_id]'), '14');
    const text = (await miniCart.textContent()) ?? '';
    assert.match(text, /Variable Tee/);
    assert.match(text, /Red/i);
    assert.match(text, /Medium/i);
    await screenshot(page, 'variation-form-added');
    await page.context().close();
  });

  test('keyboard only: choose a variation and add it to the cart', async () => {
    const { page } = await open('/product/variable-tee/');
    await page.focus('select#pa_color');
    await page.keyboard.press('ArrowDown'); // Red
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'pa_size');
    await page.keyboard.press('ArrowDown'); // Small
    await page.waitForSelector('.single_add_to_cart_button:not(.disabled)');
    assert.equal(await page.inputValue('input[name=variation_id]'), '13');
    // Clear link, quantity, then the button.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'reset_variations');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.match(await page.evaluate(() => document.activeElement?.className ?? ''), /single_add_to_cart_button/);
    await screenshot(page, 'variation-form-keyboard-focus');
    await page.keyboard.press('Enter');
    await page.locator('.widget_shopping_cart_content .woocommerce-mini-cart-item').first().waitFor();
    assert.match((await page.locator('.widget_shopping_cart_content').textContent()) ?? '', /Variable Tee/);
    await page.context().close();
  });

  test('axe: no serious or critical violation with a variation chosen', async () => {
    const { page } = await open('/product/variable-tee/');
    await choose(page, { pa_color: 'blue', pa_size: 'small' });
    await page.waitForSelector('.single_variation .woocommerce-variation-price');
    const violations = await axeCheck(page);
    assert.deepEqual(
      violations.map((v) => `${v.id}: ${v.nodes.join(', ')}`),
      [],
    );
    await page.context().close();
  });
});

describe('variation form, ajax mode (Trail Sneaker, 240 variations)', () => {
  test('VAR-10 get_variation is asked once every attribute is chosen; the answer shows like an embedded one', async () => {
    const { page } = await open('/product/trail-sneaker/');
    await choose(page, { pa_color: 'red', 'shoe-size': '42' });
    await page.waitForTimeout(100);
    assert.equal((await requests(env.demo.url, { endpoint: 'get_variation' })).length, 0);
    await choose(page, { width: 'Regular' });
    await page.waitForSelector('.single_variation .woocommerce-variation-price');
    assert.match((await page.locator('.single_variation .woocommerce-variation-price').textContent()) ?? '', /65/);
    assert.doesNotMatch((await buttonClass(page)) ?? '', /disabled/);
    const sent = await requests(env.demo.url, { endpoint: 'get_variation' });
    assert.equal(sent.length, 1);
    await screenshot(page, 'variation-form-ajax-found');

    await choose(page, { pa_color: 'white', 'shoe-size': '44', width: 'Wide' });
    await page.waitForSelector('.single_add_to_cart_button.wc-variation-is-unavailable');
    // The shopper presses once the "Out of stock" notice is there: it shows 300 ms after the answer, above the button,
    // and pushes the button down (a press aimed before that lands where the button was).
    await page.waitForSelector('.single_variation .stock.out-of-stock');
    const dialog = nextDialog(page);
    await page.click('.single_add_to_cart_button', { force: true });
    assert.equal(await dialog, TEXTS.unavailable);
    await page.context().close();
  });

  test("VAR-04 VAR-10 a combination the shop does not sell: the no-match message shows on screen under WooCommerce's stylesheet, which hides it until a script shows it", async () => {
    const { page } = await open('/product/trail-sneaker/');
    // woocommerce.css (every release): `.woocommerce div.product form.cart .wc-no-matching-variations { display: none }`.
    await page.addStyleTag({ content: 'div.product form.cart .wc-no-matching-variations { display: none; }' });
    // WooCommerce's answer for a combination no variation has.
    await page.route(/[?&]wc-ajax=get_variation/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: 'false' }));
    await choose(page, { pa_color: 'red', 'shoe-size': '42', width: 'Regular' });
    const message = page.locator('.wc-no-matching-variations');
    await message.waitFor({ state: 'visible' });
    assert.match((await message.textContent()) ?? '', /no products matched/i);
    await page.context().close();
  });

  test('a failing get_variation shows a visible message and the form keeps working', async () => {
    const { page, errors } = await open('/product/trail-sneaker/');
    await faults(env.demo.url).add({ match: 'get_variation', fault: '500' });
    await choose(page, { pa_color: 'red', 'shoe-size': '42', width: 'Regular' });
    await page.waitForSelector('div[role=alert] > p.wc-variation-lookup-error');
    assert.equal(await page.locator('form.variations_form').getAttribute('aria-busy'), null);
    await screenshot(page, 'variation-form-ajax-error');
    await choose(page, { width: 'Wide' });
    await choose(page, { width: 'Regular' });
    await page.waitForSelector('.single_add_to_cart_button:not(.disabled)');
    assert.equal(await page.locator('.wc-variation-lookup-error').count(), 0);
    assert.ok(errors.length > 0, 'the failure is logged to the console');
    await page.context().close();
  });
});

describe('variation form on the genuine captures', () => {
  test('product-variable.html: choosing a variation sets its id, price and button', async () => {
    const { page } = await open('/captures/product-variable.html');
    await choose(page, { pa_color: 'red', pa_size: 'small' });
    await page.waitForSelector('.single_variation .woocommerce-variation-price');
    assert.equal(await page.inputValue('input[name=variation_id]'), '13');
    assert.match((await page.locator('.single_variation').textContent()) ?? '', /20\.00/);
    assert.doesNotMatch((await buttonClass(page)) ?? '', /disabled/);
    await screenshot(page, 'variation-form-capture-variable');
    await page.context().close();
  });

  test('product-variable-many.html: ajax mode asks get_variation and shows the answer', async () => {
    const { page } = await open('/captures/product-variable-many.html');
    await choose(page, { pa_color: 'red', 'shoe-size': '42', width: 'Regular' });
    await page.waitForSelector('.single_variation .woocommerce-variation-price');
    assert.equal((await requests(env.demo.url, { endpoint: 'get_variation' })).length, 1);
    assert.notEqual(await page.inputValue('input[name=variation_id]'), '0');
    await screenshot(page, 'variation-form-capture-many');
    await page.context().close();
  });
});
