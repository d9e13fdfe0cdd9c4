import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { STACK_COOKIE } from './test/shop/journey.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/measure.ts';
const url = process.argv[2] ?? 'http://127.0.0.1:18080/product/variable-tee/';
const stacks = (process.argv[3] ?? 'classic,react,lite').split(',');
const rate = Number(process.argv[4] ?? 1);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
for (const stack of stacks) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });
  await context.addCookies([{ name: STACK_COOKIE, value: stack, domain: '127.0.0.1', path: '/' }]);
  const page = await context.newPage();
  // warm the HTTP cache? no: cold, as Lighthouse
  const cdp = await context.newCDPSession(page);
  if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await browser.startTracing(page, { path: `/tmp/trace-${stack}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  await browser.stopTracing();
  const events = JSON.parse(readFileSync(`/tmp/trace-${stack}.json`, 'utf8')).traceEvents as any[];
  const parse = events.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').includes('127.0.0.1'));
  const main = { pid: parse.pid, tid: parse.tid };
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur > 8000);
  const nav = parse;
  console.log(`--- ${stack}`);
  for (const t of tasks) {
    const kids = onMain.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur && e.dur > 1000 && e !== t && ['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'TimerFire', 'EventDispatch', 'v8.compile', 'RunMicrotasks', 'FireAnimationFrame', 'ScheduleStyleRecalculation', 'ParseAuthorStyleSheet', 'HitTest', 'PrePaint', 'Layerize', 'v8.run'].includes(e.name));
    const desc = kids.slice(0, 8).map((e) => `${e.name}${e.args?.data?.url ? '(' + e.args.data.url.split('/').slice(-2).join('/').replace(/\?.*/, '') + ')' : e.args?.data?.functionName ? '(' + e.args.data.functionName + ')' : e.args?.fileName ? '(' + e.args.fileName.split('/').pop() + ')' : ''} ${(e.dur / 1000).toFixed(1)}`).join(' | ');
    console.log(((t.ts - nav.ts) / 1000).toFixed(0).padStart(6), (t.dur / 1000).toFixed(1).padStart(6), desc);
  }
  await context.close();
}
await browser.close();
