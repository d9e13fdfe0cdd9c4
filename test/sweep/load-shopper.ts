import type { Page } from 'playwright-core';
import { HANG_MS } from '../e2e/harness.ts';
import { cartFigure, mounted } from './faults-shopper.ts';

// A shopper for the load sweep: a Chromium page running the built bundle, in its own browser context (its own
// session and cart), that adds, removes and changes quantities through Vitrine's widgets (the listing buttons,
// the mini cart, the cart page) as fast as the page lets it, and remembers the cart it asked for.

/** Products without stock management or quantity limits, so every add is one the shop accepts. */
export const UNLIMITED_PRODUCTS = [33, 38, 48, 53, 58, 60, 61, 64, 65, 70, 71, 73, 74, 75];

export interface LoadShopper {
  id: number;
  page: Page;
  /** product id → the quantity this shopper's actions asked the cart to hold. */
  asked: Map<number, number>;
  adds: number;
  removes: number;
  updates: number;
  /** ms from an add's first click to the mini cart showing the new quantity. */
  addTimes: number[];
  /** Actions whose outcome never showed (each ends this shopper's run: its cart is still read back). */
  failures: string[];
  /** The page's last requests to the shop, with their answers (a failure names them). */
  traffic: string[];
}

export function newLoadShopper(id: number, page: Page): LoadShopper {
  const shopper: LoadShopper = { id, page, asked: new Map(), adds: 0, removes: 0, updates: 0, addTimes: [], failures: [], traffic: [] };
  const note = (line: string) => {
    shopper.traffic.push(line);
    if (shopper.traffic.length > 20) shopper.traffic.shift();
  };
  const name = (url: string) => {
    const parsed = new URL(url);
    return parsed.searchParams.get('wc-ajax') ?? `${parsed.pathname}${parsed.search.slice(0, 30)}`;
  };
  page.on('requestfinished', (request) => {
    if (['document', 'fetch', 'xhr'].includes(request.resourceType())) void request.response().then((response) => note(`${request.method()} ${name(request.url())} ${response?.status()}`));
  });
  void page.addInitScript(recordPresses);
  page.on('requestfailed', (request) => note(`${name(request.url())} failed (${request.failure()?.errorText})`));
  page.on('request', (request) => {
    if (['document', 'fetch', 'xhr'].includes(request.resourceType())) note(`→ ${request.method()} ${name(request.url())}`);
  });
  page.on('console', (message) => {
    if (['warning', 'error'].includes(message.type())) note(`console ${message.type()}: ${message.text().slice(0, 160)}`);
  });
  return shopper;
}

/**
 * Runs in the page: keeps its last 30 presses and clicks (with their targets) and mini cart replacements in
 * `window.__presses`, for a failure to show what the shopper's click met (a lost removal was a click that went to
 * the mini cart's container once the fragments had replaced the pressed link: widgets/cart-fragments/press.ts).
 */
function recordPresses(): void {
  const log: string[] = [];
  (window as unknown as { __presses: string[] }).__presses = log;
  const push = (line: string) => log.push(`${performance.now().toFixed(0)} ms ${line}`) > 30 && log.shift();
  for (const type of ['pointerdown', 'pointerup', 'click']) {
    const describe = (event: Event) => {
      const target = event.target as Element;
      return `${type} on ${target.nodeName}.${target.className}${event.defaultPrevented ? ' (prevented)' : ''}`;
    };
    // On the window, capturing, from the document's start: before any listener that could stop the event.
    window.addEventListener(type, (event) => push(describe(event)), true);
  }
  new MutationObserver((records) => {
    const replaced = records.some((record) => [...record.removedNodes].some((node) => node instanceof Element && (node.matches('.remove_from_cart_button') || node.querySelector('.remove_from_cart_button'))));
    if (replaced) push('mini cart replaced');
  }).observe(document, { childList: true, subtree: true });
}

const button = (product: number) => `a.ajax_add_to_cart[data-product_id="${product}"]`;
const MINI_CART = '.widget_shopping_cart_content';

