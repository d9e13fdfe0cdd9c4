import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/measure.ts';
const b = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const p = await b.newPage();
console.log(await p.evaluate(() => {
  const cfg = { removeElements: ['style', 'input', 'textarea', 'select'], replaceWithChildrenElements: ['form', 'button'] };
  const doc = (Document as any).parseHTML('<div class="r" data-x="1" style="color:red"><a href="https://x/p" tabindex="0">T<img src="https://x/i.png" onerror="alert(1)" srcset="a 1x"></a><svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">s</a></svg><form action="/c"><button>Add</button><input value=1></form><style>*{}</style><iframe src="https://e"></iframe><math><mi>x</mi></math><bdi>£1</bdi></div>', { sanitizer: cfg });
  let imgs = 0; 
  return [doc.body.innerHTML, doc === document, doc.defaultView === null];
}));
await b.close();
