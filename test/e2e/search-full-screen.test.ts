import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { collectErrors, holdRequests, newPage, screenshot, withDemo } from './harness.ts';
import { mountedSearch as mounted } from './search-helpers.ts';

// The instant search's full-screen layout is a chunk of its own (widgets/instant-search-full-screen-*.js):
// never fetched by the dropdown layout, fetched as the widget mounts where full screen applies, and the
// search keeps working when it comes late or not at all. Chromium against the built bundle.

const FULL_SCREEN_CHUNK = /\/widgets\/instant-search-full-screen-[^/]+\.js$/;
const TRIGGER = '.ysm-search-widget-2 input[aria-haspopup="dialog"]';

/** The URLs of the full-screen chunk the page asked for. */
function chunkRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (FULL_SCREEN_CHUNK.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

describe('instant search: the full-screen layout as a chunk of its own, in Chromium', () => {
  const env = withDemo();

  it('the dropdown layout never requests it; a full-screen widget requests it as it mounts, before any click', async () => {
    const page = await newPage(env.browser);
    const requested = chunkRequests(page);
    await page.goto(`${env.demo.url}search/`);
    await mounted(page, 1);
    await page.locator('.vitrine-demo-header-search input[role="combobox"]').focus();
    await page.keyboard.type('mug');
    await page.locator('.vitrine-demo-header-search [role="option"]').first().waitFor();
    assert.deepEqual(requested, []);
    await page.goto(`${env.demo.url}search/fullscreen/`);
    await mounted(page, 2);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /instant-search-full-screen-/.test(entry.name)));
    assert.equal(requested.length, 1, 'one request, at mount');
    await page.context().close();
  });

  it('arriving late on a phone: what was typed meanwhile is the dialog\'s query, with its results', async () => {
    const page = await newPage(env.browser, { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const errors = collectErrors(page);
    // The layout's chunk is held until the shopper has typed: a fixed delay left that order to the machine's load.
    let held = 0;
    page.on('request', (request) => {
      if (FULL_SCREEN_CHUNK.test(new URL(request.url()).pathname)) held += 1;
    });
    const release = await holdRequests(page, (pathname) => FULL_SCREEN_CHUNK.test(pathname));
    await page.goto(`${env.demo.url}search/fullscreen/`);
    await mounted(page, 2);
    await page.locator(TRIGGER).tap();
    await page.keyboard.type('mug');
    assert.equal(await page.locator(TRIGGER).inputValue(), 'mug', 'the trigger takes the typing meanwhile');
    assert.equal(await page.locator('[role="dialog"]').count(), 0, 'no dialog before its layout');
    release();
    const input = page.locator('[role="dialog"] input[role="combobox"]');
    await input.waitFor();
    assert.equal(held, 1);
    assert.equal(await input.inputValue(), 'mug');
    await page.waitForFunction(() => document.activeElement?.matches('[role="dialog"] input[role="combobox"]'));
    assert.equal(await input.evaluate((el: HTMLInputElement) => el.selectionStart), 3);
    await page.locator('[role="dialog"] [role="option"]').first().waitFor();
    // The layout's own CSS came with it: the dialog covers the phone's screen.
    const box = await page.locator('[role="dialog"]').boundingBox();
    assert.ok(box && box.width >= 370 && box.height >= 700, JSON.stringify(box));
    await screenshot(page, 'search-fullscreen-late-mobile');
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
    await page.context().close();
  });

  it('failing to load: the dropdown layout searches instead, with one console error', async () => {
    const page = await newPage(env.browser, { viewport: { width: 1280, height: 900 } });
    const errors = collectErrors(page);
    await page.route(
      (url) => FULL_SCREEN_CHUNK.test(url.pathname),
      (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
    );
    await page.goto(`${env.demo.url}search/fullscreen/`);
    await mounted(page, 2);
    const input = page.locator('.ysm-search-widget-2 form.ysm-active input[role="combobox"]');
    await input.click();
    await page.keyboard.type('mug');
    await page.locator('.ysm-search-widget-2 [role="option"]').first().waitFor();
    assert.equal(await page.locator('[role="dialog"]').count(), 0);
    const ours = errors.filter((e) => e.includes('[vitrine]'));
    assert.equal(ours.length, 1, errors.join('\n'));
    assert.match(ours[0] ?? '', /instant-search: the full-screen layout could not be loaded/);
    // Enter goes to the results page, as the dropdown's submit does.
    await Promise.all([page.waitForURL(/[?&]s=mug/), page.keyboard.press('Enter')]);
    await page.context().close();
  });
});
