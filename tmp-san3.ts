import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/measure.ts';
const payloads = [...JSON.parse(readFileSync('test/fixtures/xss/owasp-filter-evasion.json', 'utf8')), ...JSON.parse(readFileSync('test/fixtures/xss/blns.json', 'utf8'))];
const b = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const p = await b.newPage();
console.log(await p.evaluate((list) => {
  const S = (window as any).Sanitizer;
  const s = new S();
  const cfg = s.get();
  const info = `elements=${cfg.elements?.length} removeElements=${cfg.removeElements?.length} attrs=${cfg.attributes?.length} hasMeta=${JSON.stringify(cfg.elements?.some((e: any) => (e.name ?? e) === 'meta'))} hasStyle=${JSON.stringify(cfg.elements?.some((e: any) => (e.name ?? e) === 'style'))} styleAttr=${JSON.stringify(cfg.attributes?.some((e: any) => (e.name ?? e) === 'style'))} dataAttrs=${cfg.dataAttributes} svg=${cfg.elements?.some((e: any) => (e.name ?? e) === 'svg')}`;
  for (const m of ['removeElement', 'replaceElementWithChildren', 'removeAttribute']) if (typeof s[m] !== 'function') return 'no ' + m;
  s.removeElement('style'); s.removeElement('input'); s.replaceElementWithChildren('form'); s.replaceElementWithChildren('button');
  const out: string[] = [];
  for (const html of list) {
    const body = (Document as any).parseHTML(html, { sanitizer: s }).body as HTMLElement; if (!body) continue;
    for (const el of body.querySelectorAll('*')) for (const a of el.attributes) {
      const v = Array.from(a.value).filter((c) => c > ' ').join('').toLowerCase();
      if (a.name.startsWith('on') || /^(javascript|vbscript|data):/.test(v)) out.push(`${el.tagName} ${a.name}=${a.value.slice(0, 60)}`);
    }
    for (const el of body.querySelectorAll('meta,style,iframe,object,embed,base,link,form,input,button')) out.push('EL ' + el.outerHTML.slice(0, 80));
  }
  const sample = (Document as any).parseHTML('<div class="a" data-x="1" style="color:red"><img src="/i.png" srcset="/i.png 1x" sizes="1px" loading="lazy" decoding="async" width="1" alt="x"><span class="woocommerce-Price-amount amount" aria-hidden="true"><bdi>1</bdi></span><strong>s</strong><del>d</del><ins>i</ins></div>', { sanitizer: s }).body.innerHTML;
  return info + '\n' + [...new Set(out)].join('\n') + '\nSAMPLE ' + sample;
}, payloads));
await b.close();
