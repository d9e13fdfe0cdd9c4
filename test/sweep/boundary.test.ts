import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { newPage, withDemo } from '../e2e/harness.ts';
import { recordRows, type SweepRow } from './report.ts';
import { beforeHeadEnd, rewriteDocuments } from './xss-sinks.ts';

// A widget that throws while rendering, in both flavours. The fault comes from outside the product:
// a theme registers its own widgets (`vitrine.register`, README "window.vitrine") whose components
// throw on their first render, one that replaces its server element and one that enhances it. Every
// widget mounts through the same mount layer and error boundary (mount/root.tsx), so the guarantee
// measured is the one each of Vitrine's own widgets has: the crash stays inside its root, the report
// says `failed` with the error, the server markup is back as it was, and the page's other widgets
// (an ajax add to cart after the crash) keep working.

const CRASH = 'sweep: this widget cannot render';

/** The theme script: queued before the bundle runs, as README shows. */
const THEME_SCRIPT = `(window.vitrineQueue = window.vitrineQueue || []).push((vitrine) => {
  const throws = () => { throw new Error(${JSON.stringify(CRASH)}); };
  vitrine.register({ name: 'sweep-throws-replace', selector: '.sweep-crash-replace', load: 'ready', takeover: 'replace', module: () => Promise.resolve({ default: throws }) });
  vitrine.register({ name: 'sweep-throws-enhance', selector: '.sweep-crash-enhance', load: 'ready', module: () => Promise.resolve({ default: throws }) });
});`;

const SERVER_MARKUP = '<p class="sweep-crash-replace" data-sweep="replace">Server text <a href="/cart/">kept</a></p><p class="sweep-crash-enhance" data-sweep="enhance">Server text, enhanced</p>';
const WIDGETS = ['sweep-throws-replace', 'sweep-throws-enhance'];

/**
 * One of Vitrine's own widgets with a component that throws: its chunk is served as the real module's
 * exports (props reader included) with a default component that throws, as a bug in a release would.
 */
const INSTANT_SEARCH_CHUNK = /\/widgets\/instant-search-[^/]+\.js$/;
const throwingChunk = (original: string) =>
  `export * from ${JSON.stringify(`${original}?original`)};\nexport default function InstantSearch() { throw new Error(${JSON.stringify(CRASH)}); }\n`;

const rows: SweepRow[] = [];
after(() => recordRows('boundary', rows));

