import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page, Route } from 'playwright-core';
import type { LoggedRequest } from '../server/state.ts';
import { chooseAddress, openSheet, walletReady } from '../e2e/express-helpers.ts';
import { clearRequests, newPage, requests, withDemo } from '../e2e/harness.ts';
import { cartFigure, cartOf, fill, mounted, openCart, ordersOf, waitNotBusy } from './faults-shopper.ts';
import { recordRows, type SweepRow } from './report.ts';

// Double actions: each action a shopper can repeat by accident, pressed twice, as a double click and
// as Enter on the focused control followed by a click. The effect is read from the backend (its
// request log, the cart and orders of this shopper's session), not from the page. Every effect
// request is held at the page until both presses have landed, so the second press meets the first
// still running, as it does on a real shop (a fixed delay would let a busy machine's slow second
// press arrive after the first had finished, and count as a separate action).

type Mode = 'double click' | 'Enter+click';
const MODES: Mode[] = ['double click', 'Enter+click'];

interface DoubleAction {
  name: string;
  /** The requests that make the action's effect (each one is one effect). */
  effect: (r: LoggedRequest) => boolean;
  /** The effect's requests, held until both presses landed (a wc-ajax endpoint or a path prefix). */
  slow: string;
  open: (page: Page, base: string) => Promise<void>;
  /** The control the shopper presses twice. */
  control: string;
  /** Effects a double press must have (1 unless the product's rules say each press is its own). */
  effects: number;
  /** Why `effects` is not 1, when it is not. */
  rule?: string;
  /** Waits until everything the presses started has finished. */
  done: (page: Page) => Promise<unknown>;
  /** The cart the session must hold afterwards, and the orders it placed. */
  cart?: string;
  orders?: number;
}

const wcAjax = (endpoint: string) => (r: LoggedRequest) => r.endpoint === endpoint;


const ACTIONS: DoubleAction[] = [
  {
    name: 'add to cart (listing button)',
    effect: wcAjax('add_to_cart'),
    slow: 'add_to_cart',
    open: async (page, base) => {
      await page.goto(`${base}shop/`);
      await mounted(page, ['add-to-cart']);
    },
    control: 'a.ajax_add_to_cart[data-product_id="33"]',
    effects: 2,
    rule: 'ATC-03, SWT-11: every press of a listing button is one add, queued, never merged or lost',
    done: (page) => page.waitForSelector('a.ajax_add_to_cart[data-product_id="33"].added:not(.loading)'),
    cart: '33×2',
  },
  {
    name: 'add to cart (product form)',
    effect: (r) => r.method === 'POST' && r.path === '/product/simple-mug/',
    slow: '/product/simple-mug/',
    open: async (page, base) => {
      await page.goto(`${base}product/simple-mug/`);
      await mounted(page, ['add-to-cart-form']);
    },
    control: 'form.cart .single_add_to_cart_button',
    effects: 1,
    done: (page) => page.waitForSelector('form.cart .single_add_to_cart_button.added:not(.loading)'),
    cart: '10×1',
  },
  {
    name: 'remove (mini cart)',
    effect: wcAjax('remove_from_cart'),
    slow: 'remove_from_cart',
    open: async (page, base) => {
      await fill(page, base, [[10, 1]]);
      await page.goto(`${base}shop/`);
      await mounted(page, ['mini-cart-remove']);
    },
    control: '.widget_shopping_cart_content .remove_from_cart_button',
    effects: 1,
    done: (page) => page.waitForFunction(() => !document.querySelector('.widget_shopping_cart_content .woocommerce-mini-cart-item')),
    cart: 'empty',
  },
  {
    name: 'remove (cart page)',
    effect: (r) => r.method === 'GET' && r.path.startsWith('/cart/?remove_item='),
    slow: '/cart/',
    open: openCart,
    control: '.woocommerce-cart-form .product-remove > a >> nth=0',
    effects: 1,
    done: (page) => page.waitForFunction(() => document.querySelectorAll('.woocommerce-cart-form .product-remove > a').length === 1),
    cart: '11×1',
  },
  {
    name: 'update cart (cart page)',
    effect: (r) => r.method === 'POST' && r.path === '/cart/',
    slow: '/cart/',
    open: async (page, base) => {
      await openCart(page, base);
      await page.fill('.woocommerce-cart-form input.qty >> nth=0', '3');
    },
    control: '[name="update_cart"]',
    effects: 1,
    done: (page) => page.waitForSelector('.woocommerce-cart-form input.qty[value="3"]'),
    cart: '10×3, 11×1',
  },
  {
    name: 'apply coupon (cart page)',
    effect: wcAjax('apply_coupon'),
    slow: 'apply_coupon',
    open: async (page, base) => {
      await openCart(page, base);
      await page.fill('#coupon_code', 'take10');
    },
    control: 'button[name="apply_coupon"]',
    effects: 1,
    done: (page) => page.waitForSelector('.cart_totals .cart-discount.coupon-take10'),
  },
  {
    name: 'place order (checkout)',
    effect: wcAjax('checkout'),
    slow: 'checkout',
    open: async (page, base) => {
      await fill(page, base, [[10, 1]]);
      await page.goto(`${base}checkout/`);
      await mounted(page, ['checkout']);
      await page.waitForFunction(() => !document.querySelector('.woocommerce-checkout-payment[aria-busy="true"]'));
      const values = { billing_first_name: 'Ada', billing_last_name: 'L', billing_address_1: '1 Main St', billing_city: 'Albany', billing_postcode: '12207', billing_email: 'ada@example.com' };
      for (const [id, value] of Object.entries(values)) await page.fill(`#${id}`, value);
      await page.check('#terms');
    },
    control: '#place_order',
    effects: 1,
    done: (page) => page.waitForURL(/order-received/),
    orders: 1,
  },
  {
    name: 'express confirm (wallet pay)',
    effect: (r) => r.method === 'POST' && r.path.startsWith('/wp-json/wc/store/v1/checkout'),
    slow: '/wp-json/wc/store/v1/checkout',
    open: async (page, base) => {
      await fill(page, base, [[10, 1]]);
      await page.goto(`${base}cart/`);
      await page.evaluate(() => Object.assign(window, { vitrineStripeKeepSheet: true }));
      await walletReady(page);
      await openSheet(page);
      // The shop's acceptance, not the rate list (which can show before it): a Pay pressed earlier only asks for an address.
      await chooseAddress(page, 'US');
    },
    control: '[data-stand-in="pay"]',
    effects: 1,
    done: (page) => page.waitForURL(/order-received/),
    orders: 1,
  },
  {
    name: 'newsletter submit',
    effect: (r) => r.method === 'POST' && r.path === '/newsletter/',
    slow: '/newsletter/',
    open: async (page, base) => {
      await page.goto(`${base}newsletter/`);
      await mounted(page, ['newsletter-form']);
      await page.fill('#mc4wp-email', 'ada@example.com');
    },
    control: 'form.mc4wp-form [type="submit"]',
    effects: 1,
    done: (page) => page.waitForSelector('.mc4wp-alert.mc4wp-success'),
  },
];

