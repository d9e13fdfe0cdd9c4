import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually } from './express-helpers.ts';
import { axeCheck, clearRequests, collectErrors, faults, HANG_MS, newPage, requests, screenshot, rewriteDocuments, sentOneAtATime, setSettings, withDemo } from './harness.ts';

// The shopper's first journey in Chromium against the reference backend and the built bundle:
// add from the shop, watch the mini cart, remove a line, and every failure the network can produce.

const button = (id: number) => `a.ajax_add_to_cart[data-product_id="${id}"]`;
const miniCartLines = '.widget_shopping_cart_content .woocommerce-mini-cart-item';

/** Opens a page and waits until the widgets of this area are mounted on it. */
async function open(page: Page, url: string, widgets: string[] = ['add-to-cart', 'cart-fragments']): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(
    (names) => names.every((name) => window.vitrine?.report().some((row) => row.widget === name && row.state === 'mounted')),
    widgets,
  );
  // The mini cart is filled by get_refreshed_fragments at load; let it land before acting.
  await page.waitForLoadState('networkidle');
}

async function firstAjaxIds(page: Page, count: number): Promise<number[]> {
  const ids = await page.$$eval('a.ajax_add_to_cart[data-product_id]', (links) => links.map((a) => Number(a.getAttribute('data-product_id'))));
  return ids.filter((id) => id !== 108).slice(0, count);
}

/** Adds the shop's first `count` ajax products from their listing buttons, one after another; returns their ids. */
async function addFromShop(page: Page, count: number): Promise<number[]> {
  const ids = await firstAjaxIds(page, count);
  for (const id of ids) {
    await page.click(button(id));
    await page.waitForSelector(`${button(id)}.added`);
  }
  await page.waitForFunction((want) => document.querySelectorAll(want.sel).length === want.count, { sel: miniCartLines, count });
  return ids;
}

