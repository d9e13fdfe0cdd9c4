import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { STACK_COOKIE } from './test/shop/journey.ts';
import { buildShop, findKit } from './test/shop/kit.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/measure.ts';
const path = process.argv[2] ?? '/shop/';
const shop = await buildShop(findKit().dir);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const all: Record<string, Map<string, number>> = {};
for (const stack of ['classic', 'react', 'lite']) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  await context.addCookies([{ name: STACK_COOKIE, value: stack, domain: '127.0.0.1', path: '/' }]);
  if (process.argv[3] === 'item') await context.request.get(new URL('/?add-to-cart=10', shop.url).href);
  const page = await context.newPage();
  const scripts = new Map<string, number>(); const pending: Promise<void>[] = [];
  page.on('response', (r) => { if (r.request().resourceType() !== 'script') return; pending.push(r.body().then((b) => { scripts.set(r.url().replace(/[?#].*$/, ''), gzipSync(b).length); }).catch(() => {})); });
  await page.goto(new URL(path, shop.url).href, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const search = page.locator('input[id^="ysm-smart-search-1"]').first();
  if (await search.count()) { await search.scrollIntoViewIfNeeded(); await search.click(); await page.keyboard.type('s'); await page.waitForLoadState('networkidle'); await page.waitForTimeout(1500); }
  await Promise.all(pending); await context.close();
  all[stack] = scripts;
}
for (const stack of ['classic', 'lite', 'react']) {
  const other = stack === 'classic' ? all.lite! : all.classic!;
  let sum = 0;
  console.log(`--- ${stack} own`);
  for (const [u, b] of [...all[stack]!].sort((a, b) => b[1] - a[1])) if (!other.has(u)) { sum += b; console.log(String(b).padStart(7), u.replace(shop.url, '')); }
  console.log('total', sum);
}
await browser.close();
