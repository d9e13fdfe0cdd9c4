import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { withHangDeadlines } from '../e2e/harness.ts';
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
//
// 'latency:N' runs on the page's clock rather than the wall's: the cell's context gets Playwright's
// clock (time flows as usual until then), the faulted request is held at the route, N ms are run on
// the page's clock (every timer due in that span fires, in order: the widget's own request timeout
// among them), and only then does the request go on to the server, which answers at once. For the
// widget that is an answer N ms late, without the cell waiting N real seconds. A timer callback that
// throws while the clock is run counts as the page's error, as it would in the browser.

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

/** Hang deadlines: far above the slowest step measured on a loaded 2-core machine; they only stop a cell that would never end. */
export const STEP_DEADLINE_MS = 60_000;

/** The clock is run in steps of this many ms, so the page's own tasks (rendering, answers) run between its timers' turns. */
const CLOCK_STEP_MS = 500;

/** The delay a 'latency:N' fault stands for (0 for the other faults). */
const latencyOf = (fault: FaultName): number => Number(/^latency:(\d+)$/.exec(fault)?.[1] ?? 0);

/** `promise`, or a failure naming `what` after `ms`; the timer is cleared either way (a pending one kept the test's process alive). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** A browser context for a run of cells: its HTTP cache stays warm between them (the bundle's chunks load once). */
export async function shopperContext(browser: Browser): Promise<BrowserContext> {
  const context = withHangDeadlines(await browser.newContext({ viewport: { width: 1280, height: 900 } }));
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
  const latency = latencyOf(fault);
  let hold: (route: Route) => void = () => undefined;
  const held = new Promise<Route>((resolve) => {
    hold = resolve;
  });
  try {
    await call.open(page, base);
    // Installed after the page opened, before the action: calls made at load get it with the page (an init script).
    if (latency) await context.clock.install();
    let faulted = false;
    await page.route(
      (url) => !url.pathname.startsWith('/wp-content/'),
      async (route) => {
        const request = route.request();
        if (faulted || !call.matches(request)) return route.continue();
        faulted = true;
        if (fault === 'offline') return route.abort('internetdisconnected');
        if (latency) return hold(route);
        // In the address rather than a header: a redirect the answer makes is not faulted again.
        const url = new URL(request.url());
        url.searchParams.set('vitrine-fault', fault);
        return route.continue({ url: url.href });
      },
    );
    const settled = callSettled(page, call.matches);
    if (fault === 'offline' && !call.atLoad) await context.setOffline(true);
    const acted = within(
      call.act(page, base).catch((error: unknown) => {
        // Offline, a page load the action starts fails: that is the outcome, not a test failure.
        if (fault !== 'offline') throw error;
      }),
      STEP_DEADLINE_MS,
      'the action',
    );
    // Awaited below; until then a failure must not count as unhandled (the latency steps may throw first).
    acted.catch(() => undefined);
    if (latency) {
      // The request may be sent before the action has resolved (a page load's) or after (a debounced one).
      const route = await Promise.race([held, acted.then(() => within(held, STEP_DEADLINE_MS, `the ${call.name} request`))]);
      for (let ran = 0; ran < latency; ran += CLOCK_STEP_MS) {
        // runFor rejects with the first error a timer callback threw: the page's uncaught error.
        const thrown = context.clock.runFor(Math.min(CLOCK_STEP_MS, latency - ran)).then(
          () => null,
          (error: unknown) => String(error).split('\n')[0] ?? 'error',
        );
        const error = await within(thrown, STEP_DEADLINE_MS, 'the page clock');
        if (error) pageErrors.push(error);
      }
      // The page may have given up on the request by now (its own timeout): then there is nothing to send.
      if (route.request().failure()) {
        if (process.env.SWEEP_VERBOSE) console.log(`[faults] ${call.name} × ${fault}: the page gave up on the request first`);
      } else await route.continue().catch(() => undefined);
    }
    await acted;
    await within(settled, STEP_DEADLINE_MS, `the ${call.name} request`);
    // Settling is judged on the outcome itself; a call whose outcome never shows is read as it stands.
    if (call.settle) await within(call.settle(page), STEP_DEADLINE_MS, 'the visible outcome').catch(() => undefined);
    result.busy = await waitNotBusy(page);
    result.seen = await call.seen(page, base).catch((error: unknown) => `unreadable (${String(error).split('\n')[0]})`);
    result.documented = call.expected[fault].test(result.seen);
    result.rejections = [...(await rejectionsOf(page)), ...pageErrors];
    await context.setOffline(false);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    if (call.retry) await within(call.retry(page, base, result.seen), STEP_DEADLINE_MS, 'the retry');
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
