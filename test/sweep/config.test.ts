import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, withDemo } from '../e2e/harness.ts';
import { escHtml } from './xss-sinks.ts';
import { access, fieldCount, type Round, roundsFor } from './config-cases.ts';
import { boot, eventually, PROTOTYPE_BASELINE } from './config-page.ts';
import { recordRows, type SweepRow } from './report.ts';

// Malformed configuration, generated from the schemas (test/sweep/config-cases.ts), on the pages that
// read each settings global. What the product promises (src/settings.ts, README "mount points"):
// - a global read by src/settings that does not validate is reported in one console error naming the
//   global and every bad field, and the defaults are used: every widget still mounts;
// - a widget's own global (cfvsw_swatches_settings, a swsL10n entry) or data attribute that does not
//   validate: that widget does not mount, one console error names the widget and the field, the server
//   markup stays and works without it, and the other widgets mount;
// - in no case does a key reach Object.prototype.
// Data attributes (first two tests): the listing add-to-cart buttons, cases judged by the widget's own
// rules, and the variation form's JSON attributes.

interface PageCase {
  path: string;
  /** A page visited first in the same session (a cart for the checkout and cart pages). */
  before?: string;
  globals: string[];
  /** A global a widget validates itself (PropsError: that widget fails, the rest mounts). */
  ownedBy?: Record<string, string>;
  /** Widgets that load on interaction: a pointer passes over them first. */
  wake?: string;
}

const PAGES: PageCase[] = [
  {
    path: 'product/variable-tee/',
    globals: ['wc_add_to_cart_params', 'wc_add_to_cart_variation_params', 'wc_single_product_params', 'wc_cart_fragments_params', 'wc_order_attribution'],
  },
  {
    path: 'checkout/?address-autocomplete',
    before: '?add-to-cart=10',
    globals: ['wc_checkout_params', 'wc_country_select_params', 'wc_address_i18n_params', 'wc_address_autocomplete_common_params'],
    wake: 'address-autocomplete',
  },
  { path: 'cart/', before: '?add-to-cart=10', globals: ['wc_cart_params'] },
  { path: 'consent/', globals: ['cnArgs', 'consent_api'] },
  { path: 'notices/', globals: ['woocommerce_params'] },
  { path: 'search/', globals: ['swsL10n.widgets.1'], ownedBy: { 'swsL10n.widgets.1': 'instant-search' }, wake: 'instant-search' },
  { path: 'swatches/product/variable-tee/', globals: ['cfvsw_swatches_settings'], ownedBy: { cfvsw_swatches_settings: 'swatches' } },
];

interface Tally {
  rounds: number;
  cases: number;
  problems: string[];
}

/**
 * What a widget rightly logs when a global it needs fell back to its defaults: without the declared
 * providers of wc_address_autocomplete_common_params, a provider's registration is refused.
 */
const CONSEQUENCES: Record<string, RegExp> = { wc_address_autocomplete_common_params: /registration refused/ };

const rows: SweepRow[] = [];
const tallies = new Map<string, Tally>();

const vitrineErrors = (all: string[]) => all.filter((text) => text.startsWith('[vitrine]'));

/** The console errors about one global: src/settings names `window.<global>`, a widget's PropsError `invalid <global>.<field>`. */
const errorsAbout = (errors: string[], global: string) => errors.filter((text) => text.includes(`window.${global}`) || text.includes(`invalid ${global}`));

function judge(global: string, round: Round, errors: string[], owner: string | undefined): string[] {
  const about = errorsAbout(errors, global);
  const problems: string[] = [];
  const expectError = round.kind === 'fields' || round.kind === 'itself';
  if (expectError) {
    if (about.length !== 1) problems.push(`${round.kind}: ${about.length} errors about ${global}`);
    // src/settings names every bad field; a widget's PropsError names the first.
    const named = round.badFields.filter((field) => about[0]?.includes(field));
    // A widget names the global itself by its path when it is not an object at all.
    const namesEnough = owner ? named.length > 0 || round.kind === 'itself' : named.length === round.badFields.length;
    if (!namesEnough) problems.push(`${round.kind}: the error names ${named.length} of ${round.badFields.length} bad fields`);
  } else if (round.kind === 'huge' && about.length > 0) {
    problems.push(`huge texts: ${about.length} errors`);
  } else if (round.kind === 'prototype' && about.length > 1) {
    problems.push(`prototype keys: ${about.length} errors`);
  }
  return problems;
}

