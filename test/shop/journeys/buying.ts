import type { Locator, Page, Route } from 'playwright-core';
import { addByLink, assert, assertEqual, type Journey, type Run, until, watchRequests } from '../journey.ts';

// Buying journeys on the genuine shop: the listing's add to cart, the mini cart, the variation forms, the swatches
// and the cart page. Each ends on the server's cart (WooCommerce's Store API), not on what the page says.

const MUG = 10;
const TEE_BLUE_SMALL = 15;
const SNEAKER_RED_42_REGULAR = 241;

/** True while the button shows that it is working (WooCommerce's .loading, or a busy or disabled state). */
const busy = (button: Locator) =>
  button
    .first()
    .evaluate((el) => el.classList.contains('loading') || el.getAttribute('aria-busy') === 'true' || el.getAttribute('aria-disabled') === 'true', undefined, {
      timeout: 2000,
    });

/**
 * Five clicks, 80 ms apart, with the pointer held still where the Simple Mug's listing button is when the first one
 * goes (a quick shopper does not follow a button that moves), as soon as `waitUntil` fires. Then waits until nothing
 * has moved for 2 s with no add unanswered and the button idle (the point where a lost click can no longer turn up),
 * and checks the server's cart holds exactly five.
 */
async function fiveQuickClicks(run: Run, waitUntil: 'load' | 'domcontentloaded', afterClicks?: () => Promise<void>): Promise<void> {
  const { page } = run;
  const adds = watchRequests(page, /[?&]wc-ajax=add_to_cart\b|[?&]add-to-cart=/);
  await page.goto(run.url('/shop/'), { waitUntil });
  const button = page.locator(`a.add_to_cart_button[data-product_id="${MUG}"]`);
  // The shopper scrolled to the card (in the middle of the window, clear of the fixed notices at the bottom).
  await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await button.boundingBox();
  assert(box, 'the Simple Mug has an add to cart button on the shop page');
  for (let click = 0; click < 5; click++) {
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(80); // the shopper's pace, not a wait for an outcome
  }
  await afterClicks?.();
  // The server's cart is read once the page is quiet, never while adds may still come: a Store API read that overlaps
  // an add writes its older copy of the session back (WooCommerce does not lock sessions) and loses that add.
  await until(
    'the five adds to be answered',
    async () => {
      if (adds.inFlight > 0 || Date.now() - adds.lastActivity < 2000) return undefined;
      // A click that hit something else may have taken the shopper to another page: no more adds will come.
      if (!new URL(page.url()).pathname.startsWith('/shop/')) return true;
      return (await busy(button)) ? undefined : true;
    },
    60_000,
  );
  const cart = await run.cart();
  assertEqual(cart.items_count, 5, `items in the server's cart after five quick clicks (${adds.sent} add requests went out)`);
}

/** Waits for the server's cart to hold `quantity` of item `id` (a product or variation id). */
async function cartHolds(run: Run, id: number, quantity = 1): Promise<void> {
  await until(`the cart to hold ${quantity} × item ${id}`, async () => {
    const cart = await run.cart();
    return cart.items.some((item) => item.id === id && item.quantity === quantity) ? true : undefined;
  });
}

/** Chooses an option of a variation select, even when the swatches plugin hides the select behind its swatches. */
async function choose(page: Page, select: string, value: string): Promise<void> {
  await page.locator(`form.variations_form select#${select}`).selectOption(value, { force: true });
}

/** The product form's add button, pressed once it can be (a variation chosen). */
async function pressAddToCart(page: Page): Promise<void> {
  const button = page.locator('form.cart .single_add_to_cart_button');
  await until('the add button to be enabled', async () => ((await button.evaluate((el) => el.classList.contains('disabled'))) ? undefined : true));
  await button.click();
}

/** On a product page, chooses each attribute in its select, waits for the variation's price, adds, and checks the cart. */
async function addVariation(run: Run, path: string, choices: Record<string, string>, price: string, variationId: number): Promise<void> {
  const { page } = run;
  await page.goto(run.url(path));
  for (const [select, value] of Object.entries(choices)) await choose(page, select, value);
  await page.locator('.woocommerce-variation-price').filter({ hasText: price }).waitFor();
  await pressAddToCart(page);
  await cartHolds(run, variationId);
}

