import { CHROMIUM, CHROMIUM_ARGS } from './scripts/measure.ts';
import { STACK_COOKIE } from './test/shop/journey.ts';
const url = process.argv[2]!;
const rounds = Number(process.argv[3] ?? 3);
const stacks = (process.argv[4] ?? 'classic,react,lite').split(',');
const [{ default: lighthouse }, { launch }] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
for (let r = 0; r < rounds; r++) for (const stack of stacks) {
  const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', extraHeaders: { Cookie: `${STACK_COOKIE}=${stack}` } });
  const a = result!.lhr.audits;
  const lt = (a['long-tasks']?.details as any)?.items?.map((i: any) => `${String(i.url).split('/').slice(-2).join('/').replace(/\?.*/, '')}@${Math.round(i.startTime)}:${Math.round(i.duration)}`).join(' ');
  console.log(stack.padEnd(8), 'TBT', Math.round(a['total-blocking-time']!.numericValue!), 'LCP', Math.round(a['largest-contentful-paint']!.numericValue!), 'TTI', Math.round(a['interactive']?.numericValue ?? 0), '|', lt);
}
await chrome.kill();
