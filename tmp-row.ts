import { chromium } from 'playwright-core';
import { STACK_COOKIE } from './test/shop/journey.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/measure.ts';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
for (const hide of [false, true]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: STACK_COOKIE, value: 'react', domain: '127.0.0.1', path: '/' }]);
  if (hide) await context.addInitScript(() => Object.defineProperty(Document, 'parseHTML', { value: undefined, configurable: true }));
  const page = await context.newPage();
  await page.goto('http://127.0.0.1:18080/shop/');
  const input = page.locator('input[id^="ysm-smart-search-1"]').first();
  await input.scrollIntoViewIfNeeded(); await input.click(); await page.keyboard.type('tee', { delay: 80 });
  await page.locator('[role=option]').first().waitFor();
  await page.waitForTimeout(500);
  console.log(await page.locator('.smart-search-post-excerpt').first().evaluate((e) => { const cs = getComputedStyle(e); const r = e.getBoundingClientRect(); const box = e.closest('.smart-search-results')!.getBoundingClientRect(); return [cs.display, cs.visibility, Math.round(r.top), Math.round(r.height), 'box', Math.round(box.top), Math.round(box.height), (e.closest('.smart-search-results') as HTMLElement).scrollHeight]; }));
  await context.close();
}
await browser.close();
