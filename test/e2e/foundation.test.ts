import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { collectErrors, HANG_MS, newPage, screenshot, withDemo } from './harness.ts';

// The whole path of the foundation in a real browser: the built bundle served from a plugin folder,
// the scan, lazy chunks, one root per mount point, the report and the debug table.

describe('foundation in Chromium', () => {
  const env = withDemo();

  it('boots from /wp-content/plugins/vitrine/dist/ and reports every mount point', async () => {
    const page = await newPage(env.browser);
    const errors = collectErrors(page);
    await page.goto(`${env.demo.url}product/cotton-socks/`);
    await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'quantity' && row.state === 'mounted'));
    const api = await page.evaluate(() => ({
      version: window.vitrine!.version,
      hasBus: typeof window.vitrine!.bus.on === 'function',
      rows: window.vitrine!.report().map((row) => ({ widget: row.widget, state: row.state, tag: row.element.tagName })),
    }));
    assert.match(api.version, /^\d+\.\d+\.\d+/);
    assert.ok(api.hasBus);
    assert.ok(api.rows.some((row) => row.widget === 'quantity' && row.tag === 'INPUT'));
    for (const row of api.rows) assert.ok(['pending', 'mounted', 'skipped'].includes(row.state), `${row.widget} is ${row.state}`);
    // Chunks came from the plugin folder, relative to the entry.
    const chunkUrls = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/chunks/')));
    assert.ok(chunkUrls.length > 0);
    for (const url of chunkUrls) assert.match(url, /\/wp-content\/plugins\/vitrine\/dist\/(lite\/)?chunks\//);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('QTY-01 raises a quantity typed under the minimum when the shopper leaves the field', async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.demo.url}product/cotton-socks/`);
    await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'quantity' && row.state === 'mounted'));
    const input = page.locator('form.cart .quantity input.qty');
    assert.equal(await input.getAttribute('min'), '2');
    // Keyboard only: focus the field, type a 1, tab away.
    await input.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1');
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('form.cart input.qty')?.value === '2');
    await screenshot(page, 'foundation-quantity');
    await page.context().close();
  });

  it('prints the mount report as a table with ?vitrine-debug', async () => {
    const page = await newPage(env.browser);
    // Printed once the page has loaded and the widgets loading then have settled, however long that takes.
    const table = page.waitForEvent('console', { predicate: (message) => message.type() === 'table', timeout: HANG_MS });
    await page.goto(`${env.demo.url}product/cotton-socks/?vitrine-debug`);
    assert.ok(await table, 'console.table was called');
    await page.context().close();
  });

  it('leaves the server markup working when the widget chunks cannot load', async () => {
    const page = await newPage(env.browser);
    // The boot files load; every widget chunk fails (a CDN hiccup, a blocked path).
    await page.route(/\/dist\/(lite\/)?chunks\//, (route) =>
      /\/(mounts|bus)-[\w-]+\.js$/.test(route.request().url()) ? route.continue() : route.abort(),
    );
    await page.goto(`${env.demo.url}shop/`);
    await page.waitForFunction(() => window.vitrine?.report().some((row) => row.state === 'failed'));
    const link = page.locator('a.ajax_add_to_cart').first();
    const classes = await link.getAttribute('class');
    assert.ok(!classes?.includes('loading'));
    // Without its widget the link is a plain link: following it adds through ?add-to-cart=.
    // The page's next load: a click held while the link's own widget was still loading is let go only when
    // that widget fails, after click() has returned, so the current page's load state would answer too early.
    const loaded = page.waitForEvent('load');
    await link.click();
    await loaded;
    const count = await page.locator('.vitrine-demo-cart-count').first().textContent();
    assert.match(count ?? '', /1/);
    await page.context().close();
  });
});
