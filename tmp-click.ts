import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { STACK_COOKIE } from './test/shop/journey.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/measure.ts';
const stacks = (process.argv[2] ?? 'classic,react,lite').split(',');
const runs = Number(process.argv[3] ?? 1);
const trace = process.argv[4] === 'trace';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
for (let r = 0; r < runs; r++) for (const stack of stacks) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });
  await context.addCookies([{ name: STACK_COOKIE, value: stack, domain: '127.0.0.1', path: '/' }]);
  await context.addInitScript(() => { const w = window as any; w.__ev = []; new PerformanceObserver((l) => w.__ev.push(...l.getEntries())).observe({ type: 'event', buffered: true, durationThreshold: 16 } as any); });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('http://127.0.0.1:18080/shop/', { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  if (trace) await browser.startTracing(page, { path: `/tmp/click-${stack}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
  const since = await page.evaluate(() => performance.now());
  await page.locator('a.ajax_add_to_cart[data-product_id="10"]').first().click();
  await page.waitForTimeout(1500);
  if (trace) await browser.stopTracing();
  const evs = await page.evaluate((from) => (window as any).__ev.filter((e: any) => e.interactionId && e.startTime >= from).map((e: any) => `${e.name}:${Math.round(e.duration)}(p${Math.round(e.processingEnd - e.processingStart)},d${Math.round(e.processingStart - e.startTime)})`), since);
  console.log(stack.padEnd(8), evs.join(' '));
  if (trace) {
    const events = JSON.parse(readFileSync(`/tmp/click-${stack}.json`, 'utf8')).traceEvents as any[];
    const disp = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
    if (!disp) continue;
    const on = events.filter((e) => e.pid === disp.pid && e.tid === disp.tid && e.ts >= disp.ts - 50000 && e.ts < disp.ts + 200000 && e.dur > 300);
    for (const e of on) console.log('   ', ((e.ts - disp.ts) / 1000).toFixed(1).padStart(6), e.name, (e.dur / 1000).toFixed(1), e.args?.data?.type ?? e.args?.data?.url?.split('/').pop()?.replace(/\?.*/, '') ?? e.args?.data?.functionName ?? '');
  }
  await context.close();
}
await browser.close();
