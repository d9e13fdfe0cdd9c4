import type { BrowserContext, Page } from 'playwright-core';
import { assert, type Journey, PAGE_TRAFFIC, type Run, until, watchCalls, watchRequests } from '../journey.ts';

// Several shoppers at once on the genuine shop: WooCommerce does not lock a session, so two requests of one
// shopper that overlap can write over each other's cart. Each shopper (its own context, so its own session) adds
// in bursts of quick clicks on the listing and removes lines from the cart widget, for a fixed window; then every
// server cart is read and set against what its shopper asked for. The smaller sister of test/sweep/load.test.ts.

/**
 * Simple products on the first shop page (12 cards) without stock limits, by SKU (the kit's ids depend on its images):
 * the Sale Poster, then the catalogue's first simple products after the Travel Mug (2 in stock).
 */
const PRODUCTS = ['POSTER-1', 'MUG-ENAMEL', 'MUG-STONE', 'CUP-ESP', 'BOARD-OAK', 'BOWL-SALAD'];
const SHOPPERS = 3;
const WINDOW_MS = 20_000;
/** Storefront also keeps a cart in its header's dropdown, off screen until hovered: the shopper uses the page's widget. */
const CART_WIDGET = '.widget_shopping_cart_content:not(.site-header-cart .widget_shopping_cart_content)';

interface Shopper {
  page: Page;
  context: BrowserContext;
  /** SKU → quantity asked for. */
  asked: Map<string, number>;
  traffic: ReturnType<typeof watchRequests>;
  /** What the shopper did, in order ("added BOWL-SALAD×3"), and the page's requests: a wrong cart's story. */
  did: string[];
  calls: string[];
}

/** A control still at work on the shopper's last action: an add button's spinner, the cart widget blocked or busy. */
const BUSY = 'a.add_to_cart_button.loading, a.add_to_cart_button[aria-busy="true"], .widget_shopping_cart_content [aria-busy="true"], .widget_shopping_cart_content .blockUI';

/**
 * Until the shopper's last action is done: nothing shows busy, the page's requests to the shop are answered and
 * nothing moved for a moment (a later read then sees all). The requests alone could not say: a click held while its
 * widget's code was on the way sends nothing for a while, and the next action (or the final read) then overlapped it.
 */
const settled = (shopper: Shopper) =>
  until(
    'the shopper\'s last action to be done',
    async () => {
      if (shopper.traffic.inFlight > 0 || Date.now() - shopper.traffic.lastActivity <= 500) return undefined;
      const busy = await shopper.page.locator(BUSY).count().catch(() => 1);
      return busy === 0 ? true : undefined;
    },
    90_000,
  );

/** A cart as text, lines by SKU: "CUP-ESP×2, MUG-ENAMEL×1" (or "empty"). */
const text = (cart: Map<string, number>) =>
  [...cart]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([sku, quantity]) => `${sku}×${quantity}`)
    .join(', ') || 'empty';

