import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/measure.ts';
const payloads = [...JSON.parse(readFileSync('test/fixtures/xss/owasp-filter-evasion.json', 'utf8')), ...JSON.parse(readFileSync('test/fixtures/xss/blns.json', 'utf8'))];
const b = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const p = await b.newPage();
console.log(await p.evaluate((list) => {
  const out: string[] = [];
  for (const html of list) {
    const body = (Document as any).parseHTML(html, { sanitizer: { removeElements: ['style'], replaceWithChildrenElements: ['form', 'button'], removeAttributes: [] } }).body as HTMLElement;
    for (const el of body.querySelectorAll('*')) for (const a of el.attributes) {
      const v = Array.from(a.value).filter((c) => c > ' ').join('').toLowerCase();
      if (a.name.startsWith('on') || /^(javascript|vbscript|data):/.test(v) || /javascript|vbscript/.test(v)) out.push(`${el.tagName} ${a.name}=${a.value.slice(0, 60)}`);
    }
  }
  return [...new Set(out)].join('\n');
}, payloads));
await b.close();
