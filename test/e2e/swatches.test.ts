import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeCheck, collectErrors, newPage, openBeforeCode, requests, screenshot, sentOneAtATime, withDemo } from './harness.ts';

// Variation swatches in Chromium against the reference backend and the built bundle: the shop card
// journey (pick, add, deselect), both disable_out_of_stock settings, load more, the product page, the
// keyboard, axe, and the genuine captures.

const TEE = 12;
const card = (id: number, nth = 0) => `li.product:has(.cfvsw_variations_form[data-product_id="${id}"]) >> nth=${nth}`;
const swatch = (id: number, attribute: string, slug: string, nth = 0) =>
  `${card(id, nth)} >> [swatches-attr="${attribute}"] .cfvsw-swatches-option[data-slug="${slug}"]`;
const colour = (slug: string, nth = 0) => swatch(TEE, 'attribute_pa_color', slug, nth);
const size = (slug: string, nth = 0) => swatch(TEE, 'attribute_pa_size', slug, nth);
const cardButton = (nth = 0) => `${card(TEE, nth)} >> a.cfvsw_ajax_add_to_cart`;
const focusedSlug = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-slug') ?? document.activeElement?.tagName ?? null);

/** The demo shop page as another shop would print it (another setting, no embedded variations, …). */
async function rewriteShop(page: Page, edit: (html: string) => string): Promise<void> {
  await page.route(/\/swatches\/shop\//, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: edit(await response.text()) });
  });
}

async function open(page: Page, url: string, widgets = ['swatches']): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(
    (names) => names.every((name) => window.vitrine?.report().some((row) => row.widget === name && row.state === 'mounted')),
    widgets,
  );
  await page.waitForLoadState('networkidle');
}

