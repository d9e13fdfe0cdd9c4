/**
 * `npm run bench -- --shop` (scripts/bench.ts hands over to this file): the genuine-shop mode (issue 30). Builds a genuine WordPress 6.8 + WooCommerce 10 shop
 * with the real-shop kit (VITRINE_SHOP_KIT, default ../shared/real-shop; VITRINE_SHOP_REUSE reuses a running one),
 * installs the plugin from this build, and measures WooCommerce's classic scripts against Vitrine's two flavours on
 * the same pages, side by side in one run (the stack is chosen per request by the suite's must-use plugin's cookie):
 *
 * 1. bytes: gzip of each side's own scripts (those the other side's page does not load) after the page loaded, sat
 *    idle and took a first search keystroke; and what each package costs of Vitrine's (./package-costs.ts);
 * 2. Lighthouse mobile preset: TBT, LCP, CLS, medians of alternating runs (BENCH_RUNS, default 3);
 * 3. interaction latency: Chrome's Event Timing (what INP reports) from the press or key to the next paint, at 4× CPU,
 *    for an add to cart from the listing, a swatch, opening the gallery's lightbox, a search keystroke and a checkout
 *    country change by keyboard; medians of BENCH_INTERACTION_RUNS (default 5), with the range.
 *
 * The shop is served through a gzip front (./gzip-front.ts), as production hosts compress text; php -S alone sends
 * it raw, and BENCH_SHOP_RAW=1 measures that. BENCH_SHOP_PARTS=bytes (or bytes,lighthouse) measures only those parts, a
 * minute instead of a quarter of an hour when only the weight moved; BENCH_SHOP_PAGES=shop (labels) limits Lighthouse
 * to those pages; BENCH_SHOP_FILES=1 lists each side's own scripts per page. Prints figures and each issue 30 target
 * met or not; asserts nothing.
 */
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { STACK_COOKIE, type Stack } from '../test/shop/journey.ts';
import { type Shop, buildShop, findKit } from '../test/shop/kit.ts';
import { formatTable } from './chunks.ts';
import { gzipFront } from './gzip-front.ts';
import { buildShares, OWN, packageCosts, type Shares } from './package-costs.ts';
import { benchmarkIndexLine, CHROMIUM, CHROMIUM_ARGS, kb, lighthouseMedians, median, RUNS, type Vitals, vitalsCells } from './measure.ts';

const STACKS: Stack[] = ['classic', 'react', 'lite'];
const VITRINE: Stack[] = ['react', 'lite'];
const MUG = 10;
/** The Smart Search plugin's field in the theme's widget area (every page of Twenty Twenty-One shows it). */
const SEARCH_FIELD = 'input[id^="ysm-smart-search-1"]';
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true };

interface MeasuredPage {
  label: string;
  path: string;
  withItem?: boolean;
  lighthouse?: boolean;
}
const PAGES: MeasuredPage[] = [
  { label: 'variable product', path: '/product/variable-tee/', lighthouse: true },
  { label: 'simple product', path: '/product/simple-mug/', lighthouse: true },
  { label: 'shop', path: '/shop/', lighthouse: true },
  { label: 'cart (1 item)', path: '/cart/', withItem: true, lighthouse: true },
  { label: 'checkout (1 item)', path: '/checkout/', withItem: true },
];

