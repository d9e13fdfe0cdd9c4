import type { Page, Route } from 'playwright-core';
import { addByLink, assert, assertEqual, type Journey, type Run, until, watchRequests } from '../journey.ts';

// Coexistence journeys (issue 29): scripts a real shop keeps beside Vitrine that lean on the scripts Vitrine replaces.
// The fixtures are in wordpress/vitrine-shop-gateway.php, switched on per journey by cookie.

const MUG = 10;
/** The Variable Tee in blue, small (the seed's). */
const TEE_BLUE_SMALL = 15;

interface ShopOrder {
  id: number;
  email: string;
  payment: string;
  status: string;
  token: string;
}

declare global {
  interface Window {
    vitrineGateway?: { vetoes: number; submits: number; updated: number; token: string; declined: number };
    vitrineGatewayToken?: string;
    vitrineTracked?: string[];
    vitrinePixel?: number[];
    vitrineGaHeard?: string[];
    vitrineCartPlugin?: { redrawn: number; asked: number };
    vitrineSamePage?: boolean;
  }
}

const emailOf = (run: Run) => `shopper-${run.id}@example.com`;

/** Waits until no order review update is unanswered or about to be sent, and the review is not greyed out. */
async function reviewSettled(page: Page, updates: { inFlight: number; lastActivity: number }): Promise<void> {
  await until('the order review to be up to date', async () => {
    if (updates.inFlight > 0 || Date.now() - updates.lastActivity < 700) return undefined;
    const busy = await page.locator('#order_review').evaluate((el) => el.classList.contains('processing') || !!el.querySelector('.blockUI') || el.getAttribute('aria-busy') === 'true');
    return busy ? undefined : true;
  });
}

