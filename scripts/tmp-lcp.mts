import { CHROMIUM, CHROMIUM_ARGS } from './measure.ts';
import { buildShop, findKit } from '../test/shop/kit.ts';
import { gzipFront } from './gzip-front.ts';
const shop = await buildShop(findKit().dir, () => {});
const front = await gzipFront(shop);
const [{ default: lighthouse }, { launch }] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
const url = new URL(process.env.PAGE ?? '/shop/', shop.url).href;
try {
for (const stack of (process.env.STACKS ?? 'classic,react').split(',')) {
  const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', extraHeaders: { Cookie: `vitrine_test_stack=${stack}` } });
  const a = result!.lhr.audits;
  const m = (a.metrics.details as any).items[0];
  console.log(`\n== ${stack}: LCP ${Math.round(a['largest-contentful-paint'].numericValue!)} FCP ${Math.round(a['first-contentful-paint'].numericValue!)} TBT ${Math.round(a['total-blocking-time'].numericValue!)}; observed LCP ${m.observedLargestContentfulPaint} FCP ${m.observedFirstContentfulPaint} DCL ${m.observedDomContentLoaded} load ${m.observedLoad}`);
  const el = (a['largest-contentful-paint-element'].details as any)?.items?.[0]?.items?.[0]?.node;
  console.log('LCP element:', el?.selector);
  const reqs = (a['network-requests'].details as any).items as any[];
  for (const r of reqs) if (r.networkRequestTime <= m.observedLargestContentfulPaint + 50) console.log(`  ${Math.round(r.networkRequestTime)}–${Math.round(r.networkEndTime)} ${r.resourceType} ${(r.transferSize / 1024).toFixed(1)}KB ${r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 80)}`);
}
} finally { await chrome.kill(); await front.close(); }