const withoutQuery = (url: string) => url.replace(/[?#].*$/, '');

async function stackContext(browser: Browser, shop: Shop, stack: Stack, phone = true): Promise<BrowserContext> {
  const context = await browser.newContext(phone ? PHONE : { viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(90_000);
  await context.addCookies([{ name: STACK_COOKIE, value: stack, domain: new URL(shop.url).hostname, path: '/' }]);
  return context;
}

/** Puts the mug in this context's cart, the way a plain link does, so cart and checkout have something to show. */
async function addMug(context: BrowserContext, shop: Shop): Promise<void> {
  const response = await context.request.get(new URL(`/?add-to-cart=${MUG}`, shop.url).href);
  if (!response.ok()) throw new Error(`?add-to-cart=${MUG} answered ${response.status()}`);
}

/** Every script the page fetched (URL without its ?ver=, gzip bytes of its body), after load, idle and a first search keystroke. */
async function scriptsOf(browser: Browser, shop: Shop, stack: Stack, measured: MeasuredPage): Promise<Map<string, number>> {
  const context = await stackContext(browser, shop, stack);
  if (measured.withItem) await addMug(context, shop);
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    // A blob: script is made by the page itself (WordPress's emoji support test runs in a worker from one) and its
    // address is new on every load, so it would count as one side's own on whichever side the body was read.
    if (response.url().startsWith('blob:')) return;
    pending.push(
      response
        .body()
        .then((body) => {
          scripts.set(withoutQuery(response.url()), gzipSync(body).length);
        })
        .catch(() => undefined),
    );
  });
  await page.goto(new URL(measured.path, shop.url).href, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const search = page.locator(SEARCH_FIELD).first();
  if (await search.count()) {
    await search.scrollIntoViewIfNeeded();
    await search.click();
    await page.keyboard.type('s');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
  }
  await Promise.all(pending);
  await context.close();
  return scripts;
}

/** Each side's own scripts: those its page loads and the other side's does not (the theme's, WordPress's shared ones cancel out). */
function ownBytes(mine: Map<string, number>, theirs: Map<string, number>): number {
  let sum = 0;
  for (const [url, bytes] of mine) if (!theirs.has(url)) sum += bytes;
  return sum;
}

/** BENCH_SHOP_FILES=1: each side's own scripts on a page, heaviest first: where a page's bytes go. */
function printOwnFiles(label: string, scripts: Record<Stack, Map<string, number>>): void {
  for (const stack of STACKS) {
    const other = stack === 'classic' ? scripts.lite : scripts.classic;
    const own = [...scripts[stack]].filter(([url]) => !other.has(url)).sort((a, b) => b[1] - a[1]);
    console.log(`\n${label}, ${stack}'s own scripts:`);
    for (const [url, bytes] of own) console.log(`  ${kb(bytes).padStart(9)}  ${new URL(url).pathname}`);
  }
}

const PLUGIN_DIST = '/plugins/vitrine/dist/';

/** The plugin's built files among a page's scripts: their paths under `dist/`, with their gzip bytes. */
function vitrineFiles(scripts: Map<string, number>): Map<string, number> {
  const files = new Map<string, number>();
  for (const [url, bytes] of scripts) {
    const { pathname } = new URL(url);
    const at = pathname.indexOf(PLUGIN_DIST);
    if (at >= 0) files.set(pathname.slice(at + PLUGIN_DIST.length), bytes);
  }
  return files;
}

/**
 * Issue 30's report of what each package costs: per page and flavour, the gzip bytes of the plugin's files shared
 * out among the packages their code came from (./package-costs.ts), heaviest first, Vitrine's own code last.
 */
function packageRows(costs: Array<{ label: string; stack: Stack; costs: Map<string, number> }>): string[][] {
  const total = new Map<string, number>();
  for (const { costs: page } of costs) for (const [owner, bytes] of page) total.set(owner, (total.get(owner) ?? 0) + bytes);
  const owners = [...total.keys()].filter((owner) => owner !== OWN).sort((a, b) => (total.get(b) ?? 0) - (total.get(a) ?? 0));
  const rows = [['page', 'flavour', ...owners, OWN, 'all']];
  for (const { label, stack, costs: page } of costs) {
    const cell = (owner: string) => (page.get(owner) ? kb(page.get(owner) as number) : '–');
    rows.push([label, stack, ...owners.map(cell), cell(OWN), kb([...page.values()].reduce((sum, bytes) => sum + bytes, 0))]);
  }
  return rows;
}

async function measureBytes(
  browser: Browser,
  shop: Shop,
): Promise<{ rows: string[][]; ratios: Record<string, Record<Stack, number>>; packages: string[][] }> {
  const rows: string[][] = [['page', 'classic own', 'React own', 'React ×', 'lite own', 'lite ×']];
  const ratios: Record<string, Record<Stack, number>> = {};
  const shares: Map<string, Shares> = await buildShares();
  const costs: Array<{ label: string; stack: Stack; costs: Map<string, number> }> = [];
  for (const measured of PAGES) {
    const scripts = {} as Record<Stack, Map<string, number>>;
    for (const stack of STACKS) scripts[stack] = await scriptsOf(browser, shop, stack, measured);
    for (const stack of VITRINE) {
      const { costs: page, unmatched } = packageCosts(vitrineFiles(scripts[stack]), shares);
      costs.push({ label: measured.label, stack, costs: page });
      if (unmatched.length) console.warn(`WARNING: ${measured.label}, ${stack}: files the shop served that this build did not make (a dist/ older than the sources?), counted as Vitrine's own: ${unmatched.join(', ')}`);
    }
    const classicOwn = (vs: Stack) => ownBytes(scripts.classic, scripts[vs]);
    const own = (stack: Stack) => ownBytes(scripts[stack], scripts.classic);
    ratios[measured.label] = { classic: 1, react: own('react') / classicOwn('react'), lite: own('lite') / classicOwn('lite') };
    rows.push([
      measured.label,
      kb(classicOwn('lite')),
      kb(own('react')),
      `${(ratios[measured.label]?.react ?? Number.NaN).toFixed(2)}×`,
      kb(own('lite')),
      `${(ratios[measured.label]?.lite ?? Number.NaN).toFixed(2)}×`,
    ]);
    if (process.env.BENCH_SHOP_FILES) printOwnFiles(measured.label, scripts);
  }
  return { rows, ratios, packages: packageRows(costs) };
}

async function measureLighthouse(
  shop: Shop,
  browser: Browser,
): Promise<{ rows: string[][]; vitals: Record<string, Record<Stack, Vitals>>; indexes: Array<[number, number]> }> {
  const rows: string[][] = [['page', 'stack', 'TBT', 'LCP', 'CLS']];
  const vitals: Record<string, Record<Stack, Vitals>> = {};
  const indexes: Array<[number, number]> = [];
  for (const measured of PAGES.filter((p) => p.lighthouse && (!LIGHTHOUSE_PAGES || LIGHTHOUSE_PAGES.includes(p.label)))) {
    // Each stack's cookies (its stack cookie and, for a cart with an item, the session of a cart filled beforehand),
    // sent with every request of its runs.
    const cookies = {} as Record<Stack, string>;
    for (const stack of STACKS) {
      const context = await stackContext(browser, shop, stack, false);
      if (measured.withItem) await addMug(context, shop);
      cookies[stack] = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      await context.close();
    }
    const url = new URL(measured.path, shop.url).href;
    const { medians, benchmarkIndex } = await lighthouseMedians(STACKS, (stack) => ({ url, headers: { Cookie: cookies[stack] } }));
    vitals[measured.label] = medians;
    indexes.push(benchmarkIndex);
    for (const stack of STACKS) rows.push([measured.label, stack, ...vitalsCells(medians[stack])]);
  }
  return { rows, vitals, indexes };
}

interface Interaction {
  name: string;
  path: string;
  withItem?: boolean;
  /** Gets the page to the moment before the measured input (waits for what a shopper would wait for). */
  prepare?: (page: Page) => Promise<void>;
  /** The measured input: one press or key. */
  act: (page: Page) => Promise<void>;
}

const INTERACTIONS: Interaction[] = [
  { name: 'add to cart from the listing', path: '/shop/', act: (page) => page.locator(`a.ajax_add_to_cart[data-product_id="${MUG}"]`).first().click() },
  {
    name: 'a swatch choice',
    path: '/product/variable-tee/',
    act: (page) => page.locator('form.variations_form .cfvsw-swatches-option[data-slug="blue"]').click(),
  },
  {
    name: 'open the gallery lightbox',
    path: '/product/simple-mug/',
    prepare: (page) => page.locator('.woocommerce-product-gallery__trigger').focus(),
    act: (page) => page.keyboard.press('Enter'),
  },
  {
    name: 'a search keystroke',
    path: '/shop/',
    prepare: async (page) => {
      const input = page.locator(SEARCH_FIELD).first();
      await input.scrollIntoViewIfNeeded();
      await input.click();
      await page.keyboard.type('ston', { delay: 120 });
      await page.waitForLoadState('networkidle');
    },
    act: (page) => page.keyboard.type('e'),
  },
  {
    name: 'a checkout country change (keyboard)',
    path: '/checkout/',
    withItem: true,
    prepare: async (page) => {
      await page.locator('#billing_last_name').focus();
      await page.keyboard.press('Tab');
      await page.keyboard.type('Canad', { delay: 120 });
      await page.waitForTimeout(300);
    },
    act: (page) => page.keyboard.press('Enter'),
  },
];

/** The longest Event Timing entry of an interaction (interactionId > 0) after `since`: input to next paint, as INP counts it. */
async function longestInteraction(page: Page, since: number): Promise<number> {
  return page.evaluate(async (from) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const entries = (window as unknown as { __vitrineEvents: PerformanceEventTiming[] }).__vitrineEvents ?? [];
    return entries.filter((e) => (e as PerformanceEventTiming & { interactionId?: number }).interactionId && e.startTime >= from).reduce((max, e) => Math.max(max, e.duration), 0);
  }, since);
}

async function measureInteraction(browser: Browser, shop: Shop, stack: Stack, interaction: Interaction): Promise<number> {
  const context = await stackContext(browser, shop, stack);
  if (interaction.withItem) await addMug(context, shop);
  await context.addInitScript(() => {
    const store: PerformanceEntry[] = [];
    (window as unknown as { __vitrineEvents: PerformanceEntry[] }).__vitrineEvents = store;
    new PerformanceObserver((list) => store.push(...list.getEntries())).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(new URL(interaction.path, shop.url).href, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await interaction.prepare?.(page);
    const since = await page.evaluate(() => performance.now());
    await interaction.act(page);
    return await longestInteraction(page, since);
  } catch (error) {
    console.error(`  ${stack}, ${interaction.name}: ${(error as Error).message.split('\n')[0]}`);
    return Number.NaN;
  } finally {
    await context.close();
  }
}

/**
 * Rounds per interaction and stack (BENCH_INTERACTION_RUNS; at least 5 by default). Event Timing's 8 ms steps make a
 * median of 3 flip between one frame and two on a shared machine; a run is a few seconds, so more of them are cheap.
 */
const INTERACTION_RUNS = Number(process.env.BENCH_INTERACTION_RUNS ?? Math.max(RUNS, 5));

async function measureInteractions(browser: Browser, shop: Shop): Promise<{ rows: string[][]; latency: Record<string, Record<Stack, number>> }> {
  const rows: string[][] = [['interaction', ...STACKS.map((s) => `${s} (median, min–max ms)`)]];
  const latency: Record<string, Record<Stack, number>> = {};
  for (const interaction of INTERACTIONS) {
    const runs = Object.fromEntries(STACKS.map((s) => [s, [] as number[]])) as Record<Stack, number[]>;
    for (let round = 0; round < INTERACTION_RUNS; round++) for (const stack of STACKS) runs[stack].push(await measureInteraction(browser, shop, stack, interaction));
    latency[interaction.name] = Object.fromEntries(STACKS.map((s) => [s, median(runs[s])])) as Record<Stack, number>;
    // Event Timing reports only interactions of 16 ms or more (its smallest threshold), in 8 ms steps.
    const shown = (ms: number) => (ms === 0 ? '< 16' : String(Math.round(ms)));
    // The range beside the median: one frame more or less (16 against 24 or 32) is often the machine, not the code.
    const cell = (stack: Stack) => `${shown(latency[interaction.name]?.[stack] ?? Number.NaN)} (${shown(Math.min(...runs[stack]))}–${shown(Math.max(...runs[stack]))})`;
    rows.push([interaction.name, ...STACKS.map(cell)]);
  }
  return { rows, latency };
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

const RAW = process.env.BENCH_SHOP_RAW === '1';
/** BENCH_SHOP_PAGES (labels, comma-separated, e.g. "shop"): Lighthouse on those pages only. */
const LIGHTHOUSE_PAGES = process.env.BENCH_SHOP_PAGES?.split(',').map((label) => label.trim());

/** The parts to measure (BENCH_SHOP_PARTS, comma-separated): all three unless told. The bytes are always measured. */
const PARTS = new Set((process.env.BENCH_SHOP_PARTS ?? 'bytes,lighthouse,latency').split(',').map((part) => part.trim()));

export async function benchShop(): Promise<void> {
  const kit = findKit();
  if (kit.missing) {
    console.log(`genuine-shop bench skipped: ${kit.missing}`);
    return;
  }
  console.log('\n# Genuine shop (real-shop kit, Twenty Twenty-One): classic scripts against Vitrine\n');
  const shop = await buildShop(kit.dir, (line) => console.log(line));
  // Served gzipped, as a production host serves it (./gzip-front.ts); BENCH_SHOP_RAW=1 measures php -S's raw bytes.
  const front = RAW ? null : await gzipFront(shop);
  console.log(RAW ? 'served as php -S sends it: uncompressed (BENCH_SHOP_RAW)' : 'served through a gzip front, as a production host compresses text');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const bytes = await measureBytes(browser, shop);
    console.log('\n## Bytes: each side\'s own scripts, gzip, after load, idle and a first search keystroke\n');
    console.log(formatTable(bytes.rows));
    console.log("\n## What each package costs per page: the plugin's files, gzip, shared out by their source maps\n");
    console.log(formatTable(bytes.packages));
    const lighthouse = PARTS.has('lighthouse') ? await measureLighthouse(shop, browser) : { rows: [], vitals: {}, indexes: [] };
    if (PARTS.has('lighthouse')) {
      console.log(`\n## Lighthouse mobile preset, medians of ${RUNS} alternating runs (TBT's range in brackets)\n`);
      console.log(formatTable(lighthouse.rows));
      console.log(benchmarkIndexLine(lighthouse.indexes));
    }
    const interactions = PARTS.has('latency') ? await measureInteractions(browser, shop) : { rows: [], latency: {} };
    if (PARTS.has('latency')) {
      console.log(`\n## Interaction latency (Event Timing, input to next paint), CPU 4× slower, medians of ${INTERACTION_RUNS}\n`);
      console.log(formatTable(interactions.rows));
    }

    const targets: string[][] = [['target (issue 30)', 'page or interaction', 'React', 'lite']];
    for (const [label, v] of Object.entries(lighthouse.vitals)) {
      const c = v.classic;
      for (const [name, ok] of [
        ['TBT ≤ classic and ≤ 200 ms', (s: Vitals) => s.tbt <= c.tbt && s.tbt <= 200],
        ['LCP ≤ classic', (s: Vitals) => s.lcp <= c.lcp],
        ['CLS ≤ 0.02', (s: Vitals) => s.cls <= 0.02],
      ] as const) {
        targets.push([name, label, ...VITRINE.map((s) => verdict(ok(v[s])))]);
      }
    }
    for (const [name, l] of Object.entries(interactions.latency)) {
      targets.push(['latency ≤ classic', name, ...VITRINE.map((s) => verdict(l[s] <= l.classic))]);
    }
    for (const [label, r] of Object.entries(bytes.ratios)) targets.push(['lite bytes ≤ 0.8× classic', label, 'reported', verdict(r.lite <= 0.8)]);
    console.log('\n## Issue 30 targets on the genuine shop\n');
    console.log(formatTable(targets));
  } finally {
    await browser.close();
    await front?.close();
    shop.stop();
  }
}