/** The billing address for the gateway's journeys, once the page's scripts are all there and the review is up to date. */
async function fillGatewayBilling(run: Run, updates: { inFlight: number; lastActivity: number }): Promise<void> {
  const { page } = run;
  await page.locator('#billing_first_name').fill('Journey');
  await page.locator('#billing_last_name').fill('Gateway');
  await page.locator('#billing_address_1').fill('1 Main Street');
  await page.locator('#billing_city').fill('Chicago');
  await page.locator('#billing_state').selectOption('IL', { force: true });
  await page.locator('#billing_postcode').fill('60601');
  await page.locator('#billing_email').fill(emailOf(run));
  await reviewSettled(page, updates);
  // Vitrine's address fields load at idle and hold a change made before (replayed once mounted): measure once
  // the page's scripts are all there, as the classic stack's are by now.
  await page.evaluate(async () => {
    const vitrine = (window as { vitrine?: { report(): { widget: string; state: string }[]; settled(): Promise<void> } }).vitrine;
    if (!vitrine) return;
    for (let wait = 0; wait < 50 && vitrine.report().some((row) => row.state === 'pending' && ['address-fields', 'checkout'].includes(row.widget)); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await vitrine.settled();
  });
  await reviewSettled(page, updates);
}

/**
 * The Simple Mug in the cart, the checkout filled in and the fixture card chosen, the review settled: ready for Place
 * order. Gives the last order's id before it (the journey's orders come after it) and the page's checkout requests.
 */
async function readyToPayByFixtureCard(run: Run) {
  const { page, shop } = run;
  const before = shop.query<number>('last-order-id');
  await addByLink(run, MUG);
  const updates = watchRequests(page, /[?&]wc-ajax=update_order_review\b/);
  const checkouts = watchRequests(page, /[?&]wc-ajax=checkout\b/);
  await page.goto(run.url('/checkout/'));
  await page.locator('form.checkout #place_order').waitFor();
  await fillGatewayBilling(run, updates);
  await page.locator('label[for="payment_method_vitrine_fixture"]').click();
  await until('the fixture card to be chosen', async () => ((await page.locator('#payment_method_vitrine_fixture').isChecked()) ? true : undefined));
  await reviewSettled(page, updates);
  return { before, checkouts };
}

/** The shop page, with the Simple Mug's listing button in view and the add_to_cart requests watched. */
async function mugOnTheShopPage(run: Run) {
  const adds = watchRequests(run.page, /[?&]wc-ajax=add_to_cart\b/);
  await run.page.goto(run.url('/shop/'));
  const button = run.page.locator(`a.add_to_cart_button[data-product_id="${MUG}"]`);
  await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  /** Presses the button and waits until no add is unanswered and the server's cart holds `items`. */
  const add = async (items: number) => {
    // Moved off and back: the View cart link waits for a hovering pointer to leave the button.
    await run.page.mouse.move(0, 0);
    await button.click();
    await until(`add ${items} to be in the cart`, async () => {
      if (adds.inFlight > 0) return undefined;
      return (await run.cart()).items_count >= items ? true : undefined;
    });
  };
  return { adds, add };
}

/**
 * Twenty Twenty-One alone: what these prove is a plugin's or theme script's contract with WooCommerce's scripts, the
 * same in every theme, and CI's 25 minutes are better spent elsewhere (docs/decisions.md, the genuine-shop matrix).
 */
const COEXISTENCE_THEMES: Journey['themes'] = ['twentytwentyone'];

const journeys: Journey[] = [
  {
    name: 'coexistence: a gateway on wc-checkout vetoes, tokenizes and submits again: one checkout POST, one order with its token',
    cookies: { vitrine_test_gateway: '1' },
    async run(run) {
      const { page, shop } = run;
      const before = shop.query<number>('last-order-id');
      await addByLink(run, MUG);
      const updates = watchRequests(page, /[?&]wc-ajax=update_order_review\b/);
      const checkouts = watchRequests(page, /[?&]wc-ajax=checkout\b/);
      let answered = 0;
      page.on('requestfinished', (request) => {
        if (/[?&]wc-ajax=update_order_review\b/.test(request.url())) answered++;
      });
      await page.goto(run.url('/checkout/'));
      await page.locator('form.checkout #place_order').waitFor();
      await fillGatewayBilling(run, updates);
      // The gateway's own script beside its fields ran for the payment box the page shows now, which the updates drew.
      assertEqual(await page.locator('#vitrine_fixture_card').getAttribute('data-fixture-ready'), '1', "the card field set up by the gateway's script");
      // One change of a field that updates the review: one update_order_review (two scripts on the form sent two),
      // and one updated_checkout, as checkout.js fires it once per answered update.
      const updated = async () => (await page.evaluate(() => window.vitrineGateway?.updated)) ?? -1;
      assert((await updated()) >= 0, 'the gateway script ran');
      const [sent, heard] = [updates.sent, await updated()];
      await page.locator('#billing_state').selectOption('CA', { force: true });
      await until('the order review update to go out', () => (updates.sent > sent ? true : undefined));
      await reviewSettled(page, updates);
      assertEqual([updates.sent - sent, (await updated()) - heard], [1, 1], 'update_order_review requests and updated_checkout events for one change of the state');
      // Never more updated_checkout than answered updates (two scripts on one form fired 8 for 3).
      assert((await updated()) <= answered, `updated_checkout fired ${await updated()} times for ${answered} answered updates`);
      await page.locator('label[for="payment_method_vitrine_fixture"]').click();
      await until('the fixture card to be chosen', async () => ((await page.locator('#payment_method_vitrine_fixture').isChecked()) ? true : undefined));
      await reviewSettled(page, updates);
      const token = `tok-${run.id}`;
      await page.evaluate((value) => {
        window.vitrineGatewayToken = value;
      }, token);
      await page.locator('#place_order').click();
      await page.waitForURL(/\/checkout\/order-received\//);
      assertEqual(checkouts.sent, 1, 'checkout POSTs');
      const orders = shop.query<ShopOrder[]>('orders-after', String(before)).filter((order) => order.email === emailOf(run));
      assertEqual(orders.length, 1, 'orders placed');
      assertEqual([orders[0]!.payment, orders[0]!.token], ['vitrine_fixture', token], "the order's payment method and the gateway's token");
    },
  },
  {
    name: 'coexistence: a gateway that blocks the form while it tokenizes, and a card the server declines: the error shows, the form is the shopper\'s again, and another card pays',
    cookies: { vitrine_test_gateway: '1' },
    async run(run) {
      const { page, shop } = run;
      const { before, checkouts } = await readyToPayByFixtureCard(run);
      const setToken = (value: string) =>
        page.evaluate((token) => {
          window.vitrineGatewayToken = token;
        }, value);
      await setToken(`tok_declined-${run.id}`);
      // blockUI's veil is a child of the blocked element.
      const veils = page.locator('form.checkout > .blockUI');
      await page.locator('#place_order').click();
      await veils.first().waitFor({ state: 'attached' });
      const error = page.locator('.woocommerce-NoticeGroup-checkout .woocommerce-error, .woocommerce-error');
      await until('the declined card to be said', async () => ((await error.allTextContents()).some((text) => text.includes('The fixture card was declined.')) ? true : undefined));
      // checkout.js's submit_error takes the veil away (blockUI fades it out): the form is the shopper's again.
      await until("the gateway's veil over the form to go", async () => ((await veils.count()) === 0 ? true : undefined));
      assertEqual(await page.locator('form.checkout').evaluate((form) => form.classList.contains('processing')), false, 'the form still processing');
      // Another card: a click on Place order that the veil would have taken. Picking it takes the shopper a moment, and
      // WooCommerce itself refuses a retry within the second of the first attempt's stock reservation (gateway.js).
      await setToken(`tok-${run.id}`);
      await page.waitForTimeout(1200);
      await page.locator('#place_order').click();
      await page.waitForURL(/\/checkout\/order-received\//);
      assertEqual(checkouts.sent, 2, 'checkout POSTs (the declined card, then the one that paid)');
      const orders = shop.query<ShopOrder[]>('orders-after', String(before)).filter((order) => order.email === emailOf(run) && order.status === 'on-hold');
      assertEqual(
        orders.map((order) => [order.payment, order.token]),
        [['vitrine_fixture', `tok-${run.id}`]],
        'paid orders (payment method, token)',
      );
    },
  },
  {
    name: 'coexistence: a gateway\'s 3-D Secure check on the same page ("#confirm-pi-…") is declined: the gateway gives the form back, and a second Place order pays',
    cookies: { vitrine_test_gateway: '1', vitrine_test_3ds: '1' },
    async run(run) {
      const { page, shop } = run;
      const { before, checkouts } = await readyToPayByFixtureCard(run);
      await page.locator('#place_order').click();
      await until('the bank to decline the check', async () => ((await page.evaluate(() => window.vitrineGateway?.declined)) === 1 ? true : undefined));
      assert(page.url().includes('/checkout/') && !page.url().includes('order-received'), `still on the checkout after the declined check (at ${page.url()})`);
      // The shopper tries again: the order goes through this time.
      await page.locator('#place_order').click();
      await page.waitForURL(/\/checkout\/order-received\//);
      assertEqual(checkouts.sent, 2, 'checkout POSTs (the declined one, then the paid one)');
      const orders = shop.query<ShopOrder[]>('orders-after', String(before)).filter((order) => order.email === emailOf(run) && order.status === 'on-hold');
      assertEqual(orders.map((order) => order.payment), ['vitrine_fixture'], 'paid orders');
    },
  },
  {
    name: "coexistence: tracking code attached after wc-add-to-cart counts one added_to_cart per add, with the product id; an ad pixel's script in the add's fragments runs once per add, and not again on the next page",
    cookies: { vitrine_test_tracking: '1', vitrine_test_pixel: '1' },
    classicNote: "cart-fragments.js restores the stored fragments with jQuery's replaceWith on every page, so a stored pixel script runs again (Meta's 'AddToCart firing on all pages')",
    async run(run) {
      const { page } = run;
      const { adds, add: addMug } = await mugOnTheShopPage(run);
      for (let add = 1; add <= 2; add++) {
        await addMug(add);
        await page.waitForTimeout(300);
        assertEqual(await page.evaluate(() => window.vitrineTracked ?? []), Array.from({ length: add }, () => String(MUG)), `tracked adds after add ${add}`);
        // The pixel's script came in the add's fragments (jQuery's replaceWith runs it in the classic stack).
        assertEqual(await page.evaluate(() => window.vitrinePixel ?? []), Array.from({ length: add }, () => MUG), `pixel AddToCart events after add ${add}`);
      }
      assertEqual(adds.sent, 2, 'add to cart requests');
      // The next page shows the mini cart from the stored fragments: the pixel's event was sent, and is not sent again.
      await page.goto(run.url('/shop/'));
      await page.waitForLoadState('load');
      await page.evaluate(async () => {
        await (window as { vitrine?: { settled(): Promise<void> } }).vitrine?.settled();
      });
      await page.waitForTimeout(1000);
      const restored = await page.locator('.vitrine-fixture-pixel script').count();
      assertEqual(await page.evaluate(() => window.vitrinePixel ?? []), [], `pixel AddToCart events on a page load (the stored pixel fragment ${restored ? 'was' : 'was not'} restored)`);
    },
  },
  {
    name: "coexistence: Google Analytics for WooCommerce's tracker hears each add from the listing once per way its releases listen, and Vitrine sends no add_to_cart of its own (it would count twice)",
    cookies: { vitrine_test_ga_tracker: '1', cookie_notice_accepted: 'true' },
    async run(run) {
      const { page } = run;
      await (await mugOnTheShopPage(run)).add(1);
      await until('the tracker to hear the add', async () => ((await page.evaluate(() => window.vitrineGaHeard?.length ?? 0)) >= 2 ? true : undefined));
      await page.waitForTimeout(500);
      const heard = await page.evaluate(() => window.vitrineGaHeard ?? []);
      // Older releases: the on<event> property jQuery's trigger calls. Newer ones: jQuery's event where jQuery is,
      // the DOM event where it is not; never both for one add.
      assertEqual(heard.filter((way) => way.startsWith('property ')), [`property ${MUG}`], 'adds heard through document.body.onadded_to_cart');
      assertEqual(heard.filter((way) => !way.startsWith('property ')).length, 1, `adds heard through jQuery or the DOM event (${heard.join(', ')})`);
      assert(heard.every((way) => way.endsWith(` ${MUG}`)), `the product id the tracker read (${heard.join(', ')})`);
      const vitrineAdds = await page.evaluate(() => ((window as { dataLayer?: IArguments[] }).dataLayer ?? []).filter((call) => call[0] === 'event' && call[1] === 'add_to_cart').length);
      assertEqual(vitrineAdds, 0, 'add_to_cart events in the Google tag besides the tracker');
    },
  },
  {
    name: "coexistence: a quick view on the shop page starts the product form it inserted with $form.wc_variation_form(): no error, and the variation chosen there is added",
    cookies: { vitrine_test_quick_view: '1' },
    async run(run) {
      const { page } = run;
      await page.goto(run.url('/shop/'));
      await page.locator('button.vitrine-fixture-quick-view').click();
      const form = page.locator('.vitrine-fixture-quick-view-panel form.variations_form');
      await form.waitFor();
      await until('the quick view to have started its form', async () => ((await page.evaluate(() => (window as { vitrineQuickViewOpened?: boolean }).vitrineQuickViewOpened)) ? true : undefined));
      for (const [select, value] of [['pa_color', 'blue'], ['pa_size', 'small']] as const) await form.locator(`select#${select}`).selectOption(value, { force: true });
      await form.locator('.woocommerce-variation-price').filter({ hasText: '18' }).waitFor();
      const button = form.locator('.single_add_to_cart_button');
      await until('the add button to be enabled', async () => ((await button.evaluate((el) => el.classList.contains('disabled'))) ? undefined : true));
      await button.click();
      await until('the cart to hold the blue small tee', async () => ((await run.cart()).items.some((item) => item.id === TEE_BLUE_SMALL) ? true : undefined));
      assertEqual(run.errors.filter((error) => error.startsWith('page error')), [], 'uncaught errors on the shop page');
    },
  },
  {
    name: 'coexistence: a cart plugin on wc-cart changes the cart with its own request and asks for wc_update_cart: the cart page shows the new line, without a page load',
    cookies: { vitrine_test_cart_plugin: '1' },
    async run(run) {
      const { page } = run;
      await addByLink(run, MUG);
      // Vitrine's cart page code is held until the plugin has asked: a shopper as quick as the plugin's own request
      // (cart.js, a blocking script, is always there to hear it). On WooCommerce 9.9.5 a run lost the request that way.
      const chunk = /\/vitrine\/dist\/(lite\/)?widgets\/cart-page-[^/]*\.js/;
      const held: Route[] = [];
      if (run.stack !== 'classic') await page.route(chunk, (route) => void held.push(route));
      await page.goto(run.url('/cart/'));
      const lines = page.locator('form.woocommerce-cart-form .cart_item');
      await lines.first().waitFor();
      // After the page's own load: what goes to the cart page's address now is the redraw (cart.js posts the form there).
      const redraws = watchRequests(page, /\/cart\/?$/);
      assertEqual(await lines.count(), 1, 'cart lines before the gift');
      await page.evaluate(() => {
        window.vitrineSamePage = true;
      });
      await page.locator('button.vitrine-fixture-gift').click();
      if (run.stack !== 'classic') {
        await until('the plugin to ask for wc_update_cart', async () => ((await page.evaluate(() => window.vitrineCartPlugin?.asked)) === 1 ? true : undefined));
        assert(held.length > 0, "the cart page's code was asked for before the plugin asked");
        for (const route of held) await route.continue();
        await page.unroute(chunk);
      }
      await until('the gift card on the cart page', async () => ((await lines.count()) === 2 && (await page.evaluate(() => window.vitrineCartPlugin?.redrawn)) ? true : undefined));
      assert(await page.locator('form.woocommerce-cart-form .cart_item', { hasText: /gift card/i }).count(), 'the new line is the gift card');
      assertEqual(await page.evaluate(() => [window.vitrineSamePage, window.vitrineCartPlugin?.asked, window.vitrineCartPlugin?.redrawn]), [true, 1, 1], 'same page, one wc_update_cart asked, one updated_wc_div heard');
      assertEqual(redraws.sent, 1, 'cart page POSTs');
      assertEqual((await run.cart()).items_count, 2, 'items in the cart');
    },
  },
  {
    name: "coexistence: a theme's quantity buttons (jQuery's trigger('change')) enable Update cart on the cart page, and the new quantity is what the cart holds",
    cookies: { vitrine_test_qty_buttons: '1' },
    async run(run) {
      const { page } = run;
      await addByLink(run, MUG);
      await page.goto(run.url('/cart/'));
      const update = page.locator('form.woocommerce-cart-form [name="update_cart"]');
      // The server draws it enabled; cart.js, and Vitrine's cart page, disable it when they start (a press before that
      // is held and replayed: the held-clicks journeys). The buttons' change must enable it again.
      await until('Update cart to be disabled by the cart page script', async () => ((await update.isDisabled()) ? true : undefined));
      await page.locator('form.woocommerce-cart-form .vitrine-fixture-qty.plus').first().click();
      await until('Update cart to be enabled by the quantity buttons', async () => ((await update.isEnabled()) ? true : undefined));
      await update.click();
      await until('the cart to hold 2 mugs', async () => ((await run.cart()).items_count === 2 ? true : undefined));
      await until('the cart page to show 2', async () => ((await page.locator('form.woocommerce-cart-form input.qty').first().inputValue()) === '2' ? true : undefined));
    },
  },
];

export const coexistenceJourneys: Journey[] = journeys.map((journey) => ({ themes: COEXISTENCE_THEMES, ...journey }));
