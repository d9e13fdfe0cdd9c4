import { chromium } from 'playwright-core';
import { STACK_COOKIE } from './test/shop/journey.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/measure.ts';
const url = process.argv[2] ?? 'http://127.0.0.1:18080/product/variable-tee/';
const runs = Number(process.argv[3] ?? 3);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
for (let i = 0; i < runs; i++) for (const stack of ['classic', 'react', 'lite']) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });
  await context.addCookies([{ name: STACK_COOKIE, value: stack, domain: '127.0.0.1', path: '/' }]);
  await context.addInitScript(() => {
    const w = window as any; w.__lt = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  const lt = await page.evaluate(() => (window as any).__lt);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
  const tbt = lt.filter(([s]: number[]) => s > fcp).reduce((a: number, [, d]: number[]) => a + Math.max(0, d - 50), 0);
  console.log(stack.padEnd(8), 'fcp', Math.round(fcp), 'tbt', tbt, JSON.stringify(lt));
  await context.close();
}
await browser.close();
