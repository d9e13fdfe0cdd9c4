import { assert, assertEqual, type Journey, type Run, until } from '../journey.ts';

// Browsing journeys on the genuine shop: the product page (gallery, tabs, reviews), the store notice, the instant
// search and the cookie notice.

/** Sourcebuster's cookies (order attribution's record of the visit): tracking, so only with consent. */
const TRACKING_COOKIE = /^sbjs_/;

/** A shopper who already answered the cookie banner (Cookie Notice's cookie). */
const COOKIES_ANSWERED = { cookie_notice_accepted: 'true' };

/** The store notice shows on the shop page, its dismiss link hides it, and it stays hidden on the next page. */
async function noticeShownThenDismissed(run: Run): Promise<void> {
  const { page } = run;
  await page.goto(run.url('/shop/'));
  const notice = page.locator('.woocommerce-store-notice');
  await notice.waitFor({ state: 'visible' });
  await notice.locator('.woocommerce-store-notice__dismiss-link').click();
  await notice.waitFor({ state: 'hidden' });
  await page.reload();
  await page.waitForLoadState('load');
  assert(!(await notice.isVisible()), 'the dismissed notice stays hidden on the next page');
}

export const browsingJourneys: Journey[] = [
  {
    name: 'gallery: the lightbox opens and closes by keyboard',
    async run(run) {
      const { page } = run;
      await page.goto(run.url('/product/simple-mug/'));
      const trigger = page.locator('.woocommerce-product-gallery__trigger');
      await trigger.waitFor();
      await trigger.focus();
      await page.keyboard.press('Enter');
      const lightbox = page.locator('.pswp.pswp--open');
      await lightbox.waitFor();
      await lightbox.locator('img').first().waitFor();
      await page.keyboard.press('Escape');
      await until('the lightbox to close', async () => ((await lightbox.count()) === 0 || !(await lightbox.isVisible()) ? true : undefined));
    },
  },
  {
    name: 'product page: the reviews tab opens from the address',
    async run(run) {
      const { page } = run;
      await page.goto(run.url('/product/teapot-with-reviews/#tab-reviews'));
      await page.locator('#tab-reviews').waitFor({ state: 'visible' });
      await until('the reviews tab to be the active one', async () => ((await page.locator('li.reviews_tab').getAttribute('class'))?.includes('active') ? true : undefined));
      assert(!(await page.locator('#tab-description').isVisible()), 'the description panel is hidden while the reviews are shown');
    },
  },
  {
    name: 'product page: a review without a rating is refused, with one it is sent',
    async run(run) {
      const { page } = run;
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.dismiss();
      });
      // The page also keeps what alert() was called with: once in about thirty runs the driver reported no dialog
      // although the stars had taken the focus, which they do right after the alert (three shoppers' windows run
      // side by side here; a probe of alerts in three windows at once did not reproduce it). What the journey checks
      // is that the shopper is told, not how the driver hears of it.
      await page.addInitScript(() => {
        const alert = window.alert.bind(window);
        const seen: string[] = [];
        Object.assign(window, { vitrineJourneyAlerts: seen });
        window.alert = (message?: unknown) => {
          seen.push(String(message));
          alert(message);
        };
      });
      await page.goto(run.url('/product/teapot-with-reviews/#tab-reviews'));
      const form = page.locator('#review_form');
      await form.locator('#comment').fill(`A fine teapot (${run.stack}, ${run.theme}, ${Date.now()}).`);
      await form.locator('#author').fill('Journey Shopper');
      await form.locator('#email').fill('shopper@example.com');
      const before = page.url();
      await form.locator('#submit').click();
      await until('the shopper to be told a rating is needed', async () => {
        const called = await page.evaluate(() => (window as unknown as { vitrineJourneyAlerts: string[] }).vitrineJourneyAlerts);
        if ([...alerts, ...called].some((text) => /rating/i.test(text))) return true;
        if (await page.getByText(/select a rating/i).first().isVisible()) return true;
        // Pressed before the stars' code arrived: the browser's own bubble on the required rating select, which it
        // focuses (the select is still on screen then), says so.
        const rating = page.locator('select#rating');
        const native = await rating.evaluate((el: HTMLSelectElement) => document.activeElement === el && el.validationMessage !== '');
        return native && (await rating.isVisible()) ? true : undefined;
      });
      assertEqual(page.url(), before, 'the address after the refused review (nothing sent)');
      await form.locator('.stars a.star-5, .stars a:has-text("5")').first().click();
      await Promise.all([page.waitForURL((url) => url.href !== before, { waitUntil: 'commit' }), form.locator('#submit').click()]);
      const landed = await page.waitForLoadState('load').then(() => page.url());
      assert(!/wp-comments-post\.php$/.test(landed), `the review was taken (landed on ${landed})`);
    },
  },
  {
    name: 'shop page sorted by price: the result count says so to screen readers only, once it has been re-announced',
    async run(run) {
      const { page } = run;
      await page.goto(run.url('/shop/?orderby=price'));
      const count = page.locator('.woocommerce-result-count').first();
      // woocommerce.js hides the count from screen readers at load and speaks it again 2 s later.
      await until('the count to be re-announced', async () => ((await count.getAttribute('aria-hidden')) === 'false' && ((await count.textContent()) ?? '').trim() !== '' ? true : undefined));
      // The sorting is for screen readers: inside the theme's .screen-reader-text, not loose in the line the shopper reads.
      const shown = await count.evaluate((line) => Array.from(line.childNodes, (node) => (node.nodeType === Node.TEXT_NODE ? node.textContent : '')).join('').trim());
      assert(!/sorted by/i.test(shown), `the count shows only the count (its own text is "${shown}")`);
      assertEqual(await count.locator('.screen-reader-text').textContent(), 'Sorted by price: low to high', 'the sorting, for screen readers');
    },
  },
  {
    name: 'store notice: shown, then dismissed for good',
    // Storefront shows the store notice at the bottom, where the cookie banner covers it until answered.
    cookies: COOKIES_ANSWERED,
    run: noticeShownThenDismissed,
  },
  {
    name: 'store notice: shown in a theme whose CSS hides it, then dismissed',
    cookies: { ...COOKIES_ANSWERED, vitrine_test_theme_css: 'hide-store-notice' },
    run: noticeShownThenDismissed,
  },
  {
    name: 'instant search: type, arrow down, Enter opens the product',
    // Seen on 10.0.2 in Twenty Twenty-One (stop 59): the suggestion is highlighted, Enter leaves the shopper on /shop/.
    classicNote: "Smart WooCommerce Search's own script highlights the suggestion on ArrowDown, and Enter opens nothing",
    async run(run) {
      const { page } = run;
      await page.goto(run.url('/shop/'));
      const input = page.locator('input[id^="ysm-smart-search-1"]').first();
      await input.scrollIntoViewIfNeeded();
      await input.focus();
      await page.keyboard.type('stoneware', { delay: 60 });
      const first = page.locator('.smart-search-suggestions .autocomplete-suggestion').first();
      await first.waitFor();
      // Seen, not only there: the row's middle is not clipped or covered (the plugin's stylesheet sizes the results box
      // for its own script, and left as it is that box is 0 px tall with the rows inside it).
      await first.evaluate((row) => row.scrollIntoView({ block: 'nearest' }));
      const seen = await first.evaluate((row) => {
        const box = row.getBoundingClientRect();
        const clip = row.closest('.smart-search-results')?.getBoundingClientRect();
        const atMiddle = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 20));
        return { hit: !!atMiddle && row.contains(atMiddle), resultsHeight: Math.round(clip?.height ?? -1) };
      });
      assertEqual(seen.hit, true, `the first suggestion is seen at its middle (results box ${seen.resultsHeight} px tall)`);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/product\/stoneware-mug\//);
    },
  },
  {
    name: 'cookie notice: accept, and no tracking cookie before it',
    async run(run) {
      const { page, context } = run;
      await page.goto(run.url('/shop/'));
      await page.waitForLoadState('load');
      const banner = page.locator('#cookie-notice');
      await banner.waitFor({ state: 'visible' });
      const early = (await context.cookies()).filter((cookie) => TRACKING_COOKIE.test(cookie.name)).map((cookie) => cookie.name);
      assertEqual(early, [], 'tracking cookies before any choice');
      await page.locator('#cn-accept-cookie').click();
      await banner.waitFor({ state: 'hidden' });
      const accepted = (await context.cookies()).find((cookie) => cookie.name === 'cookie_notice_accepted');
      assertEqual(accepted?.value, 'true', 'the cookie_notice_accepted cookie after Accept');
    },
  },
  {
    name: 'cookie notice: refuse, and no tracking cookie after it',
    async run(run) {
      const { page, context } = run;
      await page.goto(run.url('/shop/'));
      const banner = page.locator('#cookie-notice');
      await banner.waitFor({ state: 'visible' });
      await page.locator('#cn-refuse-cookie').click();
      await banner.waitFor({ state: 'hidden' });
      const refused = (await context.cookies()).find((cookie) => cookie.name === 'cookie_notice_accepted');
      assertEqual(refused?.value, 'false', 'the cookie_notice_accepted cookie after Refuse');
      await page.goto(run.url('/product/simple-mug/'));
      await page.waitForLoadState('load');
      const tracking = (await context.cookies()).filter((cookie) => TRACKING_COOKIE.test(cookie.name)).map((cookie) => cookie.name);
      assertEqual(tracking, [], 'tracking cookies after Refuse');
    },
  },
];
