import { chromium } from 'playwright-core';
import { STACK_COOKIE } from './test/shop/journey.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/measure.ts';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
for (const stack of ['classic', 'react']) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: STACK_COOKIE, value: stack, domain: '127.0.0.1', path: '/' }]);
  const page = await context.newPage();
  await page.goto('http://127.0.0.1:18080/shop/');
  const input = page.locator('input[id^="ysm-smart-search-1"]').first();
  await input.scrollIntoViewIfNeeded(); await input.click(); await page.keyboard.type('tee', { delay: 80 });
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/search-${stack}.png` });
  await context.close();
}
await browser.close();
