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
  /** The lowest and highest TBT of the runs behind the median: TBT moves by whole long tasks from one run to the next. */
  tbtRange: [number, number];
}

/**
 * Lighthouse's own CPU benchmark, taken at the start of each run (`environment.benchmarkIndex`, higher is faster),
 * lowest and highest over the runs. Lighthouse simulates a phone by multiplying the tasks it observed, so a machine
 * slowed by other work would inflate every stack's TBT; a low or widely spread index says so. (Stop 48's runs read
 * ten times today's TBT for every stack, for a cause not found: docs/decisions.md, "TBT on a quiet machine".)
 */
export interface LighthouseRuns<S extends string> {
  medians: Record<S, Vitals>;
  benchmarkIndex: [number, number];
}

/**
 * The Chromium flags of the Lighthouse runs: chrome-launcher's defaults (the Lighthouse command line's), except that
 * RenderDocument stays on, as it is in every shopper's Chrome, then this machine's.
 *
 * chrome-launcher turns RenderDocument off for Lighthouse's sake (some of its own trace reading assumes one frame
 * per tab). With it off, the Chromium here held the page's first paint until about 2.35 s after the navigation
 * whenever the page had loaded sooner, for every stack alike, the filmstrip blank and the main thread idle until
 * then. Lighthouse's simulation counts every request started before that observed paint towards FCP and LCP, and
 * leaves every task before it out of TBT. With it on, the page paints as it loads (docs/decisions.md, "The bench's
 * Lighthouse runs keep RenderDocument on"). What Lighthouse then misreads is the observed DOMContentLoaded, which the
 * bench does not use.
 *
 * Chromium reads only the last `--disable-features`, so the list is edited, not followed by a second switch (which
 * would turn all of chrome-launcher's list back on).
 */
async function lighthouseChromiumFlags(): Promise<string[]> {
  const { Launcher } = await import('chrome-launcher');
  const defaults = Launcher.defaultFlags();
  const disabled = defaults.find((flag) => flag.startsWith('--disable-features='));
  if (!disabled?.includes('RenderDocument')) throw new Error('chrome-launcher no longer disables RenderDocument by default: check the Lighthouse flags');
  const kept = disabled.slice('--disable-features='.length).split(',').filter((feature) => feature !== 'RenderDocument');
  return [...defaults.map((flag) => (flag === disabled ? `--disable-features=${kept.join(',')}` : flag)), ...CHROMIUM_ARGS];
}

/**
 * Lighthouse's mobile preset (simulated slow 4G, 4× CPU) on one page for each of `stacks`, RUNS rounds, the stacks
 * taking turns within a round so a slower minute of a shared machine weighs on all of them alike; medians per stack.
 * `target(stack)`: the page's address for that stack, and the headers to send (a cookie choosing it, a session).
 */
export async function lighthouseMedians<S extends string>(
  stacks: readonly S[],
  target: (stack: S) => { url: string; headers?: Record<string, string> },
): Promise<LighthouseRuns<S>> {
  const [{ default: lighthouse }, { launch }] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await launch({ chromePath: CHROMIUM, ignoreDefaultFlags: true, chromeFlags: await lighthouseChromiumFlags() });
  type Run = Omit<Vitals, 'tbtRange'>;
  const runs = Object.fromEntries(stacks.map((stack) => [stack, [] as Run[]])) as Record<S, Run[]>;
  const benchmarkIndexes: number[] = [];
  try {
    for (let round = 0; round < RUNS; round++) {
      for (const stack of stacks) {
        const { url, headers } = target(stack);
        const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', ...(headers ? { extraHeaders: headers } : {}) });
        const audits = result?.lhr.audits ?? {};
        if (result?.lhr.environment) benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
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
    const tbts = list.map((v) => v.tbt);
    medians[stack] = { tbt: median(tbts), lcp: median(list.map((v) => v.lcp)), cls: median(list.map((v) => v.cls)), tbtRange: rangeOf(tbts) };
  }
  return { medians, benchmarkIndex: rangeOf(benchmarkIndexes) };
}

/** The lowest and highest of the figures that were measured (NaN for none). */
function rangeOf(values: number[]): [number, number] {
  const measured = values.filter((v) => Number.isFinite(v));
  return measured.length ? [Math.min(...measured), Math.max(...measured)] : [Number.NaN, Number.NaN];
}

/** A Lighthouse row: TBT (median, with the runs' range) and LCP in ms, CLS to three places. */
export const vitalsCells = (v: Vitals) => [
  `${Math.round(v.tbt)} ms (${Math.round(v.tbtRange[0])}–${Math.round(v.tbtRange[1])})`,
  `${Math.round(v.lcp)} ms`,
  v.cls.toFixed(3),
];

/**
 * The line under a Lighthouse table: the benchmark index's spread over the runs, and a warning when the machine's
 * speed moved by more than a quarter between runs (another job started), which TBT would show as noise.
 */
export function benchmarkIndexLine(indexes: Array<[number, number]>): string {
  const measured = indexes.filter(([min, max]) => Number.isFinite(min) && Number.isFinite(max));
  const low = Math.min(...measured.map(([min]) => min));
  const high = Math.max(...measured.map(([, max]) => max));
  if (!Number.isFinite(low)) return "Lighthouse's CPU benchmark index: not reported";
  const line = `Lighthouse's CPU benchmark index over these runs: ${Math.round(low)}–${Math.round(high)} (higher is faster)`;
  return high > low * 1.25 ? `${line}. WARNING: the machine's speed moved by more than a quarter between runs; TBT is not comparable across them.` : line;
}