describe('variation swatches in Chromium', () => {
  const env = withDemo({ reset: true });

  it('SWT-10 SWT-11 SWT-03 shop card: pick colour and size, add (mini cart shows the attributes), deselect restores', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await open(page, `${env.demo.url}swatches/shop/`);
    const img = page.locator(`${card(TEE)} >> img.attachment-woocommerce_thumbnail`);
    const originalSrc = await img.getAttribute('src');
    const originalPrice = (await page.locator(`${card(TEE)} >> .price >> nth=0`).textContent())?.trim();
    await page.click(colour('red'));
    await page.click(size('small'));
    await page.waitForFunction(() => document.querySelector('li.post-12 a.cfvsw_ajax_add_to_cart')?.textContent === 'Add to Cart');
    assert.equal(await page.locator(cardButton()).getAttribute('data-variation_id'), '13');
    assert.match((await img.getAttribute('src')) ?? '', /variable-tee-red/);
    assert.equal((await page.locator(`${card(TEE)} >> .cfvsw-variation-price`).textContent())?.trim(), '$20.00');
    assert.equal(await page.locator(`${card(TEE)} >> .price.cfvsw-original-price`).isVisible(), false, 'the range price gives way');
    await screenshot(page, 'swatches-shop-chosen');
    await page.click(cardButton());
    await page.waitForSelector(`${card(TEE)} >> a.cfvsw_ajax_add_to_cart.added`);
    const mini = page.locator('.widget_shopping_cart_content').first();
    await page.waitForFunction(() => /Variable Tee/.test(document.querySelector('.widget_shopping_cart_content')?.textContent ?? ''));
    const miniText = (await mini.textContent()) ?? '';
    assert.match(miniText, /Red/);
    assert.match(miniText, /Small/);
    const sent = await requests(env.demo.url, { action: 'cfvsw_ajax_add_to_cart' });
    assert.equal(sent.length, 1);
    await page.click(size('small'));
    await page.waitForFunction(() => document.querySelector('li.post-12 a.cfvsw_ajax_add_to_cart')?.textContent === 'Select options');
    assert.equal(await img.getAttribute('src'), originalSrc);
    assert.equal((await page.locator(`${card(TEE)} >> .price >> nth=0`).textContent())?.trim(), originalPrice);
    assert.equal(await page.locator(`${card(TEE)} >> .cfvsw-variation-price`).count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('SWT-05 out-of-stock combination is disabled with disable_out_of_stock on', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}swatches/shop/?oos=on`);
    await page.click(colour('blue'));
    await page.waitForSelector(`${size('medium')}.cfvsw-swatches-disabled[aria-disabled="true"]`);
    await page.click(size('medium'), { force: true });
    assert.equal(await page.locator(size('medium')).getAttribute('aria-checked'), 'false');
    await page.click(colour('blue'));
    await page.waitForSelector(`${size('medium')}:not([aria-disabled])`);
    await page.close();
  });

  it('SWT-06 SWT-12 with it off the combination is selectable, then the add is blocked by the unavailable text', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}swatches/shop/?oos=off`);
    await page.click(colour('blue'));
    await page.click(size('medium'));
    await page.waitForSelector(`${cardButton()}.wc-variation-is-unavailable`);
    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await page.click(cardButton());
    assert.deepEqual(messages, ['Selected variant is unavailable.']);
    assert.equal((await requests(env.demo.url, { action: 'cfvsw_ajax_add_to_cart' })).length, 0);
    assert.match(page.url(), /swatches\/shop/);
    await page.close();
  });

  it('SWT-09 load more: swatches and buttons work on the new cards', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}swatches/shop/`);
    await page.click('#vitrine-swatches-more');
    await page.waitForFunction(() => document.querySelectorAll('li.post-12').length >= 2);
    await page.locator(colour('red', 1)).scrollIntoViewIfNeeded();
    await page.waitForSelector(`${colour('red', 1)}[role="radio"]`);
    await page.click(colour('red', 1));
    await page.click(size('medium', 1));
    await page.waitForFunction(() => document.querySelectorAll('li.post-12 a.cfvsw_ajax_add_to_cart')[1]?.textContent === 'Add to Cart');
    await page.click(cardButton(1));
    await page.waitForSelector(`${cardButton(1)}.added`);
    const sent = await requests(env.demo.url, { action: 'cfvsw_ajax_add_to_cart' });
    assert.equal(sent.length, 1);
    await page.close();
  });

  it("SWT-10 a shop card's code is fetched beside the swatches' own chunk, and a product page's form never fetches it", async () => {
    const page = await newPage(env.browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const cardCode = () => scripts.filter((url) => /\/widgets\/swatches-loop-/.test(url));
    await open(page, `${env.demo.url}swatches/product/variable-tee/`, ['swatches', 'variation-form']);
    assert.deepEqual(cardCode(), [], 'the product page fetches no shop-card code');

    // The shop page, with the swatches' own chunk held: the card's code is asked for all the same, beside it.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/widgets\/swatches-[\w-]{6}\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const asked = page.waitForRequest(/\/widgets\/swatches-loop-/);
    await page.goto(`${env.demo.url}swatches/shop/`);
    await asked;
    assert.equal(await page.evaluate(() => window.vitrine?.report().some((row) => row.widget === 'swatches' && row.state === 'mounted')), false, 'still waiting for its own chunk');
    release();
    await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'swatches' && row.state === 'mounted'));
    await page.click(colour('blue'));
    await page.click(size('small'));
    await page.waitForSelector(`${cardButton()}.cfvsw_variation_found`);
    assert.equal(cardCode().length, 1, cardCode().join(', '));
    await page.close();
  });

  it('SWT-01 product page: swatch and select give the same state; reset clears both', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}swatches/product/variable-tee/`, ['swatches', 'variation-form']);
    const colourOption = (slug: string) => `[swatches-attr="attribute_pa_color"] .cfvsw-swatches-option[data-slug="${slug}"]`;
    const sizeOption = (slug: string) => `[swatches-attr="attribute_pa_size"] .cfvsw-swatches-option[data-slug="${slug}"]`;
    await page.click(colourOption('blue'));
    await page.click(sizeOption('small'));
    assert.equal(await page.locator('select[name="attribute_pa_color"]').inputValue(), 'blue');
    await page.waitForFunction(() => (document.querySelector('input.variation_id') as HTMLInputElement | null)?.value === '15');
    // The same choice made through the select (a theme may show it).
    await page.evaluate(() => {
      const select = document.querySelector<HTMLSelectElement>('select[name="attribute_pa_color"]')!;
      select.value = 'red';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.waitForSelector(`${colourOption('red')}[aria-checked="true"]`);
    await page.waitForFunction(() => (document.querySelector('input.variation_id') as HTMLInputElement | null)?.value === '13');
    await screenshot(page, 'swatches-product-chosen');
    await page.click('a.reset_variations');
    await page.waitForSelector(`${colourOption('red')}[aria-checked="false"]`);
    await page.waitForSelector(`${sizeOption('small')}[aria-checked="false"]`);
    assert.equal(await page.locator('select[name="attribute_pa_color"]').inputValue(), '');
    assert.equal(await page.locator('select[name="attribute_pa_size"]').inputValue(), '');
    await page.close();
  });

  it('keyboard only: through a swatch group and the listing add', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}swatches/shop/`);
    await page.focus(colour('red'));
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`${colour('blue')}[aria-checked="true"]`);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-slug')), 'blue');
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    assert.notEqual(ring, 'none', 'the focused swatch shows a focus ring');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-slug')), 'small', await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? ''));
    await page.keyboard.press('Space');
    await page.waitForSelector(`${size('small')}[aria-checked="true"]`);
    // The card's button takes the variation in an effect after the swatch shows checked (a frame later in lite).
    await page.waitForSelector(`${cardButton()}.cfvsw_variation_found`);
    await screenshot(page, 'swatches-keyboard');
    // Tab on to the card's button and add with Enter.
    for (let i = 0; i < 6; i++) {
      if (await page.evaluate(() => document.activeElement?.classList.contains('cfvsw_ajax_add_to_cart'))) break;
      await page.keyboard.press('Tab');
    }
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Add to Cart');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${cardButton()}.added`);
    assert.equal((await requests(env.demo.url, { action: 'cfvsw_ajax_add_to_cart' })).length, 1);
    await page.close();
  });

  it('SWT-07 SWT-14 tooltips: their code is not loaded with the page; hover and keyboard focus show one above the swatch, Escape hides it', async () => {
    const page = await newPage(env.browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await open(page, `${env.demo.url}swatches/shop/`);
    // The plugin's stylesheet, printed on most sites, hides .cfvsw-tooltip until its own script shows one, and centres
    // it with a transform: its rules for the tooltip, after Vitrine's styles as on a genuine page.
    await page.addStyleTag({ content: '.cfvsw-tooltip { position: absolute; left: 50%; transform: translateX(-50%) translateY(-50%); display: none; }' });
    const tooltipCode = () => scripts.filter((url) => /floating-ui|swatches-tooltip/.test(url));
    assert.deepEqual(tooltipCode(), [], 'a loaded, untouched shop page does not fetch the tooltip');

    // The pointer arrives straight on the swatch, as a shopper's can: the tooltip follows its code.
    await page.hover(colour('red'));
    const tip = page.locator('[role="tooltip"].cfvsw-tooltip');
    await tip.waitFor();
    assert.equal((await tip.textContent())?.trim(), 'Red');
    assert.equal(tooltipCode().length, 2, tooltipCode().join(', '));
    const [tipBox, swatchBox] = [await tip.boundingBox(), await page.locator(colour('red')).boundingBox()];
    assert.ok(tipBox && swatchBox);
    assert.ok(tipBox.y + tipBox.height <= swatchBox.y + 1, `above the swatch: tooltip ends at ${tipBox.y + tipBox.height}, swatch starts at ${swatchBox.y}`);
    assert.ok(Math.abs(tipBox.x + tipBox.width / 2 - (swatchBox.x + swatchBox.width / 2)) < 2, 'centred over it');
    assert.equal(await page.getAttribute(colour('red'), 'aria-describedby'), await tip.getAttribute('id'));
    await screenshot(page, 'swatches-tooltip');
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'detached' });

    // The keyboard: focus shows it, Escape hides it without moving focus (WCAG 1.4.13).
    await page.focus(colour('blue'));
    await page.waitForFunction(() => document.querySelector('[role="tooltip"].cfvsw-tooltip')?.textContent?.trim() === 'Blue');
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'detached' });
    assert.equal(await focusedSlug(page), 'blue');
    await page.close();
  });

  it('SWT-07 the pointer already resting on a swatch when the swatches\' code arrives: its tooltip shows once they mount', async () => {
    const page = await newPage(env.browser);
    // A window tall enough for the card, so nothing scrolls: where the swatch sits once the widgets have mounted
    // (Vitrine draws the demo's options, which moves them).
    await page.setViewportSize({ width: 1280, height: 1600 });
    await open(page, `${env.demo.url}swatches/shop/`);
    const box = await page.locator(colour('red')).boundingBox();
    assert.ok(box);
    const release = await openBeforeCode(page, `${env.demo.url}swatches/shop/`, 'swatches');
    // The shopper's pointer is there before the code arrives, and stays still: the swatch mounts under it (Chromium
    // tells an element that arrives under a resting pointer, as it tells one the pointer moves onto).
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    release();
    await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'swatches' && row.state === 'mounted'));
    await page.waitForFunction(() => document.querySelector('[role="tooltip"].cfvsw-tooltip')?.textContent?.trim() === 'Red');
    await page.close();
  });

  it('SWT-05 keyboard only with remove_attr_class hide: arrows skip the hidden swatch, Tab leaves and comes back', async () => {
    const page = await newPage(env.browser);
    await rewriteShop(page, (html) => html.replace('"remove_attr_class":"cfvsw-swatches-blur-cross"', '"remove_attr_class":"cfvsw-swatches-hide"'));
    await open(page, `${env.demo.url}swatches/shop/?oos=on`);
    await page.focus(colour('red'));
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`${colour('blue')}[aria-checked="true"]`);
    // Blue/Medium is sold out: Medium leaves the page.
    await page.waitForSelector(`${size('medium')}.cfvsw-swatches-hide-disable`, { state: 'hidden' });
    await page.keyboard.press('Tab');
    assert.equal(await focusedSlug(page), 'small');
    for (const key of ['ArrowRight', 'ArrowDown', 'End', 'ArrowLeft', 'Home']) {
      await page.keyboard.press(key);
      assert.equal(await focusedSlug(page), 'small', `${key} stays on the one size that can be chosen`);
    }
    assert.equal(await page.locator(`${size('small')}`).getAttribute('tabindex'), '0');
    assert.equal(await page.locator(`${size('medium')}`).getAttribute('tabindex'), '-1');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await focusedSlug(page), 'blue');
    await page.keyboard.press('Tab');
    assert.equal(await focusedSlug(page), 'small', 'Tab reaches the size group again');
    await page.keyboard.press('Space');
    await page.waitForSelector(`${size('small')}[aria-checked="true"]`);
    // The card's button takes the variation in an effect after the swatch shows checked (a frame later in lite).
    await page.waitForSelector(`${cardButton()}.cfvsw_variation_found`);
    for (let i = 0; i < 6; i++) {
      if (await page.evaluate(() => document.activeElement?.classList.contains('cfvsw_ajax_add_to_cart'))) break;
      await page.keyboard.press('Tab');
    }
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Add to Cart');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${cardButton()}.added`);
    await screenshot(page, 'swatches-hide-keyboard');
    await page.close();
  });

  it('SWT-12 a shop card shows the no-match and unavailable texts under its swatches, the card layout intact', async () => {
    const page = await newPage(env.browser);
    // Variations not embedded (as past the threshold): the card asks get_variation, and for Red/Medium
    // the server answers "none" (the reference catalogue has no impossible combination of its own).
    await rewriteShop(page, (html) => html.replace(/data-product_variations="[^"]*" data-product_id="12"/g, 'data-product_variations="false" data-product_id="12"'));
    await page.route(/wc-ajax=get_variation/, async (route) => {
      const asked = new URLSearchParams(route.request().postData() ?? '');
      if (asked.get('attribute_pa_color') === 'red' && asked.get('attribute_pa_size') === 'medium') {
        await route.fulfill({ status: 200, contentType: 'application/json; charset=UTF-8', body: 'false' });
      } else await route.continue();
    });
    await open(page, `${env.demo.url}swatches/shop/?oos=off`);
    const tee = page.locator(card(TEE));
    const notice = page.locator(`${card(TEE)} >> .vitrine-swatch-notice`);
    const width = (await tee.boundingBox())!.width;
    const noticeText = () => page.evaluate(() => document.querySelector('li.post-12 .vitrine-swatch-notice')?.textContent ?? '');

    const checkLayout = async (label: string) => {
      assert.equal(await notice.isVisible(), true, label);
      assert.equal(await notice.getAttribute('role'), 'alert');
      assert.equal(await page.locator(`${card(TEE)} >> .vitrine-swatch-status`).textContent(), '', `${label}: said once, by the alert`);
      const box = (await tee.boundingBox())!;
      const text = (await notice.boundingBox())!;
      const swatches = (await page.locator(`${card(TEE)} >> table.cfvsw-shop-variations`).boundingBox())!;
      const button = (await page.locator(cardButton()).boundingBox())!;
      assert.ok(text.x >= box.x - 1 && text.x + text.width <= box.x + box.width + 1, `${label}: within the card`);
      assert.ok(text.y >= swatches.y + swatches.height - 1, `${label}: under the swatches`);
      assert.ok(button.y >= text.y + text.height - 1, `${label}: above the button, not over it`);
      assert.equal(box.width, width, `${label}: the card keeps its width`);
      const [small, body] = await notice.evaluate((element) => [
        Number.parseFloat(getComputedStyle(element).fontSize),
        Number.parseFloat(getComputedStyle(document.body).fontSize),
      ]);
      assert.ok(small! < body!, `${label}: small text`);
    };

    await page.click(colour('red'));
    await page.click(size('medium'));
    await page.waitForFunction(() => /no products matched/.test(document.querySelector('li.post-12 .vitrine-swatch-notice')?.textContent ?? ''));
    await checkLayout('no match');
    assert.equal(await page.locator(cardButton()).textContent(), 'Select options');
    await tee.scrollIntoViewIfNeeded();
    await screenshot(page, 'swatches-card-no-match');

    // Blue/Medium exists but is sold out: selectable with disable_out_of_stock off, then said unavailable.
    await page.click(colour('blue'));
    await page.waitForFunction(() => document.querySelector('li.post-12 .vitrine-swatch-notice')?.textContent === 'Selected variant is unavailable.');
    await checkLayout('unavailable');
    await screenshot(page, 'swatches-card-unavailable');
    // The Red/Medium answer is remembered: with Medium chosen, Red is marked unavailable.
    assert.equal(await page.locator(colour('red')).getAttribute('aria-label'), 'Red (unavailable with the chosen options)');

    await page.click(size('medium'));
    await page.waitForFunction(() => document.querySelector('li.post-12 .vitrine-swatch-notice')?.textContent === '');
    assert.equal(await noticeText(), '');
    assert.equal((await notice.boundingBox())?.height ?? 0, 0, 'no empty gap once the text is gone');
    await page.close();
  });

  it('ATC-03 SWT-11 a double click on the card button adds twice, one request at a time', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}swatches/shop/`);
    await page.click(colour('red'));
    await page.click(size('small'));
    await page.waitForFunction(() => document.querySelector('li.post-12 a.cfvsw_ajax_add_to_cart')?.textContent === 'Add to Cart');
    // What the shopper sees after each change of the button: its state, and the mini cart's quantity then.
    await page.evaluate(() => {
      const button = document.querySelector('li.post-12 a.cfvsw_ajax_add_to_cart')!;
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const quantity = document.querySelector('.widget_shopping_cart_content .quantity')?.textContent?.split('×')[0]?.trim() ?? '0';
        seen.push(`${button.classList.contains('loading') ? 'loading' : 'idle'}${button.classList.contains('added') ? ' added' : ''}, mini cart ${quantity}`);
      }).observe(button, { attributes: true, attributeFilter: ['class'] });
    });
    await page.dblclick(cardButton());
    await page.waitForFunction(() => {
      const el = document.querySelector('li.post-12 a.cfvsw_ajax_add_to_cart');
      return el?.classList.contains('added') && !el.classList.contains('loading');
    });
    // Should the button look done too early, the story below says whether the second add came in later or never.
    await page
      .waitForFunction(() => /2 ×/.test(document.querySelector('.widget_shopping_cart_content .quantity')?.textContent ?? ''), null, { timeout: 10_000 })
      .catch(() => {});
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    const sent = await requests(env.demo.url, { action: 'cfvsw_ajax_add_to_cart' });
    const story = `button: ${seen.join(' / ')}; adds answered: ${sent.map((r) => r.status ?? 'not yet').join(', ')}`;
    assert.equal(sent.length, 2, story);
    assert.ok(sentOneAtATime(sent), `the two adds overlapped (${story})`);
    // The button looks done only once both adds are in: never idle while the mini cart holds less than 2.
    const firstIdle = seen.find((state) => state.startsWith('idle'));
    assert.equal(firstIdle, 'idle added, mini cart 2', story);
    // One line for the red/small tee, with quantity 2 (the mini cart prints "2 × $price").
    const lines = page.locator('.widget_shopping_cart_content').first().locator('.woocommerce-mini-cart-item');
    assert.equal(await lines.count(), 1);
    await page.close();
  });

  it('axe: no serious or critical violation on the swatches shop and product pages', async () => {
    const page = await newPage(env.browser);
    for (const url of ['swatches/shop/', 'swatches/product/trail-sneaker/']) {
      await open(page, `${env.demo.url}${url}`);
      const violations = await axeCheck(page);
      assert.deepEqual(violations, [], `${url}: ${JSON.stringify(violations, null, 1)}`);
    }
    await page.close();
  });

  it('the genuine captures mount and work (shop.html and product-variable.html)', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}captures/shop.html`);
    const hoodie = 'li.post-151';
    await page.click(`${hoodie} [swatches-attr="attribute_pa_color"] [data-slug="red"]`);
    await page.click(`${hoodie} [swatches-attr="attribute_pa_size"] [data-slug="small"]`);
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent === 'Add to Cart', `${hoodie} a.cfvsw_ajax_add_to_cart`);
    await screenshot(page, 'swatches-capture-shop');
    await open(page, `${env.demo.url}captures/product-variable.html`);
    await page.click('[swatches-attr="attribute_pa_color"] [data-slug="blue"]');
    assert.equal(await page.locator('select[name="attribute_pa_color"]').inputValue(), 'blue');
    assert.equal(await page.locator('[swatches-attr="attribute_pa_color"]').getAttribute('role'), 'radiogroup');
    await page.close();
  });
});
