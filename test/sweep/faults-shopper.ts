import type { BrowserContext, Page } from 'playwright-core';

// What the fault, double-action and privacy sweeps read from a shopper's page and from the backend:
// loading states still on, unhandled promise rejections, which widgets mounted, and the cart the
// backend holds for this browser's session (read through the control API, not from the page).

/** Every loading state a widget (or a blockUI-minded theme) can put on the page. */
export const BUSY_SELECTOR = '[aria-busy="true"], .loading, .processing, .vitrine-busy, .blockUI, .blockOverlay, .vitrine-express-overlay';

/**
 * Counts unhandled rejections from the first script on: a listener added before the page's own code.
 * 'pageerror' alone misses rejections Chromium reports only to the console.
 */
export async function watchRejections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __sweepRejections: seen });
    window.addEventListener('unhandledrejection', (event) => seen.push(String(event.reason)));
  });
}

/** Unhandled rejections and uncaught errors the page reported so far (an unreadable page counts none). */
export async function rejectionsOf(page: Page): Promise<string[]> {
  try {
    return await page.evaluate(() => (window as unknown as { __sweepRejections?: string[] }).__sweepRejections ?? []);
  } catch {
    return [];
  }
}

/** Descriptions of the elements still showing a loading state (empty when none, or when the page is gone). */
export async function busyLeft(page: Page): Promise<string[]> {
  try {
    return await page.$$eval(BUSY_SELECTOR, (elements) =>
      elements.map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${Array.from(el.classList).join('.')}`),
    );
  } catch {
    return [];
  }
}

/**
 * Waits until no loading state is left; resolves with what stayed on after `ms` (empty when all cleared).
 * `ms` tells a state left on for good from one a busy machine is slow to clear: far above the slowest
 * clearing seen on a loaded 2-core machine, and it only costs time when a state is really left.
 */
export async function waitNotBusy(page: Page, ms = 20_000): Promise<string[]> {
  try {
    await page.waitForFunction((selector) => !document.querySelector(selector), BUSY_SELECTOR, { timeout: ms, polling: 50 });
    return [];
  } catch {
    return busyLeft(page);
  }
}

/** Waits until every named widget is mounted (an idle widget waits for an idle moment, which a loaded machine makes rare). */
export async function mounted(page: Page, widgets: string[], timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    (names) => names.every((name) => window.vitrine?.report().some((row) => row.widget === name && row.state === 'mounted')),
    widgets,
    { timeout },
  );
}

export interface CartLine {
  product_id: number;
  variation_id: number;
  quantity: number;
}

const SESSION_COOKIE = 'wp_woocommerce_session_demo';

/** The cart the backend holds for this browser context's session (empty when it has none). */
export async function cartOf(base: string, context: BrowserContext): Promise<CartLine[]> {
  const cookie = (await context.cookies(base)).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) return [];
  const state = (await (await fetch(new URL('/__vitrine/state', base))).json()) as { sessions: { id: string; items: CartLine[] }[] };
  const session = state.sessions.find((s) => s.id === decodeURIComponent(cookie.value));
  return (session?.items ?? []).map(({ product_id, variation_id, quantity }) => ({ product_id, variation_id, quantity }));
}

/** "10×2, 11×1": a cart as one short, comparable figure. */
export function cartFigure(lines: CartLine[]): string {
  if (lines.length === 0) return 'empty';
  return lines
    .map((l) => `${l.variation_id || l.product_id}×${l.quantity}`)
    .sort()
    .join(', ');
}

/** Orders the backend holds for this browser context's session. */
export async function ordersOf(base: string, context: BrowserContext): Promise<number> {
  const cookie = (await context.cookies(base)).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) return 0;
  const orders = (await (await fetch(new URL('/__vitrine/orders', base))).json()) as { sessionId: string }[];
  return orders.filter((o) => o.sessionId === decodeURIComponent(cookie.value)).length;
}

/** The page's own cookie session gets a cart by the no-JavaScript route (?add-to-cart=ID&quantity=N). */
export async function fill(page: Page, base: string, lines: [number, number][]): Promise<void> {
  // The context's request client shares the page's cookies, and renders nothing.
  for (const [id, quantity] of lines) await page.request.get(`${base}?add-to-cart=${id}&quantity=${quantity}`, { maxRedirects: 0 });
}

/** The cart page with two lines (product 10 ×2, product 11 ×1), its widget mounted. */
export async function openCart(page: Page, base: string): Promise<void> {
  await fill(page, base, [
    [10, 2],
    [11, 1],
  ]);
  await page.goto(`${base}cart/`);
  await mounted(page, ['cart-page']);
}