export const buyingJourneys: Journey[] = [
  {
    name: 'listing: one click adds one',
    async run(run) {
      const { page } = run;
      await page.goto(run.url('/shop/'));
      const button = page.locator(`a.add_to_cart_button[data-product_id="${MUG}"]`);
      await button.click();
      await until('the button to show the add', async () => ((await button.getAttribute('class'))?.includes('added') ? true : undefined));
      // The shopper moves on; the View cart link is there (Vitrine shows it once the pointer leaves the button).
      await page.mouse.move(5, 5);
      await page.locator(`li.post-${MUG} a.added_to_cart`).waitFor();
      assertEqual((await run.cart()).items_count, 1, "items in the server's cart");
    },
  },
  {
    name: 'listing: five quick clicks after load add five',
    repeat: 6,
    run: (run) => fiveQuickClicks(run, 'load'),
  },
  {
    name: 'listing: five quick clicks at DOMContentLoaded add five',
    repeat: 6,
    run: (run) => fiveQuickClicks(run, 'domcontentloaded'),
  },
  {
    name: 'listing: five quick clicks whose code cannot be fetched add five, by the link',
    classicNote: 'without add-to-cart.js the first click follows the link, which adds one; the clicks after it land on a page already leaving',
    async run(run) {
      // The add-to-cart script fails (a CDN or network hiccup, a blocker). WooCommerce's is a blocking footer script:
      // it fails at once, or the page would never reach DOMContentLoaded. Vitrine's widget chunk is held while the
      // shopper clicks, then fails.
      if (run.stack === 'classic') {
        await run.page.route(/\/woocommerce\/assets\/js\/frontend\/add-to-cart(\.min)?\.js/, (route) => route.abort('failed'));
        return fiveQuickClicks(run, 'domcontentloaded');
      }
      const chunk = /\/vitrine\/dist\/(lite\/)?widgets\/add-to-cart-[^/]*\.js/;
      const held: Route[] = [];
      await run.page.route(chunk, (route) => void held.push(route));
      await fiveQuickClicks(run, 'domcontentloaded', async () => {
        assert(held.length > 0, 'the add-to-cart code was asked for while the shopper clicked');
        for (const route of held) await route.abort('failed');
        await run.page.unroute(chunk);
      });
      // WooCommerce renders the link's page without a redirect: the address must not add the five again on a reload.
      await until('the address to drop ?add-to-cart', async () => (new URL(run.page.url()).searchParams.has('add-to-cart') ? undefined : true));
      // Nor must a new sort order: WooCommerce's sort form copies the address's query into hidden fields.
      const sortFormCopies = await run.page.locator('form.woocommerce-ordering input[name="add-to-cart"], form.woocommerce-ordering input[name="quantity"]').count();
      assertEqual(sortFormCopies, 0, 'add-to-cart fields left in the sort form');
      await run.page.reload();
      assertEqual((await run.cart()).items_count, 5, "items in the server's cart after a reload of the page the link led to");
    },
  },
  {
    name: 'mini cart: remove an item',
    // Storefront's sidebar cart sits where the cookie banner covers it until answered.
    cookies: { cookie_notice_accepted: 'true' },
    async run(run) {
      const { page } = run;
      await addByLink(run, MUG);
      await page.goto(run.url('/shop/'));
      // Storefront also keeps a mini cart in its header's dropdown, moved off screen until hovered: the shopper uses
      // the cart widget on the page.
      const cartWidget = '.widget_shopping_cart_content:not(.site-header-cart .widget_shopping_cart_content)';
      const remove = page.locator(`${cartWidget} a.remove_from_cart_button`).first();
      await remove.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await remove.click();
      await page.locator(`${cartWidget} .woocommerce-mini-cart__empty-message`).first().waitFor();
      assertEqual((await run.cart()).items_count, 0, "items in the server's cart after the removal");
    },
  },
  {
    name: 'variation form (variations in the page): the chosen variation is added',
    run: (run) => addVariation(run, '/product/variable-tee/', { pa_color: 'blue', pa_size: 'small' }, '18', TEE_BLUE_SMALL),
  },
  {
    name: 'variation form (240 variations, loaded by ajax): the chosen variation is added',
    run: (run) => addVariation(run, '/product/trail-sneaker/', { pa_color: 'red', 'shoe-size': '42', width: 'Regular' }, '65', SNEAKER_RED_42_REGULAR),
  },
  {
    name: 'swatches on the product page: the swatches pick the variation that is added',
    async run(run) {
      const { page } = run;
      await page.goto(run.url('/product/variable-tee/'));
      const form = page.locator('form.variations_form');
      await form.locator('.cfvsw-swatches-option[data-slug="blue"]').click();
      await form.locator('.cfvsw-swatches-option[data-slug="small"]').click();
      // A swatch pressed before its code arrived is held and replayed once it has: wait for it, as the shopper does.
      await until('the colour select to follow the swatch', async () => ((await page.locator('select#pa_color').inputValue()) === 'blue' ? true : undefined));
      await pressAddToCart(page);
      await cartHolds(run, TEE_BLUE_SMALL);
    },
  },
  {
    name: 'swatches in the loop: the card adds the variation its swatches pick',
    async run(run) {
      const { page } = run;
      await page.goto(run.url('/shop/'));
      const card = page.locator('li.product.post-12');
      await card.locator('.cfvsw-swatches-option[data-slug="blue"]').click();
      await card.locator('.cfvsw-swatches-option[data-slug="small"]').click();
      // The shopper presses the card's button once the card shows both choices (swatches pressed before their
      // code arrived are held and replayed; until then the button still reads "Select options" and opens the product).
      await until('the card to show both choices', async () =>
        (await card.locator('.cfvsw-selected-swatch[data-slug="blue"], .cfvsw-selected-swatch[data-slug="small"]').count()) === 2 ? true : undefined,
      );
      await card.locator('a.add_to_cart_button, a.button').first().click();
      await cartHolds(run, TEE_BLUE_SMALL);
    },
  },
  {
    name: 'swatches in the loop: a colour swatch names itself in a tooltip above it (pointer, then keyboard focus)',
    async run(run) {
      const { page } = run;
      await page.goto(run.url('/shop/'));
      const swatch = page.locator('li.product.post-12 .cfvsw-swatches-option[data-slug="blue"]');
      await swatch.scrollIntoViewIfNeeded();
      // Vitrine's swatches take their roles as they mount; a pointer that arrives before that and never moves again
      // is the widget's own check at mount, which a moving shopper does not need: the journey hovers once they have.
      if (run.stack !== 'classic') await until('the swatches to mount', async () => ((await swatch.getAttribute('role')) === 'radio' ? true : undefined));
      // Vitrine fetches the tooltip's code as the pointer arrives: the shopper hovers and waits, as for any tooltip.
      await swatch.hover();
      const tooltip = page.locator('.cfvsw-tooltip').filter({ hasText: 'Blue' });
      await tooltip.waitFor({ state: 'visible' });
      const [tip, box] = [await tooltip.boundingBox(), await swatch.boundingBox()];
      assert(tip && box, 'the tooltip and the swatch are on screen');
      assert(tip.y + tip.height <= box.y + 1, `the tooltip sits above the swatch (it ends at ${tip.y + tip.height}, the swatch starts at ${box.y})`);
      assert(Math.abs(tip.x + tip.width / 2 - (box.x + box.width / 2)) < 3, 'the tooltip is centred over the swatch');
      await page.mouse.move(0, 0);
      await tooltip.waitFor({ state: 'hidden' });
      // The plugin's tooltip follows the pointer only; Vitrine's also shows for keyboard focus, and Escape hides it.
      if (run.stack === 'classic') return;
      await page.locator('li.product.post-12 .cfvsw-swatches-option[data-slug="red"]').focus();
      await page.locator('.cfvsw-tooltip').filter({ hasText: 'Red' }).waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await page.locator('.cfvsw-tooltip').waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'cart page: a quantity update and a coupon',
    async run(run) {
      const { page } = run;
      await addByLink(run, MUG);
      await page.goto(run.url('/cart/'));
      await page.locator('form.woocommerce-cart-form input.qty').first().fill('3');
      await page.locator('button[name="update_cart"]').click();
      await cartHolds(run, MUG, 3);
      await page.locator('.cart_totals').filter({ hasText: '30.00' }).waitFor();
      await page.locator('#coupon_code').fill('vitrine10');
      await page.locator('button[name="apply_coupon"]').click();
      await page.locator('.cart_totals .cart-discount').waitFor();
      const cart = await run.cart();
      assertEqual(
        cart.coupons.map((coupon) => coupon.code),
        ['vitrine10'],
        'coupons on the server cart',
      );
    },
  },
  {
    name: 'cart page: removing the last line shows the empty cart with its "removed. Undo?" notice, and Undo brings the line back',
    async run(run) {
      const { page } = run;
      await addByLink(run, MUG);
      await page.goto(run.url('/cart/'));
      await page.locator('form.woocommerce-cart-form .product-remove a.remove').first().click();
      // Storefront prints the page's notices above the content, outside the cart's own `.woocommerce`. (cart.js moves the
      // empty cart's own message up there too, as it takes it for a notice.)
      // (WooCommerce 8.5 printed both in the block notices' markup, in classic themes too; 8.6 took it back.)
      await page.locator('.cart-empty, .wc-block-components-notice-banner.is-info').filter({ hasText: 'Your cart is currently empty.' }).waitFor();
      const undo = page.locator('.woocommerce-message a.restore-item, .wc-block-components-notice-banner.is-success a.restore-item');
      await undo.waitFor();
      // Read once the page is quiet: a read beside its own requests can write an older session back (and lose the
      // removed line Undo restores).
      await run.settle();
      assertEqual((await run.cart()).items_count, 0, "items in the server's cart after the removal");
      await undo.click();
      await page.locator('form.woocommerce-cart-form').waitFor();
      await cartHolds(run, MUG, 1);
    },
  },
];
