import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, beforeEach } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { ENTRY, entryClosure, LITE_ENTRY, listChunks } from '../../scripts/chunks.ts';
import { type RunningServer, type ServerOptions, startServer } from '../server/app.ts';
import type { Fault, LoggedRequest, Settings } from '../server/state.ts';

// Helpers for e2e tests (node --test): a demo server on a free port, Debian's Chromium, screenshots,
// and thin clients for the backend's control API (/__vitrine/*).

const SCREENSHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

export type Demo = RunningServer;

/**
 * The deadline for a wait that stands for an event (a widget answered, a list opened): there only so a broken
 * product fails instead of hanging. Far above the slowest wait measured with both cores of a 2-core machine busy
 * (a few seconds); a slow machine makes a test slower, never red.
 */
export const HANG_MS = 60_000;

/** Where the demo serves the built bundle (the plugin's dist/, as WordPress would). */
const DIST_PATH = '/wp-content/plugins/vitrine/dist/';

/** A fresh reference backend on a free port; `close()` it in `after()`. */
export function startDemo(options: ServerOptions = {}): Promise<Demo> {
  // VITRINE_DIST serves a bundle built elsewhere (e.g. while another build rewrites dist/).
  return startServer({ port: 0, distDir: process.env.VITRINE_DIST, ...options });
}

export interface DemoSession {
  readonly demo: Demo;
  readonly browser: Browser;
}

/**
 * One demo server and one Chromium for the enclosing test file or describe block: started before its
 * tests, closed after. With `reset`, every test starts from the seed state (empty carts, default
 * settings, no queued faults) and an empty request log.
 */
