import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { collectErrors, faults, HANG_MS, holdChunks, newPage, withDemo } from './harness.ts';

// Five quick clicks with the pointer held still, as a shopper clicks, in a theme whose listing cards are flex
// columns with `justify-content: space-between` (Twenty Twenty-One's rule, copied below), against a server that
// answers in 150 ms as a real shop does. The first answer lands among the clicks; the "View cart" link it brings
// must not move the button out from under the pointer (the genuine shop lost the fifth click this way: it hit the
// card or the link).

const TWENTY_TWENTY_ONE_CARDS = `
  .woocommerce ul.products li.product, ul.products li.product {
    display: flex; flex-direction: column; justify-content: space-between; align-items: flex-start; min-height: 640px;
  }
  ul.products li.product a.added_to_cart { display: block; margin-top: 8px; }`;

async function cartQuantity(base: string): Promise<number> {
  const state = (await (await fetch(new URL('/__vitrine/state', base))).json()) as { sessions: { items: { quantity: number }[] }[] };
  return state.sessions.flatMap((session) => session.items).reduce((sum, item) => sum + item.quantity, 0);
}

/** Clicks five times, 80 ms apart, where the first simple product's button is when the first click goes. */
async function clickFiveTimesInPlace(page: Page): Promise<{ x: number; y: number }> {
  const button = page.locator('a.ajax_add_to_cart[data-product_id]').first();
  await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await button.boundingBox();
  assert.ok(box, 'the first listing button is on screen');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  for (let click = 0; click < 5; click++) {
    await page.mouse.click(point.x, point.y);
    await page.waitForTimeout(80); // the shopper's pace, not a wait for an outcome
  }
  return point;
}

describe('quick clicks with the pointer held still (a 150 ms server, cards laid out with space-between)', () => {
  const env = withDemo({ reset: true });

  const cases = [
    { when: 'load', late: false, title: 'just after load' },
    { when: 'domcontentloaded', late: false, title: 'at DOMContentLoaded' },
    { when: 'domcontentloaded', late: true, title: "at DOMContentLoaded before any widget's code has arrived (held, then replayed)" },
  ] as const;
  for (const { when, late, title } of cases) {
    it(`ATC-03 five clicks ${title} are five adds; the View cart link waits for the pointer to leave`, async () => {
      await faults(env.demo.url).add({ match: 'add_to_cart', fault: 'latency:150', times: 5 });
      const page = await newPage(env.browser);
      const errors = collectErrors(page);
      await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = ${JSON.stringify(TWENTY_TWENTY_ONE_CARDS)};
        document.head.append(style);
      });`);
      // The late case holds every chunk until the five clicks are done, however busy the machine.
      const release = late ? await holdChunks(page) : () => {};
      await page.goto(`${env.demo.url}shop/`, { waitUntil: when });
      await page.evaluate(() => Object.assign(window, { __sameWindow: true }));
      await clickFiveTimesInPlace(page);
      release();
      await page.waitForFunction(() => !document.querySelector('a.ajax_add_to_cart.loading'), undefined, { timeout: HANG_MS });
      assert.equal(await cartQuantity(env.demo.url), 5, 'five clicks, five in the cart');
      assert.ok(await page.evaluate(() => (window as { __sameWindow?: boolean }).__sameWindow), 'a click left the page (it hit the View cart link)');
      // The pointer is still on the button: the link has waited. Moving away shows it.
      assert.equal(await page.locator('a.added_to_cart.wc-forward').count(), 0, 'the link appeared under the pointer');
      await page.mouse.move(5, 5);
      await page.locator('a.added_to_cart.wc-forward').first().waitFor();
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
});