for (const flavour of ['react', 'lite'] as const) {
  describe(`a widget that throws while rendering (${flavour === 'react' ? 'React' : 'lite, Preact'})`, () => {
    const env = withDemo({ flavour });

    it('is contained by its error boundary: reported failed, server markup back, the other widgets work', async () => {
      const page = await newPage(env.browser);
      const consoleErrors: string[] = [];
      const uncaught: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => uncaught.push(String(error)));
      await rewriteDocuments(page, /^\/shop\/$/, (html) => beforeHeadEnd(THEME_SCRIPT)(html).replace('<ul class="products', `${SERVER_MARKUP}<ul class="products`));
      await page.goto(`${env.demo.url}shop/`);

      await page.waitForFunction(
        (names) => names.every((name) => window.vitrine?.report().some((row) => row.widget === name && row.state !== 'pending')),
        WIDGETS,
      );
      const report = await page.evaluate((names) => window.vitrine?.report().filter((row) => names.includes(row.widget)).map((row) => ({ widget: row.widget, state: row.state, reason: row.reason })) ?? [], WIDGETS);
      const reported = report.filter((row) => row.state === 'failed' && row.reason.includes(CRASH)).length;
      // The replaced element comes back in place once the crashed root is taken down; the roots' containers go.
      await page.waitForFunction(() => document.querySelectorAll('[data-vitrine-root^="sweep-throws"]').length === 0);
      const restored = await page.evaluate(() =>
        ['replace', 'enhance'].filter((kind) => {
          const element = document.querySelector(`[data-sweep="${kind}"]`);
          return element?.isConnected && !(element as HTMLElement).hidden && element.textContent?.startsWith('Server text');
        }).length,
      );
      const replaceStillBeforeList = await page.evaluate(() => document.querySelector('.sweep-crash-replace')?.nextElementSibling?.matches('.sweep-crash-enhance') ?? false);

      // The page's own widgets: none failed, and an ajax add to cart after the crash adds.
      const others = await page.evaluate((names) => window.vitrine?.report().filter((row) => !names.includes(row.widget) && row.state === 'failed').map((row) => row.widget) ?? [], WIDGETS);
      const button = page.locator('a.ajax_add_to_cart[data-product_id]').first();
      await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'add-to-cart' && row.state === 'mounted'));
      await button.click();
      // The View cart link waits for the pointer to leave the button.
      await page.mouse.move(1, 1);
      await page.locator('a.added_to_cart').first().waitFor();
      const added = await page.evaluate(() => document.querySelector('.widget_shopping_cart_content .woocommerce-mini-cart-item') !== null);

      const crashLogs = consoleErrors.filter((text) => text.includes('crashed'));
      const otherErrors = consoleErrors.filter((text) => !text.includes('crashed'));
      const ok =
        reported === 2 && restored === 2 && replaceStillBeforeList && others.length === 0 && added && uncaught.length === 0 && crashLogs.length === 2 && otherErrors.length === 0;
      rows.push({
        section: 'A widget that throws',
        check: `2 theme widgets throwing on first render (replace, enhance), ${flavour === 'react' ? 'React 19' : 'lite (Preact)'}`,
        figure: `${reported} of 2 reported failed with the error; server markup back in place: ${restored} of 2; other widgets failed: ${others.length}; add to cart after: ${added ? '1 of 1 added' : '0 of 1 added'}; ${uncaught.length} uncaught errors; ${crashLogs.length} crash logs, ${otherErrors.length} other console errors`,
        target: '2 of 2 reported and restored, 0 other failures, the add works, 0 uncaught, 1 console error per crash',
        ok,
      });
      await page.context().close();
      assert.deepEqual(report.map((row) => row.state), ['failed', 'failed'], JSON.stringify(report));
      assert.ok(ok, `reported ${reported}, restored ${restored}, in place ${replaceStillBeforeList}, others ${others}, added ${added}, uncaught ${uncaught}, logs ${JSON.stringify(consoleErrors).slice(0, 400)}`);
    });

    it("Vitrine's instant search with a throwing component: the server's search form is back and still searches", async () => {
      const page = await newPage(env.browser);
      const consoleErrors: string[] = [];
      const uncaught: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => uncaught.push(String(error)));
      await page.route(
        (url) => INSTANT_SEARCH_CHUNK.test(url.pathname) && !url.searchParams.has('original'),
        (route) => route.fulfill({ contentType: 'text/javascript', body: throwingChunk(new URL(route.request().url()).pathname) }),
      );
      await page.goto(`${env.demo.url}search/`);
      const form = '.vitrine-demo-header-search form[role="search"]';
      // Loaded on interaction: the pointer passes over the form.
      await page.hover(form);
      await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'instant-search' && row.state === 'failed'));
      const reason = await page.evaluate(() => window.vitrine?.report().find((row) => row.widget === 'instant-search' && row.state === 'failed')?.reason ?? '');
      await page.waitForFunction(() => document.querySelectorAll('[data-vitrine-root="instant-search"]').length === 0);
      const serverForm = await page.evaluate((selector) => {
        const element = document.querySelector(selector);
        return element?.isConnected === true && element.closest('.ysm-search-widget-1') !== null && element.querySelector('input[type="search"][name="s"]') !== null;
      }, form);
      const others = await page.evaluate(() => window.vitrine?.report().filter((row) => row.widget !== 'instant-search' && row.state === 'failed').map((row) => row.widget) ?? []);
      // The no-JavaScript search: typing and Enter post the form to the results page.
      await page.fill(`${form} input[name="s"]`, 'mug');
      await Promise.all([page.waitForURL(/[?&]s=mug/), page.press(`${form} input[name="s"]`, 'Enter')]);
      const results = await page.locator('.products li.product, .woocommerce-info').count();
      const crashLogs = consoleErrors.filter((text) => text.includes('instant-search crashed'));
      const ok = reason.includes(CRASH) && serverForm && others.length === 0 && results > 0 && uncaught.length === 0 && crashLogs.length === 1;
      rows.push({
        section: 'A widget that throws',
        check: `instant search (replace) with a throwing component, ${flavour === 'react' ? 'React 19' : 'lite (Preact)'}`,
        figure: `reported failed with the error: ${reason.includes(CRASH) ? 'yes' : 'no'}; server form back: ${serverForm ? 'yes' : 'no'}, its search reached the results page (${results} results); other widgets failed: ${others.length}; ${uncaught.length} uncaught errors; ${crashLogs.length} crash log`,
        target: 'reported, the server form back and searching, 0 other failures, 0 uncaught, 1 console error',
        ok,
      });
      await page.context().close();
      assert.ok(ok, `reason ${reason}, form ${serverForm}, others ${others}, results ${results}, uncaught ${uncaught}, logs ${JSON.stringify(consoleErrors).slice(0, 400)}`);
    });
  });
}
