/**
 * Instant search: keystroke-to-suggestions-painted time at zero server latency, in Chromium against the
 * reference backend and the built bundle. Measured in the page: performance.now() at the keydown of the
 * character that reaches minChars, to the frame after the listbox's options appear. Every query is new
 * (no cache hit), so each run is defer (100 ms) + one request + render. Target: defer + one frame.
 */
import { chromium } from 'playwright-core';
import { startServer } from '../test/server/app.ts';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const INPUT = '.vitrine-demo-header-search input[role="combobox"]';
// Three-letter starts of demo product names: each has results, none repeats (the widget caches per query).
const QUERIES = ['mug', 'tea', 'oak', 'can', 'woo', 'lin', 'bra', 'cer', 'sca', 'wal', 'sal', 'esp', 'tra', 'sto', 'ena', 'sim', 'cot', 'den', 'rai', 'bea', 'cus', 'bas'];

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export async function run(): Promise<void> {
  const server = await startServer({ port: 0 });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const times: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}search/`);
    // The widget loads on the shopper's first interaction: focus the server's field, as a shopper would.
    await page.focus('.vitrine-demo-header-search input[type="search"]');
    await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'instant-search' && row.state === 'mounted'));
    await page.locator(INPUT).waitFor();
    for (const query of QUERIES) {
      await page.locator(INPUT).focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.insertText(query.slice(0, -1)); // under minChars: no request, the list empties
      await page.waitForFunction((sel) => document.querySelector(sel)?.closest('form')?.querySelectorAll('[role="option"]').length === 0, INPUT);
      // Arm the measurement in the page, then press the last key for real.
      await page.evaluate((sel) => {
        const w = window as unknown as { __searchBench?: Promise<number> };
        w.__searchBench = new Promise<number>((resolve, reject) => {
            const input = document.querySelector<HTMLInputElement>(sel);
            const form = input?.closest('form');
            if (!input || !form) return reject(new Error('no search input'));
            let start = 0;
            input.addEventListener('keydown', () => { start = performance.now(); }, { once: true, capture: true });
            const timeout = setTimeout(() => { observer.disconnect(); reject(new Error('no suggestions within 3 s')); }, 3000);
            const observer = new MutationObserver(() => {
              if (!start || form.querySelectorAll('[role="option"]').length === 0) return;
              observer.disconnect();
              clearTimeout(timeout);
              // The frame after the options appear: rAF runs before that frame's paint, the task after it runs once it is painted.
              requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
            });
            observer.observe(form, { childList: true, subtree: true });
        });
        w.__searchBench.catch(() => undefined); // read below; never an unhandled rejection
      }, INPUT);
      await page.keyboard.press(query.slice(-1));
      try {
        times.push(await page.evaluate(() => (window as unknown as { __searchBench: Promise<number> }).__searchBench));
      } catch (error) {
        console.log(`  ${query}: ${(error as Error).message}`);
      }
    }
    await page.close();
  } finally {
    await browser.close();
    await server.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`keystroke → suggestions painted, zero server latency, ${sorted.length} runs (defer 100 ms included):`);
  console.log(`  median ${percentile(sorted, 50).toFixed(1)} ms · p90 ${percentile(sorted, 90).toFixed(1)} ms · min ${sorted[0]?.toFixed(1)} ms · max ${sorted[sorted.length - 1]?.toFixed(1)} ms`);
}

// `node --import tsx scripts/bench-search.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) await run();
