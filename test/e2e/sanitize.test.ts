import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './harness.ts';

// The instant search's sanitiser, unit-tested where DOMPurify really works: happy-dom hands markup
// back with its handlers and scripts (DOMPurify cannot walk its tree), so the widget tests cannot
// tell a sanitised row from an unsanitised one. Here the module runs in Chromium, on a blank page.

declare global {
  interface Window {
    sanitizer: typeof import('../../widgets/instant-search/sanitize');
  }
}

describe('instant search sanitiser in Chromium', () => {
  let browser: Browser;
  let page: Page;

  before(async () => {
    const bundle = await build({
      entryPoints: [path.resolve(import.meta.dirname, '../../widgets/instant-search/sanitize.ts')],
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
  });
  after(async () => {
    await browser?.close();
  });

  it('sanitize() strips event handlers, scripts and form controls, and keeps the markup the contract allows', async () => {
    const out = await page.evaluate(() =>
      window.sanitizer.sanitize(
        '<a class="smart-search-view-all" href="/?s=mug">View <b>all</b></a><img src="/m.jpg" alt="Mug" onerror="window.pwned=1"><script>window.pwned=2</script><form><input name="x"><button>Go</button></form><style>body{display:none}</style><a href="javascript:alert(1)">x</a>',
      ),
    );
    // The form controls go, their text stays (DOMPurify keeps the content of a forbidden element).
    assert.equal(out, '<a class="smart-search-view-all" href="/?s=mug">View <b>all</b></a><img src="/m.jpg" alt="Mug">Go<a>x</a>');
    assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
  });

  it('rowMarkup() of a row DOMPurify parses to no body (a <frameset>) gives the title as text', async () => {
    const row = await page.evaluate(() =>
      window.sanitizer.rowMarkup('<a class="smart-search-post-url" href="/p/"><div><FRAMESET><FRAME SRC="javascript:window.pwned=5"></FRAMESET></div></a>', '<b>Mug</b>'),
    );
    assert.deepEqual(row, { html: '<span class="smart-search-post-title">&lt;b&gt;Mug&lt;/b&gt;</span>', href: '' });
  });

  it('rowMarkup() sanitises a row, turns its links into spans and keeps the first address for the option', async () => {
    const row = await page.evaluate(() =>
      window.sanitizer.rowMarkup(
        '<a class="smart-search-post-url" href="/product/10/"><div class="smart-search-post-title" tabindex="0">&lt;b&gt;Bold&lt;/b&gt; Mug<img src=x onerror="window.pwned=3"><script>window.pwned=4</script></div></a>',
        'Bold Mug',
      ),
    );
    assert.deepEqual(row, {
      html: '<span class="smart-search-post-url"><div class="smart-search-post-title">&lt;b&gt;Bold&lt;/b&gt; Mug<img src="x"></div></span>',
      href: '/product/10/',
    });
  });
});
