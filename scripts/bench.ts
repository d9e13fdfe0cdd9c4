/**
 * `npm run bench`: prints figures, asserts nothing (budgets live in scripts/size-check.ts).
 * 1. Every chunk's minified and gzip bytes.
 * 2. Per demo page, in Debian's Chromium against the reference backend: the JavaScript fetched
 *    before the load event, and after every widget has loaded (page scrolled through, settled).
 * 3. Any scripts/bench-*.ts a widget adds (e.g. keystroke-to-suggestions time for search).
 */
import { existsSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from '../test/server/app.ts';
import { entryClosure, formatTable, listChunks, sizeOf } from './chunks.ts';

const PAGES = ['/', '/shop/', '/product/simple-mug/', '/product/variable-tee/', '/product/trail-sneaker/', '/cart/', '/notices/'];
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

function printChunks(): void {
  const sizes = listChunks().map(sizeOf);
  const boot = entryClosure();
  console.log('\n## Chunks (dist/)\n');
  console.log(formatTable([['chunk', 'min B', 'gzip B'], ...sizes.map((s) => [s.file + (boot.includes(s.file) ? ' (boot)' : ''), String(s.min), String(s.gzip)])]));
  const total = (files: string[]) => files.map((file) => sizeOf(file).gzip).reduce((a, b) => a + b, 0);
  console.log(`\nboot (entry + static imports): ${total(boot)} B gzip; all chunks: ${total(sizes.map((s) => s.file))} B gzip`);
}

interface Fetched {
  url: string;
  bytes: number;
  gzip: number;
  beforeLoad: boolean;
}

async function measurePages(): Promise<void> {
  const server = await startServer({ port: 0 });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const rows: string[][] = [['page', 'JS before load (files / min B / gzip B)', 'JS after widgets (files / min B / gzip B)', 'mounted']];
  try {
    for (const path of PAGES) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const fetched: Fetched[] = [];
      let loaded = false;
      page.on('load', () => {
        loaded = true;
      });
      page.on('response', async (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (!/javascript/.test(type)) return;
        const beforeLoad = !loaded;
        try {
          const body = await response.body();
          fetched.push({ url: response.url(), bytes: body.length, gzip: gzipSync(body, { level: 9 }).length, beforeLoad });
        } catch {
          // A response the page navigated away from has no body; nothing to count.
        }
      });
      const response = await page.goto(new URL(path, server.url).href, { waitUntil: 'load' });
      if (!response?.ok()) {
        rows.push([path, `HTTP ${response?.status() ?? '?'}`, '', '']);
        await page.close();
        continue;
      }
      // Bring every `visible` widget into view, give `idle` ones their turn, then wait for them.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        await window.vitrine?.settled();
      });
      await page.waitForTimeout(200);
      const mounted = await page.evaluate(() => window.vitrine?.report().filter((row) => row.state === 'mounted').length ?? 0);
      const sum = (items: Fetched[]) => `${items.length} / ${items.reduce((a, f) => a + f.bytes, 0)} / ${items.reduce((a, f) => a + f.gzip, 0)}`;
      rows.push([path, sum(fetched.filter((f) => f.beforeLoad)), sum(fetched), String(mounted)]);
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log('\n## JavaScript fetched per demo page (Chromium, reference backend, no HTTP compression: gzip computed)\n');
  console.log(formatTable(rows));
}

async function runWidgetBenches(): Promise<void> {
  const extra = readdirSync('scripts').filter((file) => /^bench-.+\.ts$/.test(file));
  for (const file of extra) {
    console.log(`\n## ${file}\n`);
    const module = (await import(`./${file}`)) as { run?: () => Promise<void> };
    if (typeof module.run === 'function') await module.run();
  }
}

if (!existsSync('dist/vitrine.js')) {
  console.error('bench: dist/vitrine.js is missing; run `npm run build` first.');
  process.exit(1);
}
printChunks();
await measurePages();
await runWidgetBenches();
