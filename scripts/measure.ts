/**
 * What both benches share (scripts/bench.ts on the demo, scripts/shop-bench.ts on a genuine shop): the browser they
 * drive, how many runs, medians, and Lighthouse's mobile preset run in alternation across the stacks compared.
 */

export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The median of the figures a run produced (a run that measured nothing gives NaN and is left out). */
export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor(sorted.length / 2)] as number) : Number.NaN;
}

export interface Vitals {
  tbt: number;
  lcp: number;
  cls: number;
}

/**
 * Lighthouse's mobile preset (simulated slow 4G, 4× CPU) on one page for each of `stacks`, RUNS rounds, the stacks
 * taking turns within a round so a slower minute of a shared machine weighs on all of them alike; medians per stack.
 * `target(stack)`: the page's address for that stack, and the headers to send (a cookie choosing it, a session).
 */
/**
 * Lighthouse navigates its runs one after another in one tab, each to a page at the same origin as the run before.
 * Chrome's paint holding then keeps the frame shown before the navigation for a
 * same-origin navigation (blank in these runs), and on this machine the page's first paint came about 2.35 s after the navigation whenever
 * the page had loaded sooner than that, for every stack alike. Lighthouse's simulation counts every request that
 * starts before that observed paint towards FCP and LCP, so the late paint charged each stack for scripts a shopper
 * arriving from elsewhere (a search result, an ad: no paint holding) never waits for. Without paint holding the
 * observed first paint comes when the page can paint, as in a first visit.
 */
const LIGHTHOUSE_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--disable-features=PaintHolding'];

export async function lighthouseMedians<S extends string>(
  stacks: readonly S[],
  target: (stack: S) => { url: string; headers?: Record<string, string> },
): Promise<Record<S, Vitals>> {
  const [{ default: lighthouse }, { launch }] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: LIGHTHOUSE_CHROMIUM_ARGS });
  const runs = Object.fromEntries(stacks.map((stack) => [stack, [] as Vitals[]])) as Record<S, Vitals[]>;
  try {
    for (let round = 0; round < RUNS; round++) {
      for (const stack of stacks) {
        const { url, headers } = target(stack);
        const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', ...(headers ? { extraHeaders: headers } : {}) });
        const audits = result?.lhr.audits ?? {};
        runs[stack].push({
          tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
          lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        });
      }
    }
  } finally {
    await chrome.kill();
  }
  const medians = {} as Record<S, Vitals>;
  for (const stack of stacks) {
    const list = runs[stack];
    medians[stack] = { tbt: median(list.map((v) => v.tbt)), lcp: median(list.map((v) => v.lcp)), cls: median(list.map((v) => v.cls)) };
  }
  return medians;
}

/** A Lighthouse row: TBT and LCP in ms, CLS to three places. */
export const vitalsCells = (v: Vitals) => [`${Math.round(v.tbt)} ms`, `${Math.round(v.lcp)} ms`, v.cls.toFixed(3)];
