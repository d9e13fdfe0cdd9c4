import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/measure.ts';
const b = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const p = await b.newPage();
console.log(await p.evaluate(() => { const c = new (window as any).Sanitizer().get(); return JSON.stringify({ el: c.elements.map((e: any) => e.name + (e.attributes ? '[' + e.attributes.map((a: any) => a.name).join(',') + ']' : '')), attrs: c.attributes.map((a: any) => a.name), keys: Object.keys(c) }); }));
await b.close();