describe('cart spine in Chromium', () => {
  const env = withDemo({ reset: true });

  it('ATC-01 ATC-02 ATC-09 adds three products from the shop: three mini-cart lines, the count, one view-cart link each', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}shop/`);
    const ids = await addFromShop(page, 3);
    assert.equal(await page.textContent('.vitrine-demo-cart-count'), '3 items');
    // The shopper moves on: a View cart link waits for the pointer to leave its button (the button must not move
    // under a shopper who is still clicking).
    await page.mouse.move(1, 1);
    await page.waitForFunction((count) => document.querySelectorAll('a.added_to_cart.wc-forward').length >= count, ids.length, { timeout: HANG_MS });
    for (const id of ids) {
      const links = await page.$$eval(button(id), ([a]) => a!.parentElement!.querySelectorAll('a.added_to_cart.wc-forward').length);
      assert.equal(links, 1);
      assert.equal(await page.$eval(button(id), (a) => a.classList.contains('loading')), false);
    }
    assert.equal(new URL(page.url()).pathname, '/shop/');
    await screenshot(page, 'cart-three-added');
    const violations = await axeCheck(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    await page.context().close();
  });

  it('ATC-03 ten fast clicks send ten adds in order, one at a time, and the cart holds ten', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}shop/`);
    const [id] = await firstAjaxIds(page, 1);
    await clearRequests(env.demo.url);
    for (let i = 0; i < 10; i += 1) await page.click(button(id!), { delay: 0 });
    await page.waitForFunction((sel) => !document.querySelector(sel)?.classList.contains('loading'), button(id!), { timeout: HANG_MS });
    const adds = await requests(env.demo.url, { endpoint: 'add_to_cart' });
    assert.equal(adds.length, 10);
    assert.ok(sentOneAtATime(adds), 'two adds overlapped');
    assert.ok(adds.every((r) => String((r.body as Record<string, unknown>).product_id) === String(id)));
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('10 ×'), `${miniCartLines} .quantity`);
    await page.context().close();
  });

  it('MCR-01 MCR-02 removes a mini-cart line; totals update, and a second tab follows without a reload', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}shop/`);
    await addFromShop(page, 2);
    const second = await page.context().newPage();
    await open(second, `${env.demo.url}shop/`);
    await second.waitForFunction((sel) => document.querySelectorAll(sel).length === 2, miniCartLines);
    const totalBefore = await page.textContent('.woocommerce-mini-cart__total');
    await page.click(`${miniCartLines} .remove_from_cart_button >> nth=0`);
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, miniCartLines);
    assert.notEqual(await page.textContent('.woocommerce-mini-cart__total'), totalBefore);
    assert.equal(await page.textContent('.vitrine-demo-cart-count'), '1 item');
    await second.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, miniCartLines, { timeout: HANG_MS });
    assert.equal(await second.textContent('.vitrine-demo-cart-count'), '1 item');
    await page.context().close();
  });

  it('MCR-01 a press on a remove link while the mini cart is refreshed under it still removes that line', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}shop/`);
    const ids = await addFromShop(page, 2);
    await page.waitForLoadState('networkidle');
    // The shopper presses on the first line's remove link; before they let go, the fragments come back from a
    // refresh (a page load's, another tab's) and the mini cart is put in again.
    const link = page.locator(`${miniCartLines} .remove_from_cart_button[data-product_id="${ids[0]}"]`);
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const refreshed = page.waitForResponse((response) => response.url().includes('wc-ajax=get_refreshed_fragments'));
    await page.evaluate(() => window.vitrine!.bus.emit('fragments:refresh-requested', { reason: 'test' }));
    await refreshed;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    await page.mouse.up();
    await page.waitForFunction(
      ([sel, id]) => [...document.querySelectorAll(sel)].every((line) => !line.querySelector(`[data-product_id="${id}"]`)),
      [miniCartLines, ids[0]] as const,
      { timeout: HANG_MS },
    );
    assert.equal(await page.locator(miniCartLines).count(), 1);
    assert.equal(new URL(page.url()).pathname, '/shop/');
    await page.context().close();
  });

  for (const fault of ['500', 'invalid-json', 'drop']) {
    it(`ATC-11 add_to_cart answering ${fault}: the button leaves loading, the shopper sees why, the next queued add goes through`, async () => {
      const page = await newPage(env.browser);
      await open(page, `${env.demo.url}shop/`);
      const [a, b] = await firstAjaxIds(page, 2);
      if (fault === 'drop') {
        // Chromium silently retries a POST whose kept-alive connection the server dropped (the backend's
        // `drop` fault is masked), so the connection reset is made at the browser's network layer, once.
        let dropped = false;
        await page.route('**/?wc-ajax=add_to_cart', async (route) => {
          if (dropped) return route.continue();
          dropped = true;
          await new Promise((resolve) => setTimeout(resolve, 300));
          await route.abort('connectionreset');
        });
      } else {
        await faults(env.demo.url).add({ match: 'add_to_cart', fault: `latency:300,${fault}` });
      }
      await page.click(button(a!));
      await page.click(button(b!));
      const alert = await page.waitForSelector('.vitrine-add-to-cart-error[role="alert"]');
      assert.ok((await alert.textContent())!.length > 5);
      assert.ok(await alert.isVisible());
      await page.waitForSelector(`${button(b!)}.added`);
      assert.equal(await page.$eval(button(a!), (el) => el.classList.contains('loading')), false);
      await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, miniCartLines);
      if (fault === '500') await screenshot(page, 'cart-add-failed');
      await page.context().close();
    });
  }

  it('ATC-07 with redirect after add on, the shopper lands on the cart page', async () => {
    await setSettings(env.demo.url, { cart_redirect_after_add: true });
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}shop/`);
    const [id] = await firstAjaxIds(page, 1);
    await Promise.all([page.waitForURL(/\/cart\/$/), page.click(button(id!))]);
    assert.ok(await page.isVisible('.woocommerce-cart-form, .cart_item, .woocommerce-message'));
    await page.context().close();
  });

  it("ATC-05 with WooCommerce's AJAX add to cart off, a listing button adds by a page load, as the shop owner chose", async () => {
    await setSettings(env.demo.url, { enable_ajax_add_to_cart: false });
    const page = await newPage(env.browser);
    // No add-to-cart widget mounts here: wait for the mini cart's, which does.
    await open(page, `${env.demo.url}shop/`, ['cart-fragments']);
    const [id] = await firstAjaxIds(page, 1);
    const pageLoad = page.waitForRequest((request) => request.isNavigationRequest() && request.url().includes(`add-to-cart=${id}`));
    await page.click(button(id!));
    await pageLoad;
    await page.waitForLoadState('load');
    await page.waitForSelector('.woocommerce-message');
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, miniCartLines);
    assert.equal((await requests(env.demo.url, { endpoint: 'add_to_cart' })).length, 0, 'no ajax add');
    await page.context().close();
  });

  it('ATC-06 an add the server refuses ({error, product_url}) lands on the product page', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}shop/`);
    // Limited Art Print is sold individually: the second add is refused.
    await page.locator(button(108)).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (sel) => window.vitrine?.report().some((row) => row.widget === 'add-to-cart' && row.element === document.querySelector(sel) && row.state === 'mounted'),
      button(108),
    );
    await page.click(button(108));
    await page.waitForSelector(`${button(108)}.added`);
    await Promise.all([page.waitForURL(/\/product\/limited-art-print\/$/), page.click(button(108))]);
    assert.ok(await page.isVisible('.woocommerce-error'));
    await page.context().close();
  });

  it('ATC-01 the product page form adds without a page load: quantity 2, the notice, the mini cart and the count', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}product/simple-mug/`, ['add-to-cart-form', 'cart-fragments']);
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await page.fill('input.qty', '2');
    await page.click('.single_add_to_cart_button');
    await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-message');
    assert.match((await page.textContent('.woocommerce-notices-wrapper')) ?? '', /2 × “Simple Mug” has been added to your cart/);
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, miniCartLines);
    assert.equal(await page.textContent('.vitrine-demo-cart-count'), '2 items');
    assert.equal(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage), true);
    // The notice takes the focus, as after WooCommerce's own page load.
    await page.waitForFunction(() => document.activeElement?.classList.contains('woocommerce-message'));
    await screenshot(page, 'product-form-added');
  });

  it('ATC-01 ATC-11 a refused product-form add shows the server\'s error notice; the cart is unchanged', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}product/limited-art-print/`, ['add-to-cart-form', 'cart-fragments']);
    await page.click('.single_add_to_cart_button');
    await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-message');
    // The notice comes with the server's answer, "added" once the mini cart is refreshed too: a click
    // before that is ignored as a double click (the button is still busy).
    await page.waitForSelector('.single_add_to_cart_button.added:not([aria-busy])');
    // Sold individually: the second add is refused by the server's form handler.
    await page.click('.single_add_to_cart_button');
    await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-error');
    assert.match((await page.textContent('.woocommerce-error')) ?? '', /cannot add another/i);
    assert.equal(await page.textContent('.vitrine-demo-cart-count'), '1 item');
    await screenshot(page, 'product-form-refused');
  });

  it('ATC-11 the product form with the server answering 500: the shopper sees why and can add again', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}product/simple-mug/`, ['add-to-cart-form', 'cart-fragments']);
    await faults(env.demo.url).add({ match: '/product/simple-mug/', fault: '500' });
    await page.click('.single_add_to_cart_button');
    await page.waitForSelector('.vitrine-add-to-cart-error');
    assert.equal(await page.getAttribute('.single_add_to_cart_button', 'aria-busy'), null);
    await page.click('.single_add_to_cart_button');
    await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-message');
    assert.equal(await page.locator('.vitrine-add-to-cart-error').count(), 0);
  });

  it('Load more: the new cards’ buttons add to the cart', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}shop/`);
    const before = await page.$$eval('a.ajax_add_to_cart', (links) => links.map((a) => a.getAttribute('data-product_id')));
    await page.click('.vitrine-demo-load-more');
    await page.waitForFunction((n) => document.querySelectorAll('a.ajax_add_to_cart').length > n, before.length);
    const fresh = await page.$$eval('a.ajax_add_to_cart', (links, old) => links.map((a) => a.getAttribute('data-product_id')).filter((id) => !old.includes(id)), before);
    const id = Number(fresh[0]);
    await page.locator(button(id)).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (sel) => window.vitrine?.report().some((row) => row.widget === 'add-to-cart' && row.element === document.querySelector(sel) && row.state === 'mounted'),
      button(id),
    );
    await page.click(button(id));
    await page.waitForSelector(`${button(id)}.added`);
    assert.equal(new URL(page.url()).pathname, '/shop/');
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, miniCartLines);
    await page.context().close();
  });

  it('keyboard only: Tab to a button, Enter and Space add; Space on a remove link removes; focus stays usable', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}shop/`);
    const [a, b] = await firstAjaxIds(page, 2);
    const tabTo = async (selector: string) => {
      for (let i = 0; i < 200; i += 1) {
        await page.keyboard.press('Tab');
        if (await page.evaluate((sel) => document.activeElement === document.querySelector(sel), selector)) return;
      }
      throw new Error(`Tab never reached ${selector}`);
    };
    await tabTo(button(a!));
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    assert.notEqual(outline, 'none');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${button(a!)}.added`);
    await tabTo(button(b!));
    await page.keyboard.press('Space');
    await page.waitForSelector(`${button(b!)}.added`);
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 2, miniCartLines);
    assert.equal(new URL(page.url()).pathname, '/shop/');
    await tabTo(`${miniCartLines} .remove_from_cart_button`);
    await page.keyboard.press('Space');
    await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 1, miniCartLines);
    assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('remove_from_cart_button')));
    await screenshot(page, 'cart-keyboard');
    await page.context().close();
  });

  it('NTC-01 NTC-02 store notice and coming-soon banner dismiss with the keyboard; axe finds nothing serious', async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}notices/`, ['store-notice', 'coming-soon-banner']);
    assert.ok(await page.isVisible('.woocommerce-store-notice'));
    const violations = await axeCheck(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    await screenshot(page, 'cart-notices');
    await page.focus('.woocommerce-store-notice__dismiss-link');
    await page.keyboard.press('Enter');
    assert.equal(await page.isVisible('.woocommerce-store-notice'), false);
    // The page writes the cookie in the key's own task, but the browser's cookie store, which context.cookies()
    // reads, hears of it a moment later (the renderer tells it asynchronously): wait until it has.
    const notice = await eventually(
      async () => (await page.context().cookies()).find((c) => c.name.startsWith('store_notice')),
      (cookie) => cookie !== undefined,
      'the store notice cookie in the browser',
      HANG_MS,
    );
    assert.equal(notice?.value, 'hidden');
    assert.equal(notice?.path, '/');
    await clearRequests(env.demo.url);
    await page.focus('.coming-soon-footer-banner-dismiss');
    // The page went network-idle long ago, so waiting for that again returns at once: wait for the save's answer.
    const saved = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/wp-json/wp/v2/users/'));
    await page.keyboard.press('Space');
    assert.equal(await page.isVisible('#coming-soon-footer-banner'), false);
    await saved;
    const posts = await requests(env.demo.url, { pathPrefix: '/wp-json/wp/v2/users/' });
    assert.equal(posts.length, 1);
    assert.equal((posts[0]!.body as Record<string, unknown>)['woocommerce_meta[coming_soon_banner_dismissed]'] ?? JSON.stringify(posts[0]!.body), 'yes');
    await page.reload();
    await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'store-notice' && row.state === 'mounted'));
    assert.equal(await page.isVisible('.woocommerce-store-notice'), false);
    await page.context().close();
  });

  it("ATC-08 an add's fragments run their scripts once, as jQuery's replaceWith does (an ad pixel's AddToCart); the copy restored on the next page runs none", async () => {
    const page = await newPage(env.browser);
    // Meta's Facebook for WooCommerce puts an empty placeholder in every page and, on an ajax add, a fragment for it
    // holding the pixel's AddToCart script. Here: an inline script, one with a source, and a JSON block.
    await rewriteDocuments(page, /^\/shop\/$/, (html) => html.replace('</body>', '<div class="vitrine-test-pixel"></div></body>'));
    await page.route('**/pixel-extra.js', (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.pixelExtra = (window.pixelExtra || 0) + 1;' }));
    await page.route(
      (url) => url.searchParams.get('wc-ajax') === 'add_to_cart',
      async (route) => {
        const product = new URLSearchParams(route.request().postData() ?? '').get('product_id');
        const response = await route.fetch();
        const answer = (await response.json()) as { fragments?: Record<string, string> };
        answer.fragments = {
          ...answer.fragments,
          'div.vitrine-test-pixel':
            `<div class="vitrine-test-pixel"><script>(window.pixelAdds = window.pixelAdds || []).push(${Number(product)});</script>` +
            '<script src="/pixel-extra.js"></script><script type="application/ld+json">{"ranAsScript": false}</script></div>',
        };
        await route.fulfill({ response, body: JSON.stringify(answer) });
      },
    );
    const errors = collectErrors(page);
    await open(page, `${env.demo.url}shop/`);
    const ids = await addFromShop(page, 2);
    await page.waitForFunction(() => (window as { pixelExtra?: number }).pixelExtra === 2);
    assert.deepEqual(await page.evaluate(() => (window as { pixelAdds?: number[] }).pixelAdds), ids, 'one AddToCart per add, with its product');
    // The next page restores the mini cart from the browser's copy, pixel fragment included: nothing in it runs again.
    await page.reload();
    await open(page, `${env.demo.url}shop/`);
    await page.waitForSelector('.vitrine-test-pixel script[src="/pixel-extra.js"]', { state: 'attached' });
    assert.deepEqual(await page.evaluate(() => [(window as { pixelAdds?: number[] }).pixelAdds, (window as { pixelExtra?: number }).pixelExtra]), [undefined, undefined]);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it("a refused coupon's message shows in its coupon field's wrapper, small and in the danger colour, where the shop's stylesheet has no rule for it (WooCommerce before 9.4)", async () => {
    const page = await newPage(env.browser);
    await open(page, `${env.demo.url}shop/`);
    await addFromShop(page, 1);
    await open(page, `${env.demo.url}cart/`, ['cart-page']);
    await page.fill('#coupon_code', 'nope');
    await page.click('button[name="apply_coupon"]');
    const message = page.locator('.coupon #coupon-error-notice.coupon-error-notice');
    await message.waitFor({ timeout: HANG_MS });
    const look = await message.evaluate((el) => {
      const style = getComputedStyle(el);
      const danger = getComputedStyle(document.documentElement).getPropertyValue('--vitrine-danger').trim();
      const probe = document.createElement('span');
      probe.style.color = danger;
      document.body.append(probe);
      const dangerColour = getComputedStyle(probe).color;
      probe.remove();
      return { colour: style.color, dangerColour, bodyColour: getComputedStyle(document.body).color, smaller: Number.parseFloat(style.fontSize) < Number.parseFloat(getComputedStyle(document.body).fontSize) };
    });
    await screenshot(page, 'cart-coupon-refused');
    assert.equal(look.colour, look.dangerColour);
    assert.notEqual(look.colour, look.bodyColour);
    assert.ok(look.smaller, 'the message is set as large as the page text');
    assert.equal(await page.inputValue('#coupon_code'), 'nope', 'the refused code was cleared');
    await page.context().close();
  });

  it('axe: the cart page has no serious or critical violation', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url}cart/`);
    await page.waitForLoadState('networkidle');
    const violations = await axeCheck(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    await page.context().close();
  });

  for (const [file, widgets] of [
    ['shop.html', ['add-to-cart', 'cart-fragments', 'store-notice', 'result-count', 'catalog-ordering', 'wc-notices']],
    ['cart.html', ['store-notice', 'wc-notices']],
  ] as const) {
    it(`mounts on the genuine capture ${file}`, async () => {
      const page = await newPage(env.browser);
      await page.goto(`${env.demo.url}captures/${file}`);
      await page.waitForFunction(
        (names) => names.every((name) => window.vitrine?.report().some((row) => row.widget === name && row.state === 'mounted')),
        widgets as unknown as string[],
        { timeout: HANG_MS },
      );
      const failed = await page.evaluate(() => window.vitrine!.report().filter((row) => row.state === 'failed').map((row) => `${row.widget}: ${row.reason}`));
      const mine = failed.filter((row) => /^(add-to-cart|cart-fragments|mini-cart-remove|store-notice|coming-soon-banner|password-toggle|result-count|wc-notices|catalog-ordering)/.test(row));
      assert.deepEqual(mine, []);
      await page.context().close();
    });
  }
});