/**
 * Holds the requests `slow` names (a wc-ajax endpoint or a path prefix, as the server matches a fault)
 * until the returned function lets them go on; later ones go on at once.
 */
async function holdEffects(page: Page, slow: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let holding = true;
  await page.route(
    (url) => url.searchParams.get('wc-ajax') === slow || url.pathname.startsWith(slow),
    (route) => (holding ? void held.push(route) : route.continue()),
  );
  return async () => {
    holding = false;
    await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
  };
}

/**
 * Two presses: a double click, or Enter on the focused control then a click on it. noWaitAfter: the
 * effect (a navigation among them) is held until both presses landed, so Playwright must not wait for it.
 */
async function pressTwice(page: Page, control: string, mode: Mode): Promise<void> {
  if (mode === 'double click') return page.dblclick(control, { noWaitAfter: true });
  await page.focus(control);
  await page.keyboard.press('Enter');
  // The click lands where the control was, as a hand does: not after the page let go of a busy state
  // (Playwright's wait would turn a double action into two separate ones). On a page that is leaving (a
  // form that posts itself) Playwright cannot find the control until the next page: the deadline ends
  // that attempt, far above a click's time on a loaded machine (it was 2 s, which a busy machine can pass).
  await page.click(control, { force: true, noWaitAfter: true, timeout: 10_000 }).catch(() => undefined);
}

/** A hang deadline per action (both modes): a few seconds each on a quiet machine; it only stops one that never ends. */
const ACTION_HANG_DEADLINE_MS = 300_000;

const rows: SweepRow[] = [];

describe('double actions', () => {
  const env = withDemo({ reset: true });

  for (const action of ACTIONS) {
    it(action.name, { timeout: ACTION_HANG_DEADLINE_MS }, async () => {
      const base = env.demo.url;
      const figures: string[] = [];
      const problems: string[] = [];
      for (const mode of MODES) {
        const page = await newPage(env.browser);
        try {
          await action.open(page, base);
          await clearRequests(base);
          const release = await holdEffects(page, action.slow);
          await pressTwice(page, action.control, mode);
          await release();
          await action.done(page);
          if (!/order-received|newsletter/.test(page.url())) await waitNotBusy(page);
          const effects = (await requests(base)).filter(action.effect).length;
          let figure = `${mode}: ${effects} ${effects === 1 ? 'effect' : 'effects'}`;
          if (effects !== action.effects) problems.push(`${mode}: ${effects} effects`);
          if (action.cart) {
            const cart = cartFigure(await cartOf(base, page.context()));
            figure += `, cart ${cart}`;
            if (cart !== action.cart) problems.push(`${mode}: cart ${cart}, expected ${action.cart}`);
          }
          if (action.orders !== undefined) {
            const orders = await ordersOf(base, page.context());
            figure += `, ${orders} ${orders === 1 ? 'order' : 'orders'}`;
            if (orders !== action.orders) problems.push(`${mode}: ${orders} orders`);
          }
          figures.push(figure);
        } catch (error) {
          problems.push(`${mode}: ${String(error).split('\n')[0]}`);
          figures.push(`${mode}: did not finish`);
        } finally {
          await page.context().close();
        }
      }
      rows.push({
        section: 'Double actions',
        check: action.name,
        figure: figures.join('; '),
        target: action.effects === 1 ? '1 effect each' : `${action.effects} effects each (${action.rule})`,
        ok: problems.length === 0,
      });
      assert.deepEqual(problems, []);
    });
  }

  after(() => recordRows('double-actions', rows));
});