export function withDemo(options: ServerOptions & { reset?: boolean } = {}): DemoSession {
  const { reset, ...serverOptions } = options;
  let demo: Demo | undefined;
  let browser: Browser | undefined;
  before(async () => {
    demo = await startDemo(serverOptions);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });
  if (reset) {
    beforeEach(async () => {
      await resetDemo(demo!.url);
      await clearRequests(demo!.url);
    });
  }
  return {
    get demo() {
      if (!demo) throw new Error('withDemo: the demo is started in before()');
      return demo;
    },
    get browser() {
      if (!browser) throw new Error('withDemo: the browser is launched in before()');
      return browser;
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * A page in its own context (own cookies, so its own cart session). Use this rather than browser.newPage():
 * axe refuses pages that were not opened through a context.
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  withHangDeadlines(context);
  return context.newPage();
}

/**
 * Playwright's own 30 s default for a wait, a click or a navigation is a wall-clock limit a loaded machine can
 * cross while the product is right (a CI run with the genuine shop's PHP and Chromium busy beside it did): every
 * page the tests open waits up to HANG_MS instead, which only stops a page that never answers.
 */
export function withHangDeadlines<T extends BrowserContext>(context: T): T {
  context.setDefaultTimeout(HANG_MS);
  context.setDefaultNavigationTimeout(HANG_MS);
  return context;
}

/** Full-page PNG in test/e2e/screenshots/<name>.png (<name>-lite.png in the lite pass; gitignored); returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  // The two flavours' passes may run side by side (CI): each keeps its own pictures.
  const flavour = process.env.VITRINE_FLAVOUR === 'lite' ? '-lite' : '';
  const file = path.join(SCREENSHOTS, `${name.replace(/[^a-z0-9._-]+/gi, '-')}${flavour}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

async function control<T>(base: string, route: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(new URL(`/__vitrine/${route}`, base), {
    method,
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`/__vitrine/${route} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Queued faults: `faults(url).add({match: 'add_to_cart', fault: '500'})`. `match` is a wc-ajax endpoint,
 * an admin-ajax action or a path prefix; `times` defaults to 1; queued faults are consumed in order.
 */
export function faults(base: string) {
  return {
    add: (fault: { match: string; fault: string; times?: number } | { match: string; fault: string; times?: number }[]) =>
      control<Fault[]>(base, 'faults', 'POST', fault),
    list: () => control<Fault[]>(base, 'faults'),
    clear: () => control<Fault[]>(base, 'faults', 'DELETE'),
  };
}

/** The last 200 requests (pages and ajax; static files and /__vitrine are not logged), oldest first. */
export function requests(base: string, filter: { endpoint?: string; action?: string; pathPrefix?: string } = {}): Promise<LoggedRequest[]> {
  return control<LoggedRequest[]>(base, 'requests').then((list) =>
    list.filter(
      (r) =>
        (filter.endpoint === undefined || r.endpoint === filter.endpoint) &&
        (filter.action === undefined || r.action === filter.action) &&
        (filter.pathPrefix === undefined || r.path.startsWith(filter.pathPrefix)),
    ),
  );
}

/**
 * A slow network for the bundle's code: every chunk the page loads on demand arrives `ms` late (queued
 * faults, consumed per request), while the entry and what it imports statically (fetched before
 * anything runs) come at once. Follows VITRINE_FLAVOUR, as the demo does. `extra` faults go first
 * (e.g. one chunk answering 500).
 */
export async function delayChunks(base: string, ms = 1500, extra: { match: string; fault: string; times?: number }[] = []): Promise<void> {
  await faults(base).add([...extra, ...onDemandChunks().map((file) => ({ match: file, fault: `latency:${ms}`, times: 20 }))]);
}

/** The paths of the chunks a page loads on demand: not the entry (served as vitrine.js whatever the flavour), nor what it imports statically. */
function onDemandChunks(): string[] {
  const atBoot = new Set(entryClosure(process.env.VITRINE_FLAVOUR === 'lite' ? LITE_ENTRY : ENTRY));
  return listChunks()
    .filter((file) => !atBoot.has(file) && file !== ENTRY)
    .map((file) => `${DIST_PATH}${file}`);
}

/**
 * Holds the code this page asks for on demand until the returned function is called: every chunk but the entry and
 * what it imports statically, or, with `widget`, that widget's own chunk alone. The test decides what the shopper does
 * before the code arrives; a fixed delay (delayChunks) left that order to the machine's load, and CI runs several
 * browsers on 2 cores. Combine with delayChunks for the latency that follows the release.
 */
export function holdChunks(page: Page, widget?: string): Promise<() => void> {
  const onDemand = new Set(onDemandChunks());
  const ownChunk = new RegExp(`/widgets/${widget}-[\\w-]+\\.js$`);
  return holdRequests(page, (pathname) => (widget ? ownChunk.test(pathname) : onDemand.has(pathname)));
}

/** Holds every file of the bundle, the entry included, until the returned function is called: the page as the server sent it. */
export function holdBundle(page: Page): Promise<() => void> {
  return holdRequests(page, (pathname) => pathname.startsWith(DIST_PATH));
}

/** Holds this page's requests whose path `held` accepts until the returned function is called. */
export async function holdRequests(page: Page, held: (pathname: string) => boolean): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => held(url.pathname),
    async (route) => {
      await released;
      // The page may have closed meanwhile (a test that failed): nothing is left to answer.
      await route.continue().catch(() => {});
    },
  );
  return release;
}

/**
 * Opens the page with the widgets' code held (or, with `widget`, that widget's alone) and returns as soon as
 * DOMContentLoaded fired: the entry ran, the held code has not come. The code comes when the test calls the function
 * returned, once the shopper has acted as soon as the page showed.
 */
export async function openBeforeCode(page: Page, url: string, widget?: string): Promise<() => void> {
  const release = await holdChunks(page, widget);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  // The page must still be the server's: the point is to act before the widget is there.
  const mounted = await page.evaluate((only) => window.vitrine?.report().filter((row) => row.state === 'mounted' && (!only || row.widget === only)).length ?? -1, widget);
  if (mounted !== 0) throw new Error(`${mounted} held widget(s) had already mounted at DOMContentLoaded`);
  return release;
}

