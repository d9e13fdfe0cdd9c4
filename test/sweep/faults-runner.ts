import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { FaultCall, FaultName } from './faults-calls.ts';
import { cartFigure, cartOf, ordersOf, rejectionsOf, waitNotBusy, watchRejections } from './faults-shopper.ts';

// One cell of the fault matrix: a new shopper (no cookies, so a new cart session; a new tab) makes one
// call under one fault, the outcome is read as the shopper sees it, then the shopper tries again when
// what they saw asks for it, and the backend's cart and orders are compared with what they asked for.
//
// The fault is put on this page's request only (?vitrine-fault=, added by a route), so cells run side
// by side without taking each other's queued faults, and a redirect the answer makes is not faulted
// again. Chromium silently sends a request again when a kept-alive connection drops before any answer;
// the resent request carries the same address, so 'drop' drops it too and the page sees the failure.
// 'offline' is the context going offline for the shopper's action; for a call made while the page
// loads, the page could not load at all offline, so that one request fails as offline requests do
// (net::ERR_INTERNET_DISCONNECTED).

export interface CellResult {
  call: string;
  fault: FaultName;
  seen: string;
  documented: boolean;
  /** Loading states still on once the call settled. */
  busy: string[];
  rejections: string[];
  /** The retry's cart differs from what the shopper asked for (or the orders placed do). */
  lost: string | null;
  failure: string | null;
  ms: number;
}

/** Resolves once the first request `matches` accepts has an answer or has failed. */
function callSettled(page: Page, matches: (r: Request) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const done = (request: Request) => {
      if (!matches(request)) return;
      page.off('requestfinished', done);
      page.off('requestfailed', done);
      resolve();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  });
}

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms))]);

/** A browser context for a run of cells: its HTTP cache stays warm between them (the bundle's chunks load once). */
export async function shopperContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await watchRejections(context);
  return context;
}

/** Runs one cell in `context`, as a new shopper: no cookies (so a new cart session), a new tab. */
export async function runCell(context: BrowserContext, base: string, call: FaultCall, fault: FaultName): Promise<CellResult> {
  await context.clearCookies();
  await context.setOffline(false);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  const started = Date.now();
  const result: CellResult = { call: call.name, fault, seen: '', documented: false, busy: [], rejections: [], lost: null, failure: null, ms: 0 };
  try {
    await call.open(page, base);
    let faulted = false;
    await page.route(
      (url) => !url.pathname.startsWith('/wp-content/'),
      async (route) => {
        const request = route.request();
        if (faulted || !call.matches(request)) return route.continue();
        faulted = true;
        if (fault === 'offline') return route.abort('internetdisconnected');
        // In the address rather than a header: a redirect the answer makes is not faulted again.
        const url = new URL(request.url());
        url.searchParams.set('vitrine-fault', fault);
        return route.continue({ url: url.href });
      },
    );
    const settled = callSettled(page, call.matches);
    if (fault === 'offline' && !call.atLoad) await context.setOffline(true);
    await within(
      call.act(page, base).catch((error: unknown) => {
        // Offline, a page load the action starts fails: that is the outcome, not a test failure.
        if (fault !== 'offline') throw error;
      }),
      25_000,
      'the action',
    );
    await within(settled, 25_000, `the ${call.name} request`);
    if (call.settle) await within(call.settle(page), 15_000, 'the visible outcome').catch(() => undefined);
    result.busy = await waitNotBusy(page);
    result.seen = await call.seen(page, base).catch((error: unknown) => `unreadable (${String(error).split('\n')[0]})`);
    result.documented = call.expected[fault].test(result.seen);
    result.rejections = [...(await rejectionsOf(page)), ...pageErrors];
    await context.setOffline(false);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    if (call.retry) await within(call.retry(page, base, result.seen), 25_000, 'the retry');
    if (call.cartAfter) {
      const cart = await cartOf(base, context);
      if (cartFigure(cart) !== cartFigure(call.cartAfter)) result.lost = `cart ${cartFigure(cart)}, asked for ${cartFigure(call.cartAfter)}`;
    }
    if (call.ordersAfter !== undefined) {
      const orders = await ordersOf(base, context);
      if (orders !== call.ordersAfter) result.lost = `${orders} orders, asked for ${call.ordersAfter}`;
    }
    result.rejections = [...(await rejectionsOf(page)), ...pageErrors];
  } catch (error) {
    result.failure = String(error).split('\n')[0] ?? 'failed';
  } finally {
    await context.setOffline(false);
    await page.close();
  }
  result.ms = Date.now() - started;
  if (process.env.SWEEP_VERBOSE) console.log(`[faults] ${call.name} × ${fault}: ${result.ms} ms, saw "${result.seen}"`);
  return result;
}

/** Runs `tasks` with at most `limit` at a time, in order of start. */
export async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
