import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ENTRY, entryClosure, LITE_ENTRY, staticClosure, widgetChunk } from '../../scripts/chunks.ts';
import { collectErrors, delayChunks, faults, HANG_MS, holdChunks, newPage, openBeforeCode, withDemo } from './harness.ts';

// A shopper who acts as soon as the page shows, on a slow phone or network: the entry has run but the
// widgets' code (every chunk) is still on the way. Every test acts at DOMContentLoaded, never waiting
// for `vitrine.report()`, and checks that nothing the shopper did was lost or done twice. The code is
// held until the shopper has acted (openBeforeCode), so that order holds however busy the machine is.

const DIST = '/wp-content/plugins/vitrine/dist/';

/** Items in every cart the backend holds (each test starts from empty carts). */
async function cartItems(base: string): Promise<{ product_id: number; variation_id?: number; quantity: number }[]> {
  const state = (await (await fetch(new URL('/__vitrine/state', base))).json()) as {
    sessions: { items: { product_id: number; variation_id?: number; quantity: number }[] }[];
  };
  return state.sessions.flatMap((session) => session.items);
}

const _totalQuantity = (items: { quantity: number }[]) => items.reduce((sum, item) => sum + item.quantity, 0);

/** Marks the window: the mark is gone if the browser navigated or reloaded. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { __sameWindow: true }));
const sameWindow = (page: Page) => page.evaluate(() => (window as { __sameWindow?: boolean }).__sameWindow === true);

describe('actions before the widgets mount (their code held until the shopper has acted)', () => {
  const env = withDemo({ reset: true });

  it('ATC-01 ATC-03 five quick listing clicks at DOMContentLoaded are five adds, no page load, a view-cart link', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    // What the first listing button shows, state by state: busy (the `loading` spinner) or idle, and "added".
    // A string, not a function: the test runner's transform would add helpers the page does not have.
    await page.addInitScript(`
      window.__buttonStates = [];
      new MutationObserver(() => {
        const button = document.querySelector('a.ajax_add_to_cart[data-product_id]');
        const state = (button.classList.contains('loading') ? 'busy' : 'idle') + (button.classList.contains('added') ? ' added' : '');
        if (window.__buttonStates.at(-1) !== state) window.__buttonStates.push(state);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });`);
    const release = await openBeforeCode(page, `${env.demo.url}shop/`);
    await markWindow(page);
    const button = page.locator('a.ajax_add_to_cart[data-product_id]').first();
    const id = Number(await button.getAttribute('data-product_id'));
    for (let i = 0; i < 5; i++) await button.click({ delay: 0 });
    release();
    // The View cart link waits for the pointer to leave the button: the shopper moves on.
    await page.mouse.move(1, 1);
    await page.waitForSelector('a.added_to_cart.wc-forward', { timeout: HANG_MS });
    await page.waitForFunction(() => !document.querySelector('a.ajax_add_to_cart.loading'), undefined, { timeout: HANG_MS });
    const items = await cartItems(env.demo.url);
    assert.deepEqual(
      items.map((item) => [item.product_id, item.quantity]),
      [[id, 5]],
    );
    // Busy from the first click until the fifth add is in: never idle, nor "added" and idle, in between (the five
    // held clicks replay back to back, so the button's queue holds all five at once).
    const recorded = await page.evaluate(() => (window as unknown as { __buttonStates: string[] }).__buttonStates);
    const states = recorded.slice(recorded.indexOf('busy'));
    assert.deepEqual(
      states.filter((state) => state.startsWith('idle')),
      ['idle added'],
      `the button looked done before the last add: ${states.join(' → ')}`,
    );
    assert.equal(states.at(-1), 'idle added');
    assert.ok(await sameWindow(page), 'the page navigated: a click followed the ?add-to-cart= link');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('ATC-01 VAR-03 colour and size chosen and Add to cart pressed at once: the variation is added, no page load', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    const release = await openBeforeCode(page, `${env.demo.url}product/variable-tee/`);
    await markWindow(page);
    await page.selectOption('select#pa_color', 'blue');
    await page.selectOption('select#pa_size', 'small');
    await page.click('.single_add_to_cart_button');
    release();
    await page.waitForFunction(() => document.querySelector('.woocommerce-message')?.textContent?.includes('added to your cart'), undefined, {
      timeout: HANG_MS,
    });
    const items = await cartItems(env.demo.url);
    assert.deepEqual(
      items.map((item) => [item.variation_id, item.quantity]),
      [[15, 1]],
    );
    assert.equal(await page.locator('.woocommerce-error').count(), 0);
    assert.ok(await sameWindow(page), 'the form was posted with a page load instead of by ajax');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it("VAR-03 SWT-01 two swatches held, the first replayed without the variation form (its code later than the hold's limit), then Add to cart: the add waits for the second swatch, not sent without the size", async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    // What the product form posts: WooCommerce refuses a variable product's add without its variation_id (the demo's
    // handler would find the variation from the attributes alone).
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/variable-tee/')) posted.push(request.postData() ?? '');
    });
    const releaseForm = await holdChunks(page, 'variation-form');
    const releaseSwatches = await holdChunks(page, 'swatches');
    await page.goto(`${env.demo.url}swatches/product/variable-tee/`, { waitUntil: 'domcontentloaded' });
    await markWindow(page);
    const option = (attribute: string, slug: string) => `[swatches-attr="${attribute}"] .cfvsw-swatches-option[data-slug="${slug}"]`;
    await page.click(option('attribute_pa_color', 'blue'));
    await page.click(option('attribute_pa_size', 'small'));
    // The swatches come; the variation form does not, past the hold's limit: the first swatch is replayed on the
    // swatches alone, and the second waits for the variation form in its turn.
    releaseSwatches();
    await page.waitForFunction(() => (document.querySelector('select#pa_color') as HTMLSelectElement | null)?.value === 'blue', undefined, { timeout: HANG_MS });
    assert.equal(await page.locator('select#pa_size').inputValue(), '', 'the size swatch was replayed before the test could press');
    // The shopper sees the colour chosen and presses Add to cart (the button is the server's, not yet disabled).
    await page.click('.single_add_to_cart_button');
    await page.waitForTimeout(300);
    releaseForm();
    await page.waitForFunction(() => document.querySelector('.woocommerce-message, .woocommerce-error'), undefined, { timeout: HANG_MS });
    assert.deepEqual(await page.locator('.woocommerce-error').allTextContents(), [], 'the add was refused');
    const items = await cartItems(env.demo.url);
    assert.deepEqual(
      items.map((item) => [item.variation_id, item.quantity]),
      [[15, 1]],
    );
    assert.equal(posted.length, 1, 'one add posted');
    assert.match(posted[0]!, /name="variation_id"\r\n\r\n15\r\n|(^|&)variation_id=15(&|$)/, 'the add was posted without its variation_id');
    assert.ok(await sameWindow(page), 'the form was posted with a page load instead of by ajax');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('GAL-01 a gallery click at DOMContentLoaded opens the lightbox (not the image file); Escape at once closes it', async () => {
    const page = await newPage(env.browser);
    const release = await openBeforeCode(page, `${env.demo.url}product/simple-mug/`);
    await markWindow(page);
    await page.click('.woocommerce-product-gallery__image a');
    release();
    await page.waitForSelector('.pswp', { state: 'visible', timeout: HANG_MS });
    await page.keyboard.press('Escape');
    await page.waitForSelector('.pswp', { state: 'detached', timeout: HANG_MS });
    assert.ok(await sameWindow(page), 'the click followed the link to the image file');
    await page.context().close();
  });

  it('SRC-01 text typed into the search field before instant search mounts is kept, with focus; no hidden copy of the form stays', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    const release = await openBeforeCode(page, `${env.demo.url}search/`);
    await page.focus('.vitrine-demo-header-search .search-field');
    await page.keyboard.type('ston', { delay: 30 });
    release();
    await page.waitForSelector('.vitrine-demo-header-search input[role="combobox"]', { timeout: HANG_MS });
    // Typing goes on in the live field: the caret and focus were carried over.
    await page.keyboard.type('e', { delay: 30 });
    const live = page.locator('.vitrine-demo-header-search input[role="combobox"]');
    assert.equal(await live.inputValue(), 'stone');
    assert.ok(await live.evaluate((input) => input === document.activeElement));
    assert.equal(await page.locator('.vitrine-demo-header-search .search-field').count(), 1, 'the server form is still in the document');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('ATC-01 when the add-to-cart chunk cannot be fetched, five held clicks run the link once, asking for five: five items, one page load', async () => {
    const widgets = `${DIST}${process.env.VITRINE_FLAVOUR === 'lite' ? 'lite/' : ''}widgets/`;
    await faults(env.demo.url).add({ match: `${widgets}add-to-cart-`, fault: '500', times: 1 });
    const page = await newPage(env.browser);
    const linksFollowed: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).searchParams.has('add-to-cart')) linksFollowed.push(request.url());
    });
    const release = await openBeforeCode(page, `${env.demo.url}shop/`);
    const button = page.locator('a.ajax_add_to_cart[data-product_id]').first();
    const id = Number(await button.getAttribute('data-product_id'));
    await markWindow(page);
    for (let i = 0; i < 5; i++) await button.click({ delay: 0 });
    release();
    await page.waitForFunction(() => !(window as { __sameWindow?: boolean }).__sameWindow, undefined, { timeout: HANG_MS });
    await page.waitForLoadState('load');
    const items = await cartItems(env.demo.url);
    assert.deepEqual(
      items.map((item) => [item.product_id, item.quantity]),
      [[id, 5]],
    );
    assert.equal(linksFollowed.length, 1, `links followed: ${linksFollowed.join(', ')}`);
    assert.equal(new URL(linksFollowed[0]!).searchParams.get('quantity'), '5');
    await page.context().close();
  });
});

describe('markup replaced while a held action waits for its code', () => {
  const env = withDemo({ reset: true });
  const miniCartLines = '.widget_shopping_cart_content .woocommerce-mini-cart-item';

  // On a freshly loaded page the cart fragments are fetched again and the mini cart replaced, often before a slow
  // phone has the remove link's code: the held click must act on the link now in the page, not on the one it left.
  it('MCR-01 a mini-cart removal pressed before its code comes, then the mini cart replaced by fresh fragments: the line is removed, no page load', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await page.goto(`${env.demo.url}shop/`);
    await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'add-to-cart' && row.state === 'mounted'), undefined, { timeout: HANG_MS });
    const buttons = page.locator('a.ajax_add_to_cart[data-product_id]');
    for (const n of [0, 1]) {
      await buttons.nth(n).click();
      await page.waitForFunction((count) => document.querySelectorAll('.widget_shopping_cart_content .woocommerce-mini-cart-item').length === count, n + 1, { timeout: HANG_MS });
    }
    const release = await openBeforeCode(page, `${env.demo.url}shop/`, 'mini-cart-remove');
    await markWindow(page);
    const served = await page.locator('div.widget_shopping_cart_content').evaluate((content) => content.outerHTML);
    const removed = await page.locator(`${miniCartLines} .remove_from_cart_button`).first().getAttribute('data-product_id');
    await page.locator(`${miniCartLines} .remove_from_cart_button`).first().click();
    // What a fragments refresh does: the mini cart's markup, as the server renders it, in place of the old.
    await page.evaluate((html) => {
      const content = document.querySelector('div.widget_shopping_cart_content')!;
      const fresh = document.createElement('div');
      fresh.innerHTML = html;
      content.replaceWith(fresh.firstElementChild!);
    }, served);
    release();
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, miniCartLines, { timeout: HANG_MS });
    assert.deepEqual(
      (await cartItems(env.demo.url)).map((item) => String(item.product_id)).includes(String(removed)),
      false,
      'the removed product is still in the cart',
    );
    assert.equal((await cartItems(env.demo.url)).length, 1);
    assert.ok(await sameWindow(page), 'the removal followed the ?remove_item= link: a page load');
    assert.equal(await page.locator('.widget_shopping_cart_content .loading, .widget_shopping_cart_content [aria-busy]').count(), 0, 'a control still shows busy');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});

describe('a control the shopper is on when its widget takes it over (its code held until then)', () => {
  const env = withDemo({ reset: true });

  it('the focus stays on the field when the combobox takes the select over, and the country typed there is chosen', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    // An item in the cart (an empty checkout sends the shopper to the cart), added without loading a page.
    await page.context().request.get(`${env.demo.url}?add-to-cart=10`);
    const release = await openBeforeCode(page, `${env.demo.url}checkout/`, 'select-combobox');
    await page.focus('#billing_country');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'billing_country', 'the shopper is on the select before the combobox comes');
    release();
    await page.waitForSelector('#billing_country-combobox', { timeout: HANG_MS });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'billing_country-combobox', 'the focus fell off the field when the select was hidden');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('united k');
    await page.waitForSelector('#billing_country-listbox [role="option"]:has-text("United Kingdom")');
    await page.keyboard.press('ArrowDown');
    // Enter once the option is highlighted, as a shopper sees it (the lite flavour renders a beat later).
    await page.waitForSelector('#billing_country-listbox [role="option"][aria-selected="true"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('#billing_country')?.value === 'GB');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('a shopper typing into the country select when its box comes keeps the select until they pause: "Canad" all reaches its type-ahead (Canada, not Denmark), then the box takes over showing Canada', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await page.context().request.get(`${env.demo.url}?add-to-cart=10`);
    const release = await openBeforeCode(page, `${env.demo.url}checkout/`, 'select-combobox');
    await page.focus('#billing_country');
    release();
    // The box's code has come: the box is there, waiting for the shopper on the select to pause.
    await page.waitForSelector('#billing_country-combobox', { state: 'attached', timeout: HANG_MS });
    // Chromium's own type-ahead on the select, still the control: every letter goes to it.
    await page.keyboard.type('Canad', { delay: 50 });
    assert.equal(await page.locator('#billing_country').inputValue(), 'CA', 'the type-ahead of the native select chose Canada');
    assert.equal(await page.locator('#billing_country-combobox').inputValue(), 'Canada', 'no letter went into the box while the shopper was typing in the select');
    assert.equal(await page.locator('#billing_country_field .vitrine-select-combobox').isVisible(), false, 'the box shows beside the select the shopper is typing in');
    // A second after the last letter the box takes over, with the focus and the choice's name selected.
    await page.waitForFunction(() => document.activeElement?.id === 'billing_country-combobox', undefined, { timeout: HANG_MS });
    assert.equal(await page.locator('#billing_country').isVisible(), false, 'the select shows beside its box');
    const box = page.locator('#billing_country-combobox');
    assert.equal(await box.inputValue(), 'Canada');
    assert.equal(await box.evaluate((input: HTMLInputElement) => input.selectionStart === 0 && input.selectionEnd === input.value.length), true, 'the name is selected');
    assert.equal(await page.locator('#billing_country').inputValue(), 'CA');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('REV-01 the focus moves from the rating select to the stars that cover it, and the arrows rate from there', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    // The stars' code alone waits until the shopper is on the select: the tabs open the reviews panel meanwhile.
    const release = await openBeforeCode(page, `${env.demo.url}product/teapot-with-reviews/#reviews`, 'review-rating');
    // The select shows once the reviews panel does.
    await page.waitForSelector('select#rating', { state: 'visible', timeout: HANG_MS });
    await page.focus('select#rating');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'rating', 'the shopper is on the select before the stars come');
    release();
    await page.waitForSelector('p.stars', { timeout: HANG_MS });
    assert.equal(await page.evaluate(() => document.activeElement?.closest('p.stars') !== null), true, 'the focus fell off the field when the select was covered');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('select#rating')?.value !== '');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});

describe('an action the instant a widget mounts', () => {
  const env = withDemo({ reset: true });

  it('ATC-01 a listing click the instant its button reports mounted is an ajax add, no page load', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    // The moment a button reports mounted its hold is off: from then on its own listener must take the click.
    // The click comes right after the mount, before any frame (Preact, left alone, set listeners up after one).
    await page.addInitScript(() => {
      sessionStorage.setItem('documentsLoaded', String(Number(sessionStorage.getItem('documentsLoaded')) + 1));
      const mark = performance.mark.bind(performance);
      let clicked = false;
      performance.mark = ((name: string, options?: PerformanceMarkOptions) => {
        const entry = mark(name, options);
        if (!clicked && name === 'vitrine:mounted:add-to-cart') {
          clicked = true;
          const button = window.vitrine?.report().find((row) => row.widget === 'add-to-cart' && row.state === 'mounted')?.element;
          queueMicrotask(() => {
            Object.assign(window, { clickedProduct: Number(button?.getAttribute('data-product_id')) });
            (button as HTMLElement | undefined)?.click();
          });
        }
        return entry;
      }) as typeof performance.mark;
    });
    await page.goto(`${env.demo.url}shop/`);
    const id = await (await page.waitForFunction(() => (window as { clickedProduct?: number }).clickedProduct)).jsonValue();
    await page.mouse.move(1, 1);
    await page.waitForSelector('a.added_to_cart.wc-forward', { timeout: HANG_MS });
    assert.equal(await page.evaluate(() => sessionStorage.getItem('documentsLoaded')), '1', 'the click followed the ?add-to-cart= link: a page load');
    assert.deepEqual(
      (await cartItems(env.demo.url)).map((item) => [item.product_id, item.quantity]),
      [[id, 1]],
    );
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});

describe('how deep a first mount is (chunks delayed 0.8 s)', () => {
  const env = withDemo({ reset: true });
  const lite = process.env.VITRINE_FLAVOUR === 'lite';
  const atBoot = new Set(entryClosure(lite ? LITE_ENTRY : ENTRY));

  // A widget's chunk imports the shared core and the bundler's helpers; found only once it had arrived, they
  // were one more round trip (on a phone, 100–300 ms) before the first add to cart could answer. The entry asks
  // for them beside the widget's chunk; this checks the order of the requests, not how long anything took.
  it('ATC-01 GAL-01 the listing button, the gallery and the variation form ask for every chunk they need beside their own: they mount one round trip after the entry', async () => {
    await delayChunks(env.demo.url, 800);
    for (const [path, widget] of [['shop/', 'add-to-cart'], ['product/variable-tee/', 'product-gallery'], ['product/variable-tee/', 'variation-form']] as const) {
      const page = await newPage(env.browser);
      const errors = collectErrors(page);
      await page.goto(`${env.demo.url}${path}`);
      await page.waitForFunction((name) => window.vitrine?.report().some((row) => row.widget === name && row.state === 'mounted'), widget, { timeout: HANG_MS });
      const own = widgetChunk(widget, lite);
      assert.ok(own, `no chunk built for ${widget}`);
      const needs = staticClosure([own]).filter((file) => file !== own && !atBoot.has(file));
      assert.ok(needs.length > 0, `${widget} imports no shared chunk: nothing to check`);
      const fetched = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
      );
      const timing = (file: string) => fetched.find((entry) => entry.path.endsWith(`/dist/${file}`));
      const ownTiming = timing(own);
      assert.ok(ownTiming, `${own} was never fetched`);
      for (const file of needs) {
        const needed = timing(file);
        assert.ok(needed, `${file} (imported by ${own}) was never fetched`);
        assert.ok(needed.start < ownTiming.end, `${file} was asked for only once ${own} had arrived: one more round trip`);
      }
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  });
});