/** The server path of a widget that did not mount still works. */
async function serverPathWorks(page: Page, owner: string): Promise<boolean> {
  // The server's search form stays, with its field, and no root of the widget is left.
  if (owner === 'instant-search')
    return page.evaluate(() => document.querySelector('.ysm-search-widget-1 form input[name="s"]')?.isConnected === true && !document.querySelector('[data-vitrine-root="instant-search"]'));
  if (owner !== 'swatches') return true;
  // Without the swatches the plugin's hidden selects are shown and choose the variation.
  return page.evaluate(() => {
    const selects = Array.from(document.querySelectorAll<HTMLElement>('.cfvsw-hidden-select'));
    return selects.length > 0 && selects.every((select) => getComputedStyle(select).display !== 'none');
  });
}

describe('malformed configuration in Chromium', () => {
  const env = withDemo();

  after(() => {
    for (const [global, tally] of tallies) {
      const ok = tally.problems.length === 0;
      rows.push({
        section: 'Malformed configuration',
        check: `${global}: ${tally.cases} malformed inputs (${fieldCount(global)} fields, ${tally.rounds} page loads)`,
        figure: `${tally.problems.length} failures${ok ? '' : ` (${tally.problems.slice(0, 3).join('; ')})`}`,
        target: '1 error naming the fields per malformed load, 0 other widgets failed, 0 prototype keys',
        ok,
      });
    }
    recordRows('config', rows);
  });

  it('data attributes of the listing add-to-cart buttons: the broken ones stay links that add, the others mount', async () => {
    // Each value's verdict, written by hand from the contract (not from the widget's own checks): an id is a
    // positive whole number (spaces around it are what PHP's absint reads past); a quantity is a non-negative
    // number, decimals allowed (wc_stock_amount's filters may allow them); a blank id is not the widget's
    // business (ATC-05: the link stays as it is).
    type Verdict = 'failed' | 'skipped' | 'mounted';
    const ids: [string, Verdict][] = [
      ['abc', 'failed'], ['-1', 'failed'], ['1.5', 'failed'], ['0x10', 'failed'], ['0', 'failed'], [' ', 'skipped'],
      ['__proto__', 'failed'], ['constructor', 'failed'], ['Ж'.repeat(100_000), 'failed'], ['12 ', 'mounted'], ['7', 'mounted'],
    ];
    const quantities: [string, Verdict][] = [
      ['x', 'failed'], ['-2', 'failed'], ['1e309', 'failed'], ['', 'failed'], ['__proto__', 'failed'], ['3.5', 'mounted'], ['2', 'mounted'],
    ];
    const cases = [
      ...ids.map(([value, expected]) => ({ field: 'data-product_id', value, expected })),
      ...quantities.map(([value, expected]) => ({ field: 'data-quantity', value, expected })),
    ];
    const refused = (c: { expected: Verdict }) => c.expected === 'failed';
    // A tall window: every card is within reach of the `visible` strategy at once.
    const page = await newPage(env.browser, { viewport: { width: 1280, height: 9000 } });
    await page.addInitScript(PROTOTYPE_BASELINE);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route(
      (url) => url.pathname === '/shop/',
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const response = await route.fetch();
        let n = 0;
        const body = (await response.text()).replace(/<a href="\?add-to-cart=(\d+)"([^>]*?)data-product_id="\d+"/g, (found, id: string, rest: string) => {
          const c = cases[n++];
          if (!c) return found;
          const attrs = c.field === 'data-product_id' ? `data-product_id="${escHtml(c.value)}"` : `data-product_id="${id}" data-quantity="${escHtml(c.value)}"`;
          return `<a href="?add-to-cart=${id}"${rest.replace(/data-quantity="[^"]*"/, '')}data-sweep-case="${n - 1}" ${attrs}`;
        });
        await route.fulfill({ response, body });
      },
    );
    await page.goto(`${env.demo.url}shop/`);
    const result = await boot(page);
    const states = await page.evaluate(() =>
      (window.vitrine?.report() ?? []).filter((row) => row.widget === 'add-to-cart').map((row) => ({ sweepCase: row.element.getAttribute('data-sweep-case'), state: row.state })),
    );
    const stateOf = (i: number) => states.find((row) => row.sweepCase === String(i))?.state ?? 'not tracked';
    const wrong: string[] = [];
    cases.forEach((c, i) => {
      if (stateOf(i) !== c.expected) wrong.push(`${c.field}="${c.value.slice(0, 12)}": ${stateOf(i)}, expected ${c.expected}`);
    });
    const expectedErrors = cases.filter(refused).length;
    await eventually(() => vitrineErrors(errors).length >= expectedErrors);
    const named = vitrineErrors(errors).filter((text) => /add-to-cart: invalid data-(product_id|quantity)/.test(text)).length;
    const others = vitrineErrors(errors).length - named;
    const untouched = states.filter((row) => row.sweepCase === null);
    const othersMounted = untouched.filter((row) => row.state === 'mounted').length;
    // The server path: a refused button is the server's link, which adds the product.
    const broken = cases.findIndex((c) => c.field === 'data-product_id' && refused(c));
    const reloaded = page.waitForEvent('load');
    await page.locator(`[data-sweep-case="${broken}"]`).click();
    await reloaded;
    const cartText = await page.locator('.vitrine-demo-cart-link').textContent();
    const ok = wrong.length === 0 && named === expectedErrors && others === 0 && othersMounted === untouched.length && result.pollution.length === 0 && /Cart: 1\b/.test(cartText ?? '');
    rows.push({
      section: 'Malformed configuration',
      check: `add-to-cart data attributes: ${cases.length} cases on one listing (data-product_id, data-quantity)`,
      figure: `${wrong.length} wrong outcomes; ${named} of ${expectedErrors} errors naming the field, ${others} other; ${othersMounted} of ${untouched.length} other buttons mounted; a refused button's link added (${cartText?.trim()}); ${result.pollution.length} prototype keys`,
      target: 'refused values: no mount and 1 error each, the link still adds; others mount; 0 prototype keys',
      ok,
    });
    await page.context().close();
    assert.deepEqual(wrong, []);
    assert.ok(ok, `errors ${named}/${expectedErrors}, others ${others}, mounted ${othersMounted}/${untouched.length}, cart ${cartText}, pollution ${result.pollution}`);
  });

  it('data attributes of the variation form: broken JSON and ids leave the form to post by itself (and WooCommerce to refuse it without a variation)', async () => {
    const hugeList = JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ variation_id: i + 1, attributes: { attribute_pa_color: `c${i}` } })));
    const cases: { field: string; value: string; mounts: boolean }[] = [
      { field: 'data-product_variations', value: 'not json', mounts: false },
      { field: 'data-product_variations', value: '[1, 2]', mounts: false },
      { field: 'data-product_variations', value: '"a string"', mounts: false },
      { field: 'data-product_variations', value: '[{"variation_id": "x", "attributes": []}]', mounts: false },
      { field: 'data-product_variations', value: '[{"__proto__": {"polluted_attr": "yes"}, "constructor": {"prototype": {"polluted_attr": "yes"}}, "variation_id": 1, "attributes": {"__proto__": {"polluted_attr": "yes"}}}]', mounts: true },
      { field: 'data-product_variations', value: hugeList, mounts: true },
      { field: 'data-product_id', value: 'abc', mounts: false },
      { field: 'data-product_id', value: '__proto__', mounts: false },
      { field: 'data-custom_data', value: '[1]', mounts: false },
      { field: 'data-custom_data', value: '{"__proto__": {"polluted_attr": "yes"}}', mounts: true },
    ];
    const page = await newPage(env.browser);
    await page.addInitScript(PROTOTYPE_BASELINE);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    let current = cases[0];
    await page.route(
      (url) => url.pathname === '/product/variable-tee/',
      async (route) => {
        if (route.request().resourceType() !== 'document' || !current) return route.fallback();
        const response = await route.fetch();
        const { field, value } = current;
        const body = (await response.text()).replace(/<form class="variations_form cart"([^>]*)>/, (_, attrs: string) => {
          const kept = attrs.replace(new RegExp(`\\s${field}="[^"]*"`), '');
          return `<form class="variations_form cart"${kept} ${field}="${escHtml(value)}">`;
        });
        await route.fulfill({ response, body });
      },
    );
    const wrong: string[] = [];
    let postedWithoutWidget = false;
    for (const c of cases) {
      current = c;
      errors.length = 0;
      await page.goto(`${env.demo.url}product/variable-tee/`);
      const result = await boot(page);
      const state = await page.evaluate(() => window.vitrine?.report().find((row) => row.widget === 'variation-form')?.state);
      const label = `${c.field}=${c.value.slice(0, 24)}`;
      if (state !== (c.mounts ? 'mounted' : 'failed')) wrong.push(`${label}: ${state}`);
      if (!c.mounts) {
        await eventually(() => vitrineErrors(errors).length > 0);
        const about = vitrineErrors(errors).filter((text) => text.includes(`variation-form: invalid ${c.field}`));
        if (about.length !== 1 || vitrineErrors(errors).length !== 1) wrong.push(`${label}: errors ${JSON.stringify(vitrineErrors(errors)).slice(0, 200)}`);
      } else if (vitrineErrors(errors).length > 0) wrong.push(`${label}: errors ${JSON.stringify(vitrineErrors(errors)).slice(0, 200)}`);
      const strays = result.failed.filter((row) => row.widget !== 'variation-form');
      if (strays.length > 0) wrong.push(`${label}: other widgets failed: ${strays.map((row) => row.widget).join(', ')}`);
      if (result.pollution.length > 0) wrong.push(`${label}: Object.prototype gained ${result.pollution.join(', ')}`);
      if (!c.mounts && !postedWithoutWidget) {
        // Without the variation form the selects still choose and the form still posts, as the server wrote it; with no
        // variation_id (only add-to-cart-variation.js's work fills it in) WooCommerce refuses the add and says why.
        const selects = page.locator('form.variations_form .variations select');
        for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption({ index: 1 });
        await page.locator('form.variations_form .single_add_to_cart_button').click({ force: true });
        await page.waitForSelector('.woocommerce-notices-wrapper .woocommerce-message, .woocommerce-notices-wrapper .woocommerce-error');
        const answer = (await page.locator('.woocommerce-notices-wrapper').textContent()) ?? '';
        postedWithoutWidget = /Please choose product options/.test(answer);
        if (!postedWithoutWidget) wrong.push(`${label}: the form did not post to the server without the widget (${answer.trim().slice(0, 80)})`);
      }
    }
    rows.push({
      section: 'Malformed configuration',
      check: `variation-form data attributes: ${cases.length} cases (data-product_variations, data-product_id, data-custom_data), one page load each`,
      figure: `${wrong.length} failures${wrong.length ? ` (${wrong.slice(0, 3).join('; ')})` : ''}; the form posted without the widget and the server answered: ${postedWithoutWidget ? 'yes' : 'no'}`,
      target: "refused values: no mount, 1 error naming the field, the form still posts (WooCommerce refuses it without a variation_id, and says so); valid ones mount; 0 other widgets failed; 0 prototype keys",
      ok: wrong.length === 0 && postedWithoutWidget,
    });
    await page.context().close();
    assert.deepEqual(wrong, []);
  });

  for (const pageCase of PAGES) {
    it(`settings globals on /${pageCase.path}: ${pageCase.globals.join(', ')}`, async () => {
      const page = await newPage(env.browser);
      await page.addInitScript(PROTOTYPE_BASELINE);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`[pageerror] ${String(error)}`));
      if (pageCase.before) await page.goto(`${env.demo.url}${pageCase.before}`);
      const plans = new Map(pageCase.globals.map((global) => [global, roundsFor(global)]));
      for (const global of pageCase.globals) tallies.set(global, { rounds: 0, cases: 0, problems: [] });
      const specials = (rounds: Round[]) => rounds.filter((round) => round.kind !== 'fields').length;
      const fieldDepth = Math.max(...[...plans.values()].map((rounds) => rounds.length - specials(rounds)));
      const depth = fieldDepth + Math.max(...[...plans.values()].map(specials));
      let script = '';
      const path = new URL(pageCase.path, env.demo.url).pathname;
      await page.route(
        (url) => url.pathname === path,
        async (route) => {
          if (route.request().resourceType() !== 'document') return route.fallback();
          const response = await route.fetch();
          const body = (await response.text()).replace('</body>', `<script>${script}</script>\n</body>`);
          await route.fulfill({ response, body });
        },
      );
      for (let r = 0; r < depth; r++) {
        // Field rounds first, then the special rounds (the global itself, huge texts, prototype keys), each global's own.
        const current = pageCase.globals.map((global) => {
          const rounds = plans.get(global) ?? [];
          const fields = rounds.length - specials(rounds);
          const index = r < fieldDepth ? (r < fields ? r : -1) : fields + (r - fieldDepth);
          return { global, round: index >= 0 && index < rounds.length ? rounds[index] : undefined };
        });
        script = current
          .filter(({ round }) => round)
          .map(({ global, round }) => `${access(global)} = ${round?.source};`)
          .join('\n');
        errors.length = 0;
        await page.goto(`${env.demo.url}${pageCase.path}`);
        if (pageCase.wake) {
          await page.waitForFunction((name) => window.vitrine?.report().some((row) => row.widget === name), pageCase.wake, { timeout: 60_000 });
          await page.evaluate((name) => {
            for (const row of window.vitrine?.report() ?? []) if (row.widget === name) row.element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
          }, pageCase.wake);
        }
        const result = await boot(page);
        const expecting = current.filter(({ round }) => round && (round.kind === 'fields' || round.kind === 'itself'));
        await eventually(() => expecting.every(({ global }) => errorsAbout(errors, global).length > 0));
        const seen = vitrineErrors(errors);
        const allowedFailures = new Set(
          current.filter(({ global, round }) => round && round.kind !== 'huge' && pageCase.ownedBy?.[global]).map(({ global }) => pageCase.ownedBy?.[global] ?? ''),
        );
        const strayFailures = result.failed.filter((row) => !allowedFailures.has(row.widget));
        const explained = new Set(current.flatMap(({ global }) => errorsAbout(seen, global)));
        // A widget left with default nonces or addresses has its requests refused: it says so (HttpError), as it should.
        const broken = current.filter(({ round }) => round && (round.kind === 'fields' || round.kind === 'itself')).map(({ global }) => CONSEQUENCES[global]);
        const refused = seen.filter((text) => !explained.has(text) && (text.includes('HttpError') || broken.some((pattern) => pattern?.test(text))));
        const strayErrors = seen.filter((text) => !explained.has(text) && !refused.includes(text) && !allowedFailures.has(text.slice(10).split(/[ :]/)[0] ?? ''));
        for (const { global, round } of current) {
          if (!round) continue;
          const tally = tallies.get(global) as Tally;
          tally.rounds += 1;
          tally.cases += round.cases;
          const owner = pageCase.ownedBy?.[global];
          const problems = judge(global, round, seen, owner);
          if (strayFailures.length > 0) problems.push(`${round.kind}: other widgets failed: ${strayFailures.map((row) => `${row.widget} (${row.reason.slice(0, 80)})`).join(', ')}`);
          if (strayErrors.length > 0) problems.push(`${round.kind}: other errors: ${strayErrors.slice(0, 2).join(' | ').slice(0, 200)}`);
          if (result.pollution.length > 0) problems.push(`${round.kind}: Object.prototype gained ${result.pollution.join(', ')}`);
          if (owner && result.failed.some((row) => row.widget === owner) && !(await serverPathWorks(page, owner))) problems.push(`${round.kind}: the server markup does not work without ${owner}`);
          tally.problems.push(...problems.map((problem) => `${global} ${problem}`));
        }
      }
      await page.context().close();
      const problems = pageCase.globals.flatMap((global) => tallies.get(global)?.problems ?? []);
      assert.deepEqual(problems, []);
    });
  }
});