/** The cart the page's mini cart shows: product id → quantity ("2 × $14.00"). */
export function miniCartOf(page: Page): Promise<Map<number, number>> {
  return page
    .$$eval(`${MINI_CART} .woocommerce-mini-cart-item`, (items) =>
      items.map((item) => [Number(item.querySelector('[data-product_id]')?.getAttribute('data-product_id')), Number.parseInt(item.querySelector('.quantity')?.textContent ?? '', 10)] as const),
    )
    .then((pairs) => new Map(pairs));
}

/** Waits until the mini cart shows `quantity` of `product` (0: no line for it). */
async function miniCartShows(page: Page, product: number, quantity: number): Promise<void> {
  await page.waitForFunction(
    ([selector, id, want]) => {
      const line = Array.from(document.querySelectorAll(`${selector} .woocommerce-mini-cart-item`)).find(
        (item) => item.querySelector('[data-product_id]')?.getAttribute('data-product_id') === String(id),
      );
      return (line ? Number.parseInt(line.querySelector('.quantity')?.textContent ?? '', 10) : 0) === want;
    },
    [MINI_CART, product, quantity] as const,
    { timeout: HANG_MS, polling: 50 },
  );
}

/**
 * The shop page, loaded: the shopper clicks at once, mounted or not (the buttons below the fold mount when they
 * come into view, and a click before that is held for the widget, as it would be for a real shopper).
 */
async function openShop(shopper: LoadShopper, base: string): Promise<void> {
  await shopper.page.goto(`${base}shop/`);
}

/** One to three quick clicks on a listing button: each is one add (ATC-03), queued while the first is under way. */
async function addBurst(shopper: LoadShopper, product: number, clicks: number): Promise<void> {
  const started = performance.now();
  // The clicks go out back to back as one gesture (a triple click is three clicks): the second meets the first add
  // still under way, as a hurried shopper's does (one Playwright click at a time would wait out each add here).
  // Without noWaitAfter: with it, Playwright ignores its own hit-target check (see removeLine).
  await shopper.page.click(button(product), { clickCount: clicks });
  const want = (shopper.asked.get(product) ?? 0) + clicks;
  shopper.asked.set(product, want);
  shopper.adds += clicks;
  await miniCartShows(shopper.page, product, want);
  shopper.addTimes.push(performance.now() - started);
}

async function removeLine(shopper: LoadShopper, product: number): Promise<void> {
  const link = `${MINI_CART} .remove_from_cart_button[data-product_id="${product}"]`;
  // What the pointer will meet, for a failure to show (the element at the link's middle, and the scroll).
  await shopper.page
    .$eval(link, (a) => {
      const box = a.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      (window as unknown as { __presses: string[] }).__presses.push(`before the click: link at ${box.x.toFixed(0)},${box.y.toFixed(0)} (scrollY ${scrollY.toFixed(0)}), hit ${hit?.nodeName}.${hit?.className}`);
    })
    .catch(() => undefined);
  // Not noWaitAfter: with it Playwright ignores its own hit-target check. When the fragments put the mini cart in
  // again between Playwright's aim and its press, its interceptor stops the press on the new link as "not the
  // element aimed at" and, told not to wait after the click, reports the click done without retrying it: the load
  // test lost one or two removals a run that way (stop 51's run X), with no event reaching the page. A shopper's
  // press on the new link is a press on the new link; Playwright, waiting, retries on the link now there.
  await shopper.page.click(link);
  shopper.asked.delete(product);
  shopper.removes++;
  await miniCartShows(shopper.page, product, 0);
}

