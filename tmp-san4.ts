import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/measure.ts';
const payloads = [...JSON.parse(readFileSync('test/fixtures/xss/owasp-filter-evasion.json', 'utf8')), ...JSON.parse(readFileSync('test/fixtures/xss/blns.json', 'utf8'))];
const b = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const p = await b.newPage();
console.log(await p.evaluate((list) => {
  const out: string[] = [];
  for (const html of list) {
    const body = (Document as any).parseHTML(html, { sanitizer: { removeElements: ['style'] } }).body as HTMLElement; if (!body) continue;
    for (const el of body.querySelectorAll('*')) for (const a of el.attributes) {
      const v = Array.from(a.value).filter((c) => c > ' ').join('').toLowerCase();
      if (/^(javascript|vbscript|data):/.test(v)) { let u: any; try { u = new URL(a.value, "http://x/"); } catch { u = { protocol: "invalid" }; } out.push(`${el.tagName} ${a.name} codes=${Array.from(a.value.slice(0, 14)).map((c) => c.charCodeAt(0)).join(',')} protocol=${u.protocol} SRC=${html.slice(0, 100)}`); }
    }
  }
  return [...new Set(out)].join('\n');
}, payloads));
await b.close();