async function shopFor(shopper: Shopper, url: (path: string) => string, index: number, end: number): Promise<void> {
  const { page } = shopper;
  await page.goto(url('/shop/'));
  let turn = index;
  let doing = '';
  try {
    while (Date.now() < end) {
      turn++;
      const inCart = [...shopper.asked.keys()];
      if (turn % 4 === 0 && inCart.length > 0) {
        const sku = inCart[turn % inCart.length]!;
        doing = `removing ${sku} from the cart widget`;
        // The listing button names the product's id, which the cart widget's removal link carries.
        const id = await page.locator(`a.add_to_cart_button[data-product_sku="${sku}"]`).first().getAttribute('data-product_id');
        const remove = page.locator(`${CART_WIDGET} a.remove_from_cart_button[data-product_id="${id}"]`).first();
        await remove.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await remove.hover();
        await page.waitForTimeout(150); // the shopper's aim
        // Not noWaitAfter: with it Playwright ignores its hit-target check, and a click its interceptor stopped (the
        // fragments put the cart widget in again between its aim and its press) counts as done, never retried.
        await remove.click();
        shopper.asked.delete(sku);
        shopper.did.push(`removed ${sku}`);
      } else {
        const sku = PRODUCTS[(turn * 5 + index) % PRODUCTS.length]!;
        const clicks = 1 + (turn % 3);
        doing = `adding ${sku} with ${clicks} clicks`;
        const button = page.locator(`a.add_to_cart_button[data-product_sku="${sku}"]`).first();
        await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        // The shopper aims first: the pointer comes to the button and rests a moment. (The last card's View cart link
        // appears as the pointer leaves that button, and in Twenty Twenty-One it makes its row a line taller: a hand
        // follows the button down, Playwright's instant move-and-click would land where the button was.)
        await button.hover();
        await page.waitForTimeout(150); // the shopper's aim, not a wait for an outcome
        // The clicks go out back to back as one gesture, as a hurried shopper's do.
        await button.click({ clickCount: clicks });
        shopper.asked.set(sku, (shopper.asked.get(sku) ?? 0) + clicks);
        shopper.did.push(`added ${sku}×${clicks}`);
      }
      await settled(shopper);
      // A removal link followed before its script took it over is a trip to the cart page: back to the shop.
      const at = new URL(page.url()).pathname;
      if (!at.startsWith('/shop/')) {
        shopper.did.push(`back to the shop from ${at}`);
        await page.goto(url('/shop/'));
      }
    }
  } catch (error) {
    const widget = await page
      .locator(CART_WIDGET)
      .evaluateAll((found) => found.map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200)).join(' / '))
      .catch(() => 'unreadable');
    throw new Error(`shopper ${index + 1}, ${doing} (asked so far: ${text(shopper.asked)}; the cart widget shows: ${widget || 'no widget'}): ${String(error).split('\n')[0]}`);
  }
}

export const loadJourney: Journey = {
  name: `load: ${SHOPPERS} shoppers at once add in bursts and remove for ${WINDOW_MS / 1000} s: every server cart holds exactly what its shopper asked for`,
  // The cart widget sits where Storefront's cookie banner covers it until answered.
  cookies: { cookie_notice_accepted: 'true' },
  // Sessions are the server's, whatever the theme: one theme (CI's 25 minutes on 2 cores are the limit).
  themes: ['twentytwentyone'],
  async run(run: Run) {
    const browser = run.context.browser();
    assert(browser, 'the run has a browser');
    const shoppers: Shopper[] = [{ page: run.page, context: run.context, asked: new Map(), traffic: watchRequests(run.page, PAGE_TRAFFIC), did: [], calls: run.calls }];
    // The other shoppers: contexts like the run's (its stack and cookies, its user agent), each its own session.
    const cookies = await run.context.cookies();
    for (let i = 1; i < SHOPPERS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: await run.page.evaluate(() => navigator.userAgent) });
      context.setDefaultTimeout(90_000);
      context.setDefaultNavigationTimeout(120_000);
      await context.addCookies(cookies);
      const page = await context.newPage();
      shoppers.push({ page, context, asked: new Map(), traffic: watchRequests(page, PAGE_TRAFFIC), did: [], calls: watchCalls(page) });
    }
    try {
      const end = Date.now() + WINDOW_MS;
      await Promise.all(shoppers.map((shopper, index) => shopFor(shopper, run.url, index, end)));
      const wrong: string[] = [];
      for (const [index, shopper] of shoppers.entries()) {
        await settled(shopper);
        const response = await shopper.context.request.get(run.url('/wp-json/wc/store/v1/cart'));
        assert(response.ok(), `the Store API cart answered ${response.status()}`);
        const cart = (await response.json()) as { items: { sku: string; quantity: number }[] };
        const held = new Map(cart.items.map((item) => [item.sku, item.quantity]));
        if (text(held) !== text(shopper.asked)) {
          wrong.push(`shopper ${index + 1} asked for ${text(shopper.asked)}, the server holds ${text(held)} (did: ${shopper.did.join(', ')}; requests: ${shopper.calls.join(', ')})`);
        }
      }
      assert(wrong.length === 0, wrong.join('; '));
    } finally {
      for (const shopper of shoppers.slice(1)) await shopper.context.close();
    }
  },
};