export const clearRequests = (base: string) => control<LoggedRequest[]>(base, 'requests', 'DELETE');

/** WooCommerce options printed in the pages' settings globals, e.g. {cart_redirect_after_add: true}. */
export const setSettings = (base: string, patch: Partial<Settings>) => control<Settings>(base, 'settings', 'POST', patch);

/** Sessions, faults, settings, nonces and the clock back to their start. */
export const resetDemo = (base: string) => control<{ ok: boolean }>(base, 'reset', 'POST');

/** Moves the server clock, e.g. a day ahead to expire every nonce already printed. */
export const advanceClock = (base: string, ms: number) => control<{ offset_ms: number }>(base, 'clock', 'POST', { advance_ms: ms });

/** True when no two logged requests overlap in time (the FIFO, one-at-a-time rule). */
export function sentOneAtATime(list: LoggedRequest[]): boolean {
  const sorted = [...list].sort((a, b) => a.start - b.start);
  return sorted.every((r, i) => i === 0 || (sorted[i - 1]?.end ?? Number.POSITIVE_INFINITY) <= r.start);
}

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/** Serious and critical axe violations on the page (open it with newPage()); pass selectors to exclude markup the project does not own. */
export async function axeCheck(page: Page, options: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  // Colour contrast is read from what is painted: a fade still running (the variation details fade in for 200 ms)
  // would be judged half transparent. Wait for the page's finite animations to end first, as a shopper's eye would.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY).map((animation) => animation.finished.catch(() => undefined))));
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Waits until each named widget has a root mounted on the page. */
export async function widgetsMounted(page: Page, widgets: string[]): Promise<void> {
  await page.waitForFunction(
    (names) => names.every((name) => window.vitrine?.report().some((row) => row.widget === name && row.state === 'mounted')),
    widgets,
  );
}

/**
 * Opens a checkout page and waits for its widgets and for the first order review update (init_checkout's) to be
 * in place. The payment box is not busy yet between the mount and that update's start, so "not busy" alone let a
 * test act (or queue a fault) before the update that then replaced the review and payment markup. The update is
 * counted on the bus from a queued call, as theme code would listen, made before Vitrine runs.
 */
export async function openCheckout(page: Page, url: string, widgets = ['checkout', 'address-fields', 'select-combobox']): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { __checkoutUpdates?: number; vitrineQueue?: unknown[] };
    if (counted.__checkoutUpdates !== undefined) return; // one listener however often the script was added
    counted.__checkoutUpdates = 0;
    counted.vitrineQueue = counted.vitrineQueue || [];
    counted.vitrineQueue.push((vitrine: { bus: { on: (name: string, handler: () => void) => void } }) =>
      vitrine.bus.on('checkout:updated', () => {
        counted.__checkoutUpdates = (counted.__checkoutUpdates ?? 0) + 1;
      }),
    );
  });
  await page.goto(url);
  await widgetsMounted(page, widgets);
  await page.waitForFunction(
    () => ((window as { __checkoutUpdates?: number }).__checkoutUpdates ?? 0) > 0 && !document.querySelector('.woocommerce-checkout-payment[aria-busy="true"]'),
  );
}

/** Console errors and uncaught exceptions of a page, for "no errors" assertions. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}

/**
 * This page's browser has no HTML sanitizer of its own: Document.parseHTML is hidden before any
 * script runs, so Vitrine fetches DOMPurify (src/sanitize.ts).
 */
export async function withoutBrowserSanitizer(page: Page): Promise<void> {
  await page.addInitScript(() => Object.defineProperty(Document, 'parseHTML', { value: undefined, configurable: true }));
}

/**
 * Rewrites the HTML documents the page loads whose path matches: `transform` gets the backend's markup
 * and returns what Chromium receives. Static files and ajax go through untouched.
 */
export async function rewriteDocuments(page: Page, path: RegExp, transform: (html: string) => string): Promise<void> {
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, body: transform(await response.text()) });
    },
  );
}
