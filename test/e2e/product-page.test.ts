import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeCheck, collectErrors, HANG_MS, newPage, requests, screenshot, withDemo } from './harness.ts';

// Product page journeys: gallery and lightbox, tabs, review rating; on the demo pages and the captures.

const mounted = (page: Page, widget: string) =>
  page.waitForFunction((name) => window.vitrine?.report().some((row) => row.widget === name && row.state === 'mounted'), widget);
const hash = (page: Page) => page.evaluate(() => window.location.hash);
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.className ?? '');

describe('product page in Chromium', () => {
  const env = withDemo();

  it('GAL-01 GAL-02 lightbox from a thumbnail: two slides on, the hash holds gid and pid, reload reopens there, Escape returns focus', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await page.goto(`${env.demo.url.replace(/\/$/, "")}/product/simple-mug/`);
    await mounted(page, 'product-gallery');
    await page.click('ol.flex-control-thumbs li:nth-child(2) button');
    await page.waitForSelector('.woocommerce-product-gallery__image:nth-child(2).flex-active-slide');
    await page.click('.woocommerce-product-gallery__trigger');
    await page.waitForSelector('.pswp.vitrine-pswp--ready');
    assert.equal(await page.textContent('.pswp__counter'), '2 / 5');
    assert.match(await hash(page), /^#&gid=1&pid=2$/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.location.hash === '#&gid=1&pid=4');
    await screenshot(page, 'product-lightbox-broken-slide');
    // GAL-05 in the lightbox: the fourth image is a 404.
    const message = await page.waitForSelector('.pswp__error-msg', { state: 'attached' });
    assert.equal((await message.textContent())?.trim(), 'The image could not be loaded.');
    assert.match((await page.getAttribute('.pswp__error-msg a', 'href')) ?? '', /simple-mug-missing/);

    await page.reload();
    await page.waitForSelector('.pswp.vitrine-pswp--ready');
    assert.equal(await page.textContent('.pswp__counter'), '4 / 5');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.pswp', { state: 'detached' });
    await page.waitForFunction(() => location.hash === '', undefined, { timeout: 3000 }).catch(() => undefined);
    assert.equal(await hash(page), '');

    // Escape returns the focus to the opener.
    await page.focus('.woocommerce-product-gallery__trigger');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.pswp.vitrine-pswp--ready');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.pswp', { state: 'detached' });
    assert.match(await activeId(page), /woocommerce-product-gallery__trigger/);
    assert.deepEqual(errors.filter((e) => !/404|Failed to load resource/.test(e)), []);
  });

  it('GAL-03 GAL-04 the lightbox has share links and its controls go idle', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url.replace(/\/$/, "")}/product/simple-mug/`);
    await mounted(page, 'product-gallery');
    await page.click('.woocommerce-product-gallery__trigger');
    await page.waitForSelector('.pswp.vitrine-pswp--ready');
    await page.click('.pswp__button--vitrine-share');
    const links = await page.$$eval('.vitrine-pswp__share a', (as) => as.map((a) => ({ href: a.getAttribute('href'), download: a.hasAttribute('download') })));
    assert.equal(links.length, 4);
    assert.match(links[0]!.href!, /facebook\.com\/sharer/);
    assert.match(links[1]!.href!, /twitter\.com\/intent\/tweet/);
    assert.match(links[2]!.href!, /pinterest\.com\/pin\/create/);
    assert.ok(links[3]!.download);
    await screenshot(page, 'product-lightbox-share');
    // Idle after 4 s without activity (the timer itself is unit-tested with fake timers).
    await page.waitForSelector('.pswp.pswp--idle', { timeout: HANG_MS });
  });

  it('GAL-04 Escape pressed the moment the lightbox shows closes it (no wait for its opening animation)', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url.replace(/\/$/, '')}/product/simple-mug/`);
    await mounted(page, 'product-gallery');
    for (let round = 0; round < 3; round++) {
      await page.click('.woocommerce-product-gallery__trigger');
      // Visible, not yet ready: PhotoSwipe is still animating it open.
      await page.waitForSelector('.pswp', { state: 'visible' });
      await page.keyboard.press('Escape');
      await page.waitForSelector('.pswp', { state: 'detached', timeout: HANG_MS });
      // The address is restored by history.back(), which completes on its own time.
      await page.waitForFunction(() => location.hash === '', undefined, { timeout: 3000 }).catch(() => undefined);
      assert.equal(await hash(page), '', `round ${round + 1}: the gallery position left the address`);
    }
    assert.match(await activeId(page), /woocommerce-product-gallery__trigger/);
  });

  it('GAL-04 two quick clicks open one lightbox; fullscreen and closed states', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url.replace(/\/$/, '')}/product/simple-mug/`);
    await mounted(page, 'product-gallery');
    // Both clicks land before the lightbox chunk has arrived.
    await page.evaluate(() => {
      const link = document.querySelector<HTMLElement>('.woocommerce-product-gallery__image a')!;
      link.click();
      link.click();
    });
    await page.waitForSelector('.pswp.vitrine-pswp--ready');
    assert.equal(await page.locator('.pswp').count(), 1);
    // Fullscreen: the lightbox itself is the fullscreen element, and marked so.
    await page.click('.pswp__button--vitrine-fullscreen');
    await page.waitForFunction(() => document.fullscreenElement?.classList.contains('pswp') === true);
    await page.waitForSelector('.pswp.pswp--fs');
    await page.click('.pswp__button--vitrine-fullscreen');
    await page.waitForFunction(() => document.fullscreenElement === null);
    await page.waitForSelector('.pswp:not(.pswp--fs)');
    // Closed: gone from the page, the address back as it was, the page usable again.
    await page.click('.pswp__button--close');
    await page.waitForSelector('.pswp', { state: 'detached' });
    await page.waitForFunction(() => location.hash === '', undefined, { timeout: 3000 }).catch(() => undefined);
    assert.equal(await hash(page), '');
    assert.equal(await page.evaluate(() => document.fullscreenElement), null);
    await page.click('ol.flex-control-thumbs li:nth-child(2) button');
    await page.waitForSelector('.woocommerce-product-gallery__image:nth-child(2).flex-active-slide');
  });

  it('the lightbox code is fetched when the pointer comes over the gallery, not before, so the click does not wait for it', async () => {
    const page = await newPage(env.browser);
    const lightboxRequests: string[] = [];
    page.on('request', (request) => {
      if (/product-gallery-lightbox-[\w-]+\.js/.test(request.url())) lightboxRequests.push(request.url());
    });
    await page.goto(`${env.demo.url.replace(/\/$/, '')}/product/simple-mug/`);
    await mounted(page, 'product-gallery');
    assert.deepEqual(lightboxRequests, [], 'the lightbox chunk was fetched with no sign of interest');
    const fetched = page.waitForRequest(/product-gallery-lightbox-[\w-]+\.js/);
    await page.hover('.woocommerce-product-gallery__image');
    await fetched;
    await page.click('.woocommerce-product-gallery__image a');
    await page.waitForSelector('.pswp.vitrine-pswp--ready');
    assert.equal(lightboxRequests.length, 1);
  });

  it('a lightbox chunk that fails to load: the image link opens the full image, one clear error, nothing unhandled', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await page.goto(`${env.demo.url.replace(/\/$/, '')}/product/simple-mug/`);
    await mounted(page, 'product-gallery');
    // The widget's own chunk is loaded; the next product-gallery chunk asked for is the lightbox.
    await page.route('**/product-gallery-*.js', (route) => route.abort());
    const href = await page.getAttribute('.woocommerce-product-gallery__image a', 'href');
    await Promise.all([page.waitForURL((url) => url.href.endsWith(href!.replace(/^https?:\/\/[^/]+/, ''))), page.click('.woocommerce-product-gallery__image a')]);
    const ours = errors.filter((e) => /lightbox could not be loaded/.test(e));
    assert.equal(ours.length, 1, errors.join('\n'));
    assert.deepEqual(errors.filter((e) => /Unhandled|Uncaught/i.test(e)), []);
  });

  it('GAL-05 the broken gallery image shows the message and a link in the slider', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url.replace(/\/$/, "")}/product/simple-mug/`);
    await mounted(page, 'product-gallery');
    await page.click('ol.flex-control-thumbs li:nth-child(4) button');
    const message = await page.waitForSelector('.woocommerce-product-gallery__image:nth-child(4) .vitrine-gallery__error');
    assert.equal(await message.textContent(), 'The image could not be loaded.');
    assert.match((await message.$eval('a', (a) => a.getAttribute('href'))) ?? '', /simple-mug-missing/);
    assert.equal(await page.getAttribute('.woocommerce-product-gallery__image:nth-child(4)', 'data-load-error'), 'true');
    await screenshot(page, 'product-gallery-broken');
  });

  it('GAL-06 on a phone: swipe to the next photo, double tap zooms, the backdrop hides the page', async () => {
    const page = await newPage(env.browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await page.goto(`${env.demo.url}product/simple-mug/`);
    await mounted(page, 'product-gallery');
    await page.tap('.woocommerce-product-gallery__trigger');
    await page.waitForSelector('.pswp.vitrine-pswp--ready');
    assert.equal(await page.textContent('.pswp__counter'), '1 / 5');
    // A finger drag from right to left, as Chromium's touch input delivers it.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: x === undefined ? [] : [{ x, y: 420 }] });
    await touch('touchStart', 320);
    for (let x = 290; x >= 60; x -= 30) await touch('touchMove', x);
    await touch('touchEnd');
    await page.waitForFunction(() => document.querySelector('.pswp__counter')?.textContent === '2 / 5');
    assert.match(await hash(page), /^#&gid=1&pid=2$/);
    // A double tap: the two taps go out back to back (awaiting each one's round trip could, on a busy machine,
    // leave more than PhotoSwipe's double-tap window between them).
    await Promise.all(['touchStart', 'touchEnd', 'touchStart', 'touchEnd'].map((type) => touch(type as 'touchStart' | 'touchEnd', type === 'touchStart' ? 195 : undefined)));
    await page.waitForSelector('.pswp.pswp--zoomed-in');
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.pswp__bg')!).opacity), '1');
    await screenshot(page, 'product-lightbox-phone-zoomed');
  });

  it('GAL-05 on a phone a tap on a photo zooms it; on the broken photo, which cannot zoom, the tap opens the lightbox', async () => {
    const page = await newPage(env.browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await page.goto(`${env.demo.url}product/simple-mug/`);
    await mounted(page, 'product-gallery');
    await page.tap('.woocommerce-product-gallery__image.flex-active-slide img');
    await page.waitForSelector('.flex-active-slide[data-vitrine-touch-zoom="1"]');
    assert.equal(await page.$('.pswp'), null);
    await page.tap('ol.flex-control-thumbs li:nth-child(4) button');
    await page.waitForSelector('.woocommerce-product-gallery__image:nth-child(4).flex-active-slide');
    await page.tap('.woocommerce-product-gallery__image:nth-child(4)');
    await page.waitForSelector('.pswp.vitrine-pswp--ready');
    assert.equal(await page.textContent('.pswp__counter'), '4 / 5');
  });

  it('TAB-01 the page opened at #reviews shows the reviews tab', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url.replace(/\/$/, "")}/product/teapot-with-reviews/#reviews`);
    await mounted(page, 'product-tabs');
    await page.waitForSelector('#tab-reviews', { state: 'visible' });
    assert.equal(await page.getAttribute('a[href="#tab-reviews"]', 'aria-selected'), 'true');
    assert.equal(await page.isVisible('#tab-description'), false);
  });

  it('HLP-04 with the admin bar of a logged-in user, #reviews lands below the bar; nothing else changes', async () => {
    const tabsTop = async (query: string) => {
      // A short window, so the page can scroll far enough for the tabs to reach the top.
      const page = await newPage(env.browser, { viewport: { width: 1280, height: 300 } });
      await page.goto(`${env.demo.url}product/teapot-with-reviews/${query}#reviews`);
      await mounted(page, 'product-tabs');
      await page.waitForSelector('#tab-reviews', { state: 'visible' });
      const top = await page.evaluate(() => Math.round(document.querySelector('.woocommerce-tabs')!.getBoundingClientRect().top));
      const covering = await page.evaluate((y) => document.elementFromPoint(200, y + 2)?.closest('#wpadminbar') !== null, top);
      // Which widgets the page has, not how far each has loaded (idle ones may or may not have run yet).
      const rows = await page.evaluate(() => window.vitrine!.report().map((row) => row.widget).sort());
      await page.context().close();
      return { top, covering, rows };
    };
    const plain = await tabsTop('');
    const admin = await tabsTop('?admin-bar');
    assert.equal(plain.top, 50);
    assert.equal(admin.top, 50 + 32);
    assert.equal(admin.covering, false);
    assert.deepEqual(admin.rows, plain.rows);
  });

  it('HLP-04 a notice added below the fold scrolls to 100 px under the admin bar', async () => {
    const page = await newPage(env.browser, { viewport: { width: 1280, height: 400 } });
    await page.goto(`${env.demo.url}product/teapot-with-reviews/?admin-bar`);
    await mounted(page, 'wc-notices');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // As a plugin adds one after an action: the wrapper gets a new error notice.
    await page.evaluate(() => {
      const wrapper = document.querySelector('.woocommerce-notices-wrapper')!;
      wrapper.insertAdjacentHTML('beforeend', '<ul class="woocommerce-error" role="alert"><li>Please choose a quantity.</li></ul>');
    });
    await page.waitForFunction(() => document.activeElement?.classList.contains('woocommerce-error'));
    await page.waitForFunction(() => Math.round(document.querySelector('.woocommerce-error')!.getBoundingClientRect().top) === 132, undefined, { timeout: HANG_MS });
    await screenshot(page, 'notice-under-admin-bar');
  });

  it('HLP-02 a notice added below the fold scrolls into view, 100 px under the top of the window', async () => {
    const page = await newPage(env.browser, { viewport: { width: 1280, height: 400 } });
    await page.goto(`${env.demo.url}product/teapot-with-reviews/`);
    await mounted(page, 'wc-notices');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const before = await page.evaluate(() => document.querySelector('.woocommerce-notices-wrapper')!.getBoundingClientRect().top);
    assert.ok(before < 0, `the notices area starts out of view (top ${before})`);
    await page.evaluate(() => {
      document
        .querySelector('.woocommerce-notices-wrapper')!
        .insertAdjacentHTML('beforeend', '<ul class="woocommerce-error" role="alert"><li>Please choose a quantity.</li></ul>');
    });
    // The page scrolls (over 1 s) until the notice sits 100 px below the top of the window.
    await page.waitForFunction(() => Math.round(document.querySelector('.woocommerce-error')!.getBoundingClientRect().top) === 100, undefined, { timeout: HANG_MS });
    const box = await page.evaluate(() => {
      const rect = document.querySelector('.woocommerce-error')!.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, height: window.innerHeight };
    });
    assert.ok(box.top >= 0 && box.bottom <= box.height, `the notice is in the viewport: ${JSON.stringify(box)}`);
  });

  it('the rating stars are fetched when the shopper opens the reviews tab, not for one who never does', async () => {
    const page = await newPage(env.browser);
    const ratingRequests: string[] = [];
    page.on('request', (request) => {
      if (/review-rating-[\w-]+\.js/.test(request.url())) ratingRequests.push(request.url());
    });
    await page.goto(`${env.demo.url.replace(/\/$/, '')}/product/teapot-with-reviews/`);
    // The quantity field loads at idle, as the stars did before: once it is mounted, idle has come and gone.
    await mounted(page, 'quantity');
    await page.evaluate(() => window.vitrine?.settled());
    assert.deepEqual(ratingRequests, [], 'the stars were fetched with the reviews tab closed');
    await page.click('a[href="#tab-reviews"]');
    await mounted(page, 'review-rating');
    await page.click('p.stars a.star-4');
    assert.equal(await page.inputValue('select#rating'), '4');
  });

  it('REV-02 a review without a rating is blocked with the required-rating alert', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url.replace(/\/$/, "")}/product/teapot-with-reviews/#reviews`);
    await mounted(page, 'review-rating');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.fill('#comment', 'Lovely pot.');
    await page.click('#respond #submit');
    await page.waitForTimeout(300);
    assert.deepEqual(dialogs, ['Please select a rating']);
    assert.equal((await requests(env.demo.url, { pathPrefix: '/wp-comments-post.php' })).length, 0);
    assert.match(page.url(), /teapot-with-reviews/);
  });

  it('keyboard only: walk the tabs, rate with arrows, open and close the lightbox; axe finds nothing serious', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url.replace(/\/$/, "")}/product/teapot-with-reviews/`);
    await mounted(page, 'product-tabs');
    await page.focus('a[href="#tab-description"]');
    // Each key's result is awaited as a shopper sees it: the lite flavour (Preact) renders a beat after the key.
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('a[href="#tab-additional_information"][aria-selected="true"]');
    await page.waitForSelector('#tab-additional_information', { state: 'visible' });
    await page.keyboard.press('End');
    await page.waitForSelector('#tab-reviews', { state: 'visible' });
    await mounted(page, 'review-rating');
    // Tab from the reviews tab into the panel until the star group has the focus.
    for (let i = 0; i < 30 && !(await page.evaluate(() => document.activeElement?.getAttribute('role') === 'radio')); i++) await page.keyboard.press('Tab');
    for (const star of [1, 2, 3]) {
      await page.keyboard.press('ArrowRight');
      await page.waitForSelector(`p.stars a.star-${star}[aria-checked="true"]`);
    }
    assert.equal(await page.inputValue('select#rating'), '3');
    await screenshot(page, 'product-reviews-keyboard');
    // The server's `.star-rating` text (hidden by WooCommerce's own CSS, absent from the demo) is not ours.
    assert.deepEqual(await axeCheck(page, { exclude: ['.star-rating'] }), []);

    await page.focus('.woocommerce-product-gallery__trigger');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.pswp.vitrine-pswp--ready');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.location.hash.endsWith('pid=2'));
    await page.keyboard.press('Escape');
    await page.waitForSelector('.pswp', { state: 'detached' });
    assert.match(await activeId(page), /woocommerce-product-gallery__trigger/);
  });

  it('axe: the simple product page with the gallery has no serious or critical violation', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url.replace(/\/$/, "")}/product/simple-mug/`);
    await mounted(page, 'product-gallery');
    await screenshot(page, 'product-simple-gallery');
    assert.deepEqual(await axeCheck(page), []);
  });

  for (const capture of ['product-simple.html', 'product-reviews.html']) {
    it(`mounts and works on the genuine capture ${capture}`, async () => {
      const page = await newPage(env.browser);
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`${env.demo.url.replace(/\/$/, "")}/captures/${capture}`);
      await mounted(page, 'product-gallery');
      await mounted(page, 'product-tabs');
      // The capture fades the gallery in (inline transition .25s) once a script reveals it.
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.woocommerce-product-gallery')!).opacity === '1');
      const slideCount = await page.$$eval('.woocommerce-product-gallery__image', (s) => s.length);
      assert.equal(await page.$$eval('ol.flex-control-thumbs button', (b) => b.length), slideCount);
      await page.click('ol.flex-control-thumbs li:nth-child(3) button');
      await page.waitForSelector('.woocommerce-product-gallery__image:nth-child(3).flex-active-slide');
      await page.click('a[href="#tab-reviews"]');
      await page.waitForSelector('#tab-reviews', { state: 'visible' });
      await mounted(page, 'review-rating');
      await page.click('#respond #submit');
      await page.waitForTimeout(200);
      assert.deepEqual(dialogs, ['Please select a rating']);
      await page.click('p.stars a.star-5');
      assert.equal(await page.inputValue('select#rating'), '5');
      await screenshot(page, `capture-${capture}`);
    });
  }
});
