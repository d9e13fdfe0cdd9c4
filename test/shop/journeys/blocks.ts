import type { Page } from 'playwright-core';
import { addByLink, assert, assertEqual, type Journey, type Run } from '../journey.ts';

// WooCommerce's block Cart and Checkout pages (the kit switches the pages to blocks for these): Vitrine mounts
// nothing inside a block, adds no second mini cart, breaks nothing, and the classic mini-cart widget beside the
// block cart follows it.

const MUG = 10;

/** What of Vitrine's sits inside a block: roots it rendered there, or widgets it mounted on a block's markup. */
const vitrineInsideBlocks = (page: Page) =>
  page.evaluate(() => {
    const blocks = '[class*="wp-block-woocommerce-"]';
    const roots = [...document.querySelectorAll(`${blocks} [data-vitrine-root]`)].map((el) => el.outerHTML.slice(0, 60));
    const report = (window as { vitrine?: { report(): { widget: string; element: Element; state: string }[] } }).vitrine?.report() ?? [];
    const widgets = report.filter((row) => row.state === 'mounted' && row.element.closest(blocks)).map((row) => row.widget);
    return [...roots, ...widgets];
  });

/** Uncaught errors only: a theme's blocked web fonts log console errors that have nothing to do with the page. */
const pageErrors = (run: Run) => run.errors.filter((error) => error.startsWith('page error'));

export const blockJourneys: Journey[] = [
  {
    name: 'block cart: untouched, and the classic mini cart follows a removal made there',
    async run(run) {
      const { page } = run;
      await addByLink(run, MUG);
      // The shopper saw the mini cart with the mug (the browser keeps a copy of it)...
      await page.goto(run.url('/shop/'));
      const miniCart = page.locator('.widget_shopping_cart_content:visible').first();
      await miniCart.locator('.woocommerce-mini-cart-item').filter({ hasText: 'Simple Mug' }).waitFor();
      // ...removed the mug in the block cart (WooCommerce shows no classic mini cart on the cart page)...
      await page.goto(run.url('/cart/'));
      const item = page.locator('.wp-block-woocommerce-cart .wc-block-cart-items__row').filter({ hasText: 'Simple Mug' });
      await item.waitFor();
      assertEqual(await vitrineInsideBlocks(page), [], "Vitrine's roots or widgets inside the blocks");
      await item.locator('.wc-block-cart-item__remove-link').click();
      // The block shows its empty cart once the server answered; only then is the server's cart read (a read that
      // overlaps the block's own request would write an older session back).
      await page.locator('.wp-block-woocommerce-empty-cart-block').waitFor();
      assertEqual((await run.cart()).items_count, 0, "items in the server's cart after the removal");
      assertEqual(pageErrors(run), [], 'uncaught errors on the block cart page');
      // ...and back in the shop the mini cart is the server's, not the stale copy.
      await page.goto(run.url('/shop/'));
      await miniCart.locator('.woocommerce-mini-cart__empty-message').waitFor();
    },
  },
  {
    name: 'block checkout: untouched, with its own fields and no error',
    async run(run) {
      const { page } = run;
      await addByLink(run, MUG);
      await page.goto(run.url('/checkout/'));
      await page.locator('.wp-block-woocommerce-checkout .wc-block-components-address-form, .wp-block-woocommerce-checkout #email').first().waitFor();
      await page.waitForLoadState('load');
      assertEqual(await vitrineInsideBlocks(page), [], "Vitrine's roots or widgets inside the blocks");
      assert((await page.locator('.vitrine-select-combobox').count()) === 0, 'no Vitrine combobox on the block checkout');
      assertEqual(pageErrors(run), [], 'uncaught errors on the block checkout page');
    },
  },
];
