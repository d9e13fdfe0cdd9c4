import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './harness.ts';

// Server markup's sanitiser (src/sanitize.ts) with the instant search's rules (widgets/instant-search/sanitize.ts),
// unit-tested where sanitising really works: happy-dom has no sanitizer of its own and DOMPurify cannot walk its tree
// (it hands markup back with its handlers and scripts). Here the modules run in Chromium, on a blank page, once with the
// browser's own sanitizer (the Sanitizer API, which Chromium has) and once with DOMPurify (the browser's hidden).

declare global {
  interface Window {
    sanitizer: {
      search: typeof import('../../widgets/instant-search/sanitize');
      core: typeof import('../../src/sanitize');
    };
    useSanitizer: (kind: Kind) => Promise<void>;
  }
}

type Kind = 'browser' | 'DOMPurify';
const ROOT = path.resolve(import.meta.dirname, '../..');

for (const kind of ['browser', 'DOMPurify'] as const) {
  describe(`server markup sanitised in Chromium, by ${kind === 'browser' ? "the browser's own sanitizer" : 'DOMPurify'}`, () => {
    let browser: Browser;
    let page: Page;

    before(async () => {
      const bundle = await build({
        stdin: {
          contents: `export * as search from './widgets/instant-search/sanitize'; export * as core from './src/sanitize';`,
          resolveDir: ROOT,
          loader: 'ts',
        },
        bundle: true,
        format: 'iife',
        globalName: 'sanitizer',
        write: false,
        logLevel: 'silent',
      });
      browser = await launchBrowser();
      page = await browser.newPage();
      await page.setContent('<!doctype html><title>sanitiser</title>');
      await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
      await page.evaluate(async (chosen) => {
        if (chosen === 'DOMPurify') Object.defineProperty(Document, 'parseHTML', { value: undefined, configurable: true });
        window.sanitizer.core.resetSanitizer();
        await window.sanitizer.core.loadSanitizer();
      }, kind);
    });
    after(async () => {
      await browser?.close();
    });

    it('this page uses the sanitizer the suite names', async () => {
      // The browser's own is tried on a sample first; without Document.parseHTML, DOMPurify is fetched.
      assert.equal(await page.evaluate(() => typeof (Document as unknown as { parseHTML?: unknown }).parseHTML === 'function'), kind === 'browser');
      assert.ok(await page.evaluate(() => !!window.sanitizer.core.loadedSanitizer()));
    });

    it('sanitize() strips event handlers, scripts, styles and form controls, and keeps the markup the contract allows', async () => {
      const out = await page.evaluate(() =>
        window.sanitizer.search.sanitize(
          '<a class="smart-search-view-all" href="/?s=mug">View <b>all</b></a><img src="/m.jpg" alt="Mug" onerror="window.pwned=1"><script>window.pwned=2</script><form><input name="x"><button>Go</button></form><style>body{display:none}</style><a href="javascript:alert(1)">x</a>',
        ),
      );
      // A form or button leaves its text; a scripted link loses its address.
      assert.equal(out, '<a class="smart-search-view-all" href="/?s=mug">View <b>all</b></a><img src="/m.jpg" alt="Mug">Go<a>x</a>');
      assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
    });

    it('rowMarkup() of a row holding a <frameset> shows no frame and runs nothing', async () => {
      const row = await page.evaluate(() =>
        window.sanitizer.search.rowMarkup('<a class="smart-search-post-url" href="/p/"><div><FRAMESET><FRAME SRC="javascript:window.pwned=5"></FRAMESET></div></a>', '<b>Mug</b>'),
      );
      // DOMPurify's parser ends without a body (the title as text); the browser's drops the frameset.
      assert.ok(!/frame|javascript/i.test(row.html), row.html);
      if (kind === 'DOMPurify') assert.deepEqual(row, { html: '<span class="smart-search-post-title">&lt;b&gt;Mug&lt;/b&gt;</span>', href: '' });
      assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
    });

    it('rowMarkup() sanitises a row, turns its links into spans, keeps the first address for the option and gives an image without a text an empty one', async () => {
      const row = await page.evaluate(() =>
        window.sanitizer.search.rowMarkup(
          '<a class="smart-search-post-url" href="/product/10/"><div class="smart-search-post-title" tabindex="0">&lt;b&gt;Bold&lt;/b&gt; Mug<img src=x onerror="window.pwned=3"><script>window.pwned=4</script></div></a>',
          'Bold Mug',
        ),
      );
      assert.deepEqual(row, {
        html: '<span class="smart-search-post-url"><div class="smart-search-post-title">&lt;b&gt;Bold&lt;/b&gt; Mug<img src="x" alt=""></div></span>',
        href: '/product/10/',
      });
    });

    it('the provider-branding rules also drop frames and style attributes', async () => {
      const out = await page.evaluate(
        () =>
          window.sanitizer.core
            .loadedSanitizer()
            ?.parse('<span style="position:fixed" class="brand">Powered by <b>Test</b><iframe src="/x"></iframe><svg><script>window.pwned=6</script></svg></span>', {
              remove: ['style', 'input', 'textarea', 'select', 'iframe'],
              unwrap: ['form', 'button'],
              removeAttributes: ['style'],
            })?.innerHTML,
      );
      assert.match(out ?? '', /^<span class="brand">Powered by <b>Test<\/b>(<svg><\/svg>)?<\/span>$/);
    });
  });
}