/** The cart page: one line's quantity changed and the cart updated, then back to the shop. */
async function changeQuantity(shopper: LoadShopper, base: string, product: number, quantity: number): Promise<void> {
  const { page } = shopper;
  await page.goto(`${base}cart/`);
  await mounted(page, ['cart-page']);
  const row = page.locator('.woocommerce-cart-form__cart-item').filter({ has: page.locator(`.product-remove [data-product_id="${product}"]`) });
  await row.locator('input.qty').fill(String(quantity));
  await page.click('[name="update_cart"]');
  shopper.asked.set(product, quantity);
  shopper.updates++;
  await page.waitForFunction(
    ([id, want]) =>
      !document.querySelector('.woocommerce-cart-form[aria-busy="true"]') &&
      Array.from(document.querySelectorAll('.woocommerce-cart-form__cart-item')).some(
        (tr) => tr.querySelector(`.product-remove [data-product_id="${id}"]`) && (tr.querySelector('input.qty') as HTMLInputElement | null)?.value === String(want),
      ),
    [product, quantity] as const,
    { timeout: HANG_MS, polling: 50 },
  ).catch(async (error: unknown) => {
    const state = await page.evaluate(() => ({
      busy: Array.from(document.querySelectorAll('[aria-busy="true"]')).map((el) => el.className),
      rows: Array.from(document.querySelectorAll('.woocommerce-cart-form__cart-item')).map((tr) => `${tr.querySelector('.product-remove a')?.getAttribute('data-product_id')}:${(tr.querySelector('input.qty') as HTMLInputElement | null)?.value}`),
    }));
    throw new Error(`the cart page did not show it: ${JSON.stringify(state)}`, { cause: error });
  });
  await openShop(shopper, base);
}

/**
 * Shops until `until` (a performance.now() time): mostly bursts of adds, now and then a removal from the mini
 * cart or a quantity change on the cart page. The choices follow the shopper's id, so each walks its own way.
 */
export async function shopUntil(shopper: LoadShopper, base: string, until: number): Promise<void> {
  let turn = shopper.id;
  let doing = 'opening the shop';
  try {
    await openShop(shopper, base);
    while (performance.now() < until) {
      turn += 1;
      const product = UNLIMITED_PRODUCTS[(turn * 5 + shopper.id) % UNLIMITED_PRODUCTS.length]!;
      const inCart = [...shopper.asked.keys()];
      const before = figure(shopper.asked);
      if (turn % 7 === 0 && inCart.length > 0) {
        doing = `removing ${inCart[turn % inCart.length]} (cart ${before})`;
        await removeLine(shopper, inCart[turn % inCart.length]!);
      } else if (turn % 11 === 0 && inCart.length > 0) {
        doing = `setting ${inCart[0]} to ${1 + (turn % 4)} on the cart page (cart ${before})`;
        await changeQuantity(shopper, base, inCart[0]!, 1 + (turn % 4));
      } else {
        doing = `adding ${product} with ${1 + (turn % 3)} clicks (cart ${before})`;
        await addBurst(shopper, product, 1 + (turn % 3));
      }
      // A removal clicked before its widget mounted is the server's link: a trip to the cart page, which is fine.
      if (!new URL(shopper.page.url()).pathname.startsWith('/shop/')) await openShop(shopper, base);
    }
  } catch (error) {
    const shown = await miniCartOf(shopper.page).then(figure, () => 'unreadable');
    const links = await shopper.page
      .$$eval(`${MINI_CART} .remove_from_cart_button`, (all) => all.map((a) => `${a.getAttribute('data-product_id')}[${a.className}${a.getAttribute('aria-busy') ? ' busy' : ''}${a.closest('[aria-busy]') ? ' line-busy' : ''}]`).join(' '))
      .catch(() => 'unreadable');
    const report = await shopper.page
      .evaluate(() =>
        (window.vitrine?.report() ?? [])
          .filter((row) => row.widget !== 'add-to-cart')
          .map((row) => `${row.widget} ${row.state} ${row.reason}`)
          .join('; '),
      )
      .catch(() => 'unreadable');
    const presses = await shopper.page.evaluate(() => (window as unknown as { __presses: string[] }).__presses.join(' | ')).catch(() => 'unreadable');
    shopper.failures.push(
      `shopper ${shopper.id}, ${doing}: ${String(error).split('\n')[0]}; at ${shopper.page.url()} the mini cart shows ${shown}; links: ${links}; widgets: ${report}; last requests: ${shopper.traffic.join(', ')}; presses: ${presses}`,
    );
  }
}

/** A cart as text, as the other sweeps print one: "33×2, 48×1" (or "empty"). */
export const figure = (cart: Map<number, number>) => cartFigure([...cart].map(([product_id, quantity]) => ({ product_id, variation_id: 0, quantity })));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
