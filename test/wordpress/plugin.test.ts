import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { readZip } from '../../scripts/zip.ts';
import { readSettings, resetSettingsCache } from '../../src/settings.ts';
// Defining the cart and checkout globals registers them with src/settings.ts.
import '../../src/settings-buying.ts';
import { collectErrors, launchBrowser, newPage } from '../e2e/harness.ts';
import { dependencies, localizedGlobals, pluginReport, printedHandles, scriptGraph, scriptTags } from './html.ts';
import { ensurePackages, type Site, startSite } from './site.ts';

// The Vitrine plugin against real WordPress core (Debian's), with a fixture plugin that loads scripts the way
// WooCommerce 10 does: the printed HTML of each page with Vitrine off and on, then the pages in Chromium.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PLUGIN = 'vitrine/vitrine.php';

/** The settings globals of src/settings.ts and settings-buying.ts; each one printed is checked against its schema there. */
const SETTINGS: string[] = [
  'woocommerce_params',
  'wc_add_to_cart_params',
  'wc_cart_fragments_params',
  'wc_add_to_cart_variation_params',
  'wc_single_product_params',
  'wc_cart_params',
  'wc_checkout_params',
  'wc_country_select_params',
  'wc_address_i18n_params',
];

interface PageCase {
  name: string;
  path: string;
  /** Globals Vitrine reads that this page must print. */
  globals: string[];
  /** Widgets that must mount in Chromium. */
  widgets: string[];
}

const PAGES: PageCase[] = [
  {
    name: 'simple product',
    path: '/?product=beanie',
    globals: ['woocommerce_params', 'wc_add_to_cart_params', 'wc_single_product_params', 'wc_cart_fragments_params', 'cfvsw_swatches_settings', 'swsL10n', 'wcpayExpressCheckoutParams'],
    widgets: ['product-gallery', 'add-to-cart-form', 'cart-fragments'],
  },
  {
    name: 'variable product',
    path: '/?product=hoodie',
    globals: ['woocommerce_params', 'wc_add_to_cart_params', 'wc_single_product_params', 'wc_cart_fragments_params', 'wc_add_to_cart_variation_params', 'cfvsw_swatches_settings', 'swsL10n'],
    widgets: ['product-gallery', 'variation-form', 'cart-fragments'],
  },
  {
    name: 'shop',
    path: '/?post_type=product',
    globals: ['woocommerce_params', 'wc_add_to_cart_params', 'wc_cart_fragments_params', 'swsL10n'],
    // quantity: the theme's own input marked with data-vitrine-widget, the README's example.
    widgets: ['add-to-cart', 'cart-fragments', 'result-count', 'quantity'],
  },
  {
    name: 'cart',
    path: '/?pagename=cart',
    globals: ['woocommerce_params', 'wc_add_to_cart_params', 'swsL10n', 'wc_cart_params', 'wc_country_select_params', 'wc_address_i18n_params'],
    widgets: ['wc-notices', 'cart-page'],
  },
  {
    name: 'checkout',
    path: '/?pagename=checkout',
    globals: ['woocommerce_params', 'wc_add_to_cart_params', 'swsL10n', 'wc_checkout_params', 'wc_country_select_params', 'wc_address_i18n_params', 'wc_address_autocomplete_common_params', 'wc_order_attribution'],
    // The address suggestions load when the shopper comes to the field: the provider test below goes there.
    widgets: ['wc-notices', 'checkout', 'order-attribution'],
  },
];

try {
  ensurePackages();
} catch (error) {
  // One line saying what to install, rather than every test reported as cancelled.
  console.error((error as Error).message);
  process.exit(1);
}

let site: Site | undefined;
const classic = new Map<string, string>();
const vitrine = new Map<string, string>();

async function render(pagePath: string): Promise<string> {
  const response = await fetch(new URL(pagePath, site!.url));
  const html = await response.text();
  assert.equal(response.status, 200, `${pagePath} answered ${response.status}`);
  // WP_DEBUG is on: a PHP notice, warning or deprecation in the page fails the test.
  assert.doesNotMatch(html, /<b>(Notice|Warning|Deprecated|Fatal error)<\/b>/, `${pagePath} printed a PHP error`);
  return html;
}

const renderAll = async (into: Map<string, string>) => {
  for (const page of PAGES) into.set(page.name, await render(page.path));
};

/**
 * Inside a describe: the fixture plays WooCommerce `mode` (option fixture_wc_version) for its tests, which get every
 * page rendered by the classic scripts (Vitrine deactivated) and with Vitrine, and a browser for the page checks.
 */
function playWooCommerce(mode: string): { classicHere: Map<string, string>; vitrineHere: Map<string, string>; browser?: Browser } {
  const played: { classicHere: Map<string, string>; vitrineHere: Map<string, string>; browser?: Browser } = { classicHere: new Map(), vitrineHere: new Map() };
  before(async () => {
    site!.cli('option', 'fixture_wc_version', JSON.stringify(mode));
    site!.cli('deactivate', PLUGIN);
    try {
      await renderAll(played.classicHere);
    } finally {
      site!.cli('activate', PLUGIN);
    }
    await renderAll(played.vitrineHere);
    played.browser = await launchBrowser();
  });
  after(async () => {
    await played.browser?.close();
    site!.cli('option', 'fixture_wc_version', 'null');
  });
  return played;
}

const moduleTags = (html: string) => scriptTags(html).filter((tag) => tag.attrs.type === 'module' && /\/vitrine\/dist\/vitrine(\.lite)?\.js/.test(tag.attrs.src ?? ''));

/**
 * The rule: a script reaches the page only if it is enqueued and not replaced (kept), or a kept script
 * depends on it. Computed from the page's own script graph (queue and registered dependencies).
 */
function assertOnlyKeptScripts(html: string, label: string): { kept: string[]; needed: Set<string>; printed: string[] } {
  const graph = scriptGraph(html);
  const replaced = new Set(graph.replaced);
  assert.ok(replaced.has('wc-add-to-cart'), `${label}: the plugin's replaced list is visible to the test`);
  const kept = graph.queue.filter((handle) => !replaced.has(handle));
  const needed = dependencies(graph, kept);
  const printed = printedHandles(html);
  for (const handle of printed) {
    if (replaced.has(handle)) assert.ok(needed.has(handle), `${label}: replaced script ${handle} printed though no kept script needs it`);
    assert.ok(kept.includes(handle) || needed.has(handle), `${label}: ${handle} printed though neither kept nor needed by a kept script`);
  }
  const jquery = printed.includes('jquery-core');
  const needsJquery = needed.has('jquery') || needed.has('jquery-core') || kept.includes('jquery');
  assert.equal(jquery, needsJquery, `${label}: jQuery ${jquery ? 'printed' : 'missing'} though kept scripts ${needsJquery ? 'need' : 'do not need'} it (kept: ${kept.join(', ')})`);
  return { kept, needed, printed };
}

/** Validates a printed global with src/settings.ts: readSettings reports an invalid global with console.error. */
function settingsErrors(name: string, value: unknown): string[] {
  const errors: string[] = [];
  const original = console.error;
  const global = globalThis as unknown as Record<string, unknown>;
  console.error = (...args: unknown[]) => errors.push(args.map(String).join(' '));
  try {
    global[name] = value;
    resetSettingsCache();
    readSettings(name);
  } finally {
    console.error = original;
    delete global[name];
    resetSettingsCache();
  }
  return errors;
}

/** In Chromium: the page's widgets mount, none fails, no jQuery is loaded and nothing is logged as an error. */
async function assertPageWorks(browser: Browser, page: PageCase): Promise<void> {
  const tab = await newPage(browser);
  const errors = collectErrors(tab);
  try {
    await tab.goto(new URL(page.path, site!.url).href, { waitUntil: 'load' });
    await tab.waitForFunction(() => 'vitrine' in window, null, { timeout: 10_000 });
    await tab.waitForFunction(
      (widgets) => {
        const rows = (window as unknown as { vitrine: { report(): { widget: string; state: string }[] } }).vitrine.report();
        return widgets.every((widget) => rows.some((row) => row.widget === widget && row.state === 'mounted'));
      },
      page.widgets,
      { timeout: 10_000 },
    );
    await tab.evaluate(() => (window as unknown as { vitrine: { settled(): Promise<void> } }).vitrine.settled());
    const state = await tab.evaluate(() => ({
      jquery: typeof (window as unknown as { jQuery?: unknown }).jQuery,
      failed: (window as unknown as { vitrine: { report(): { widget: string; state: string; reason: string }[] } }).vitrine
        .report()
        .filter((row) => row.state === 'failed')
        .map((row) => `${row.widget}: ${row.reason}`),
    }));
    assert.deepEqual(state.failed, [], 'no widget failed');
    assert.equal(state.jquery, 'undefined', `jQuery is ${state.jquery} on ${page.name}`);
    await tab.waitForTimeout(300);
    assert.deepEqual(errors, [], 'no console error');
  } finally {
    await tab.context().close();
  }
}

/** Handles printed with a source whose file is the given one (blockUI printed twice would show twice). */
const printedFiles = (html: string, file: RegExp) => scriptTags(html).filter((tag) => file.test(tag.attrs.src ?? '')).length;

describe('Vitrine plugin on WordPress', () => {
  before(async () => {
    site = await startSite();
    await renderAll(classic);
    site.cli('activate', PLUGIN);
    await renderAll(vitrine);
  });
  after(() => site?.stop());

  test('vitrine.zip: vitrine/ with the plugin header, readme.txt and dist/, unpacked by WordPress’s plugin installer', () => {
    // The zip the site installed (dist/ may be rebuilt by another process meanwhile).
    const entries = readZip(readFileSync(site!.zip));
    const names = entries.map((entry) => entry.name);
    for (const name of ['vitrine/vitrine.php', 'vitrine/readme.txt', 'vitrine/dist/vitrine.js']) assert.ok(names.includes(name), name);
    assert.ok(names.some((name) => /^vitrine\/dist\/chunks\/.+\.js$/.test(name)), 'the lazy chunks are packaged');
    for (const name of names) assert.ok(name.startsWith('vitrine/'), `${name} is inside vitrine/`);
    const installed = readdirSync(path.join(site!.dir, 'wp-content', 'plugins', 'vitrine'), { recursive: true, encoding: 'utf8' });
    assert.deepEqual(installed.map((file) => `vitrine/${file}`).sort(), names.map((name) => name.replace(/\/$/, '')).filter((name) => name !== 'vitrine').sort());
    const header = entries.find((entry) => entry.name === 'vitrine/vitrine.php')!.data.toString('utf8');
    for (const field of ['Plugin Name', 'Version', 'Requires at least', 'Requires PHP', 'WC requires at least', 'License']) assert.match(header, new RegExp(`^ \\* ${field}:\\s+\\S`, 'm'), field);
    for (const entry of entries.filter((e) => !e.name.endsWith('/'))) {
      assert.ok(readFileSync(path.join(site!.dir, 'wp-content', 'plugins', entry.name)).equals(entry.data), `${entry.name} installed as packaged`);
    }
  });

  test('without Vitrine, the fixture prints WooCommerce 10’s scripts: jQuery, late handles, settings at print time', () => {
    const product = printedHandles(classic.get('variable product')!);
    for (const handle of ['jquery-core', 'woocommerce', 'wc-add-to-cart', 'wc-single-product', 'wc-add-to-cart-variation', 'wc-cart-fragments', 'wc-jquery-blockui', 'wc-zoom', 'cfvsw_swatches_product'])
      assert.ok(product.includes(handle), `classic variable product prints ${handle}`);
    assert.ok(printedHandles(classic.get('shop')!).includes('wc-cart-fragments'), 'the cart widget enqueues wc-cart-fragments while rendering');
    assert.ok(!printedHandles(classic.get('cart')!).includes('wc-cart-fragments'), 'no cart widget on the cart page');
    assert.ok(localizedGlobals(classic.get('variable product')!).has('wc_add_to_cart_variation_params'));
    for (const html of classic.values()) assert.equal(moduleTags(html).length, 0);
  });

  for (const page of PAGES) {
    test(`${page.name}: no replaced script, no jQuery unless a kept script needs it, one module tag`, () => {
      const html = vitrine.get(page.name)!;
      const { kept, needed, printed } = assertOnlyKeptScripts(html, page.name);
      assert.equal(moduleTags(html).length, 1, 'Vitrine’s module tag is printed once');
      // The cart and checkout scripts (wc-cart, wc-checkout, wc-country-select, wc-address-i18n, selectWoo)
      // are replaced too: no page prints jQuery or woocommerce.js again.
      // The checkout's third-party address provider is not WooCommerce's: it stays (on Vitrine's registry).
      const classicPrinted = printed.filter((handle) => handle !== 'fixture-address-provider');
      assert.deepEqual(classicPrinted, [], `${page.name} prints no classic script: ${classicPrinted.join(', ')} (kept: ${kept.join(', ')}, needed: ${[...needed].join(', ')})`);
    });

    test(`${page.name}: every global Vitrine reads is printed as WooCommerce printed it, and valid for src/settings.ts`, () => {
      const before = localizedGlobals(classic.get(page.name)!);
      const now = localizedGlobals(vitrine.get(page.name)!);
      for (const name of page.globals) assert.ok(now.has(name), `${page.name} prints ${name}`);
      for (const [name, value] of before) {
        // wp-util's own settings go with wp-util, which only the replaced variation script needed.
        if (name === '_wpUtilSettings') continue;
        assert.deepEqual(now.get(name), value, `${name} is printed unchanged`);
      }
      for (const name of SETTINGS) {
        if (!now.has(name)) continue;
        assert.deepEqual(settingsErrors(name, now.get(name)), [], `${name} validates against src/settings.ts`);
      }
      const swatches = now.get('cfvsw_swatches_settings');
      if (swatches !== undefined) assert.equal(typeof swatches, 'object');
      const search = now.get('swsL10n') as { restUrl?: unknown } | undefined;
      assert.equal(typeof search?.restUrl, 'string');
    });
  }

  test('the README’s mount point example is the markup the shop page marks', () => {
    const example = readFileSync(path.join(ROOT, 'README.md'), 'utf8').match(/`(<input [^`]*data-vitrine-widget="quantity">)`/)?.[1];
    assert.ok(example, 'the README shows a data-vitrine-widget="quantity" input');
    assert.ok(vitrine.get('shop')!.includes(example), 'the fixture shop prints the README example as is');
  });

  test('checkout: an address provider that depends on wc-address-autocomplete stays, after the stand-in registry, without WooCommerce’s scripts', () => {
    const tags = scriptTags(vitrine.get('checkout')!);
    const printed = printedHandles(vitrine.get('checkout')!);
    for (const handle of ['wc-address-autocomplete', 'wc-address-autocomplete-common', 'wc-order-attribution', 'sourcebuster-js']) assert.ok(!printed.includes(handle), `${handle} is not printed`);
    const stub = tags.findIndex((tag) => tag.attrs.id === 'wc-address-autocomplete-js-before');
    const provider = tags.findIndex((tag) => tag.attrs.id === 'fixture-address-provider-js');
    assert.ok(stub >= 0, 'the stand-in registry is printed');
    assert.match(tags[stub]!.body, /registerAddressAutocompleteProvider/);
    assert.ok(provider > stub, 'the provider script comes after the stand-in');
  });

  test('product: WooPayments’ express button script and Stripe.js are replaced, wcpayExpressCheckoutParams is still printed', () => {
    assert.ok(printedHandles(classic.get('simple product')!).includes('WCPAY_EXPRESS_CHECKOUT_ECE'), 'the fixture enqueues it as WooPayments does');
    assert.ok(printedHandles(classic.get('simple product')!).includes('stripe'));
    const printed = printedHandles(vitrine.get('simple product')!);
    assert.ok(!printed.includes('WCPAY_EXPRESS_CHECKOUT_ECE'), 'the express button script is not printed');
    assert.ok(!printed.includes('stripe'), 'Stripe.js waits for the widget, which loads it when a button is shown');
    assert.ok(localizedGlobals(vitrine.get('simple product')!).has('wcpayExpressCheckoutParams'));
  });

  test('variable product: the variation templates are printed', () => {
    const ids = scriptTags(vitrine.get('variable product')!).map((tag) => tag.attrs.id);
    assert.ok(ids.includes('tmpl-variation-template'));
    assert.ok(ids.includes('tmpl-unavailable-variation-template'));
  });

  test('vitrine_replaced_scripts: a site owner keeps a handle, with what it needs', async () => {
    site!.cli('option', 'fixture_wc_keep_scripts', JSON.stringify(['wc-single-product']));
    try {
      const html = await render('/?product=beanie');
      const { printed } = assertOnlyKeptScripts(html, 'kept wc-single-product');
      assert.ok(printed.includes('wc-single-product') && printed.includes('jquery-core'), printed.join(', '));
      assert.ok(!printed.includes('wc-add-to-cart') && !printed.includes('woocommerce'), printed.join(', '));
    } finally {
      site!.cli('option', 'fixture_wc_keep_scripts', 'null');
    }
  });

  test('a script enqueued while the page renders that depends on woocommerce gets what woocommerce.js pulled in, printed before it, not woocommerce.js', async () => {
    site!.cli('option', 'fixture_wc_late_script', 'true');
    try {
      const html = await render('/?post_type=product');
      const { printed } = assertOnlyKeptScripts(html, 'late script needing woocommerce');
      assert.ok(printed.includes('fixture-late'), printed.join(', '));
      for (const handle of ['jquery-core', 'wc-jquery-blockui', 'wc-js-cookie'])
        assert.ok(printed.indexOf(handle) >= 0 && printed.indexOf(handle) < printed.indexOf('fixture-late'), `${handle} before fixture-late: ${printed.join(', ')}`);
      // Vitrine keeps woocommerce.js's contract ($.scroll_to_notices, woocommerce_params): the original is not printed.
      assert.ok(!printed.includes('woocommerce') && !printed.includes('wc-add-to-cart') && !printed.includes('wc-cart-fragments'), printed.join(', '));
      assert.ok(localizedGlobals(html).has('woocommerce_params'));
      assert.deepEqual(pluginReport(html).served, { woocommerce: ['fixture-late'] });
      assert.deepEqual(pluginReport(html).restored, {});
    } finally {
      site!.cli('option', 'fixture_wc_late_script', 'null');
    }
  });

  test('coexistence: a payment gateway that depends on wc-checkout gets jQuery and the helpers, not checkout.js, woocommerce.js or the address scripts', async () => {
    site!.cli('option', 'fixture_wc_gateway', 'true');
    try {
      const html = await render('/?pagename=checkout');
      const { printed } = assertOnlyKeptScripts(html, 'gateway on wc-checkout');
      for (const handle of ['jquery-core', 'wc-jquery-blockui', 'wc-js-cookie'])
        assert.ok(printed.indexOf(handle) >= 0 && printed.indexOf(handle) < printed.indexOf('fixture-gateway'), `${handle} before fixture-gateway: ${printed.join(', ')}`);
      for (const handle of ['wc-checkout', 'woocommerce', 'wc-country-select', 'wc-address-i18n', 'selectWoo']) assert.ok(!printed.includes(handle), `${handle} is not printed: ${printed.join(', ')}`);
      assert.ok(localizedGlobals(html).has('wc_checkout_params'));
      const report = pluginReport(html);
      assert.deepEqual(report.served['wc-checkout'], ['fixture-gateway']);
      assert.deepEqual(report.restored, {});
      assert.deepEqual(report.aside, {});
      assert.ok(report.replaced.includes('wc-checkout') && report.replaced.includes('woocommerce'), report.replaced.join(', '));
    } finally {
      site!.cli('option', 'fixture_wc_gateway', 'null');
    }
  });

  test('coexistence: a theme script that depends on wc-single-product gets the original, and the gallery, tabs and rating widgets step aside', async () => {
    site!.cli('option', 'fixture_wc_theme_gallery', 'true');
    try {
      const html = await render('/?product=beanie');
      const { printed } = assertOnlyKeptScripts(html, 'theme gallery on wc-single-product');
      assert.ok(printed.indexOf('wc-single-product') >= 0 && printed.indexOf('wc-single-product') < printed.indexOf('fixture-theme-gallery'), printed.join(', '));
      assert.ok(!printed.includes('woocommerce') && !printed.includes('wc-add-to-cart'), printed.join(', '));
      const report = pluginReport(html);
      assert.deepEqual(report.restored, { 'wc-single-product': ['fixture-theme-gallery'] });
      assert.deepEqual(Object.keys(report.aside).sort(), ['product-gallery', 'product-tabs', 'review-rating']);
      assert.match(report.aside['product-gallery']!, /wc-single-product is printed for fixture-theme-gallery/);
      assert.ok(!report.replaced.includes('wc-single-product'));
    } finally {
      site!.cli('option', 'fixture_wc_theme_gallery', 'null');
    }
  });

  test('coexistence: inline code attached before and after a replaced handle is printed where the script would have been, after jQuery', async () => {
    site!.cli('option', 'fixture_wc_tracking', 'true');
    try {
      const html = await render('/?post_type=product');
      // The inline code needs jQuery, which no kept script does: the one page where jQuery is printed for it.
      const printed = printedHandles(html);
      assert.deepEqual(printed.filter((handle) => scriptGraph(html).replaced.includes(handle)), [], printed.join(', '));
      const tags = scriptTags(html);
      const index = (id: string) => tags.findIndex((tag) => tag.attrs.id === id);
      assert.ok(index('wc-add-to-cart-js-before') > index('jquery-core-js'), 'the before code comes after jQuery');
      assert.ok(index('wc-add-to-cart-js-after') > index('wc-add-to-cart-js-before'), 'then the after code');
      assert.ok(index('jquery-core-js') >= 0);
      assert.match(tags[index('wc-add-to-cart-js-after')]!.body, /added_to_cart/);
      assert.ok(!printedHandles(html).includes('wc-add-to-cart'));
      assert.deepEqual(pluginReport(html).restored, {});
    } finally {
      site!.cli('option', 'fixture_wc_tracking', 'null');
    }
  });

  test('the README’s site-owner filters work as written', async () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## For site owners'), readme.indexOf('## For theme developers'));
    const example = section.match(/```php\n([\s\S]*?)```/)?.[1];
    assert.ok(example, 'the site owners section has a PHP example');
    const muPlugins = path.join(site!.dir, 'wp-content', 'mu-plugins');
    mkdirSync(muPlugins, { recursive: true });
    writeFileSync(path.join(muPlugins, 'readme-example.php'), `<?php\n${example}`);
    try {
      const html = await render('/?product=beanie');
      const { printed } = assertOnlyKeptScripts(html, 'README example');
      assert.ok(printed.includes('wc-single-product'), `the example keeps wc-single-product: ${printed.join(', ')}`);
      const lite = existsSync(path.join(site!.dir, 'wp-content', 'plugins', 'vitrine', 'dist', 'vitrine.lite.js'));
      assert.match(moduleTags(html)[0]?.attrs.src ?? '', lite ? /\/dist\/vitrine\.lite\.js/ : /\/dist\/vitrine\.js/);
    } finally {
      rmSync(muPlugins, { recursive: true });
    }
  });

  test('vitrine_flavour lite falls back to vitrine.js while the build has no lite entry', async () => {
    site!.cli('option', 'fixture_wc_flavour', JSON.stringify('lite'));
    try {
      const tags = moduleTags(await render('/?product=beanie'));
      const lite = existsSync(path.join(site!.dir, 'wp-content', 'plugins', 'vitrine', 'dist', 'vitrine.lite.js'));
      assert.equal(tags.length, 1);
      assert.match(tags[0]!.attrs.src!, lite ? /\/dist\/vitrine\.lite\.js/ : /\/dist\/vitrine\.js/);
    } finally {
      site!.cli('option', 'fixture_wc_flavour', 'null');
    }
  });

  test('a build with dist/first-paint.css gets its rules inline in the head', async () => {
    const css = path.join(site!.dir, 'wp-content', 'plugins', 'vitrine', 'dist', 'first-paint.css');
    const shipped = existsSync(css);
    if (!shipped) writeFileSync(css, '.woocommerce-product-gallery{opacity:1}\n');
    try {
      const html = await render('/?product=beanie');
      const head = html.slice(0, html.indexOf('</head>'));
      const style = head.match(/<style[^>]*id=['"]vitrine-first-paint-inline-css['"][^>]*>([\s\S]*?)<\/style>/);
      assert.ok(style, 'an inline style in the head');
      assert.equal(style[1]!.trim(), readFileSync(css, 'utf8').trim());
    } finally {
      if (!shipped) rmSync(css);
    }
  });

  test('EXP-01 where WooPayments’ express button is enqueued, the head script that keeps its room is printed inline in the head, before the first paint; elsewhere it is not', async () => {
    const js = path.join(site!.dir, 'wp-content', 'plugins', 'vitrine', 'dist', 'first-paint-wallet.js');
    const shipped = existsSync(js);
    if (!shipped) writeFileSync(js, "(function(){localStorage.getItem('vitrine-wallet')})();\n");
    try {
      const product = await render('/?product=beanie');
      const head = product.slice(0, product.indexOf('</head>'));
      const script = head.match(/<script[^>]*id=['"]vitrine-first-paint-wallet-js-after['"][^>]*>([\s\S]*?)<\/script>/);
      assert.ok(script, 'an inline script in the head of the product page');
      assert.equal(script[1]!.trim(), readFileSync(js, 'utf8').trim());
      const shop = await render('/?post_type=product');
      assert.ok(!shop.includes('vitrine-first-paint-wallet'), 'no wallet on the shop page, no script');
      // The button left to WooPayments' own script: it hides the box when there is no wallet, and the kept room
      // (display: block !important) would overrule it.
      site!.cli('option', 'vitrine_widgets', JSON.stringify({ 'express-checkout': 'no' }));
      try {
        const own = await render('/?product=beanie');
        assert.ok(!own.includes('vitrine-first-paint-wallet'), 'no script where WooPayments drives its own button');
      } finally {
        site!.cli('option', 'vitrine_widgets', 'null');
      }
    } finally {
      if (!shipped) rmSync(js);
    }
  });

  describe('settings (WooCommerce → Settings → Vitrine) and Site Health', () => {
    const installed = () => path.join(site!.dir, 'wp-content', 'plugins', 'vitrine');
    const option = (name: string, value: unknown) => JSON.parse(site!.cli('option', name, JSON.stringify(value)));
    const health = () => JSON.parse(site!.cli('site-health', 'vitrine')) as { status: string; label: string; description: string };

    test('every value is sanitized on save, whoever saves it', () => {
      try {
        assert.equal(option('vitrine_flavour', '<script>'), 'react');
        assert.equal(option('vitrine_flavour', 'lite'), 'lite');
        assert.deepEqual(option('vitrine_widgets', { 'instant-search': 'no', checkout: 'maybe', bogus: 'no' }), { 'instant-search': 'no', checkout: 'yes' });
      } finally {
        option('vitrine_flavour', null);
        option('vitrine_widgets', null);
      }
    });

    test('the lite flavour saved in the settings serves vitrine.lite.js on the next storefront page', async () => {
      const lite = existsSync(path.join(installed(), 'dist', 'vitrine.lite.js'));
      option('vitrine_flavour', 'lite');
      try {
        const tags = moduleTags(await render('/?product=beanie'));
        assert.equal(tags.length, 1);
        assert.match(tags[0]!.attrs.src!, lite ? /\/dist\/vitrine\.lite\.js/ : /\/dist\/vitrine\.js/);
      } finally {
        option('vitrine_flavour', null);
      }
      assert.match(moduleTags(await render('/?product=beanie'))[0]!.attrs.src!, /\/dist\/vitrine\.js/);
    });

    test('the vitrine_flavour filter still decides on top of the setting', async () => {
      option('vitrine_flavour', 'lite');
      option('fixture_wc_flavour', 'react');
      try {
        assert.match(moduleTags(await render('/?product=beanie'))[0]!.attrs.src!, /\/dist\/vitrine\.js/);
      } finally {
        option('vitrine_flavour', null);
        option('fixture_wc_flavour', null);
      }
    });

    test('switching instant search off brings smart-search-general back on the next page, and the widget steps aside', async () => {
      option('vitrine_widgets', { 'instant-search': 'no' });
      try {
        const html = await render('/?post_type=product');
        const { printed } = assertOnlyKeptScripts(html, 'instant search off');
        assert.ok(printed.includes('smart-search-general') && printed.includes('jquery-core'), printed.join(', '));
        assert.ok(!printed.includes('wc-add-to-cart'), printed.join(', '));
        const report = pluginReport(html);
        assert.ok(!report.replaced.includes('smart-search-general'), report.replaced.join(', '));
        assert.match(report.aside['instant-search'] ?? '', /switched off in WooCommerce > Settings > Vitrine/);
        assert.deepEqual(Object.keys(report.aside), ['instant-search']);
      } finally {
        option('vitrine_widgets', null);
      }
      const report = pluginReport(await render('/?post_type=product'));
      assert.ok(report.replaced.includes('smart-search-general'));
      assert.deepEqual(report.aside, {});
    });

    test('a widget switched off steps aside on every page, even where its script is not enqueued; a filter that replaces its script again wins', async () => {
      option('vitrine_widgets', { 'add-to-cart': 'no' });
      try {
        const html = await render('/?post_type=product');
        assert.ok(printedHandles(html).includes('wc-add-to-cart'));
        assert.match(pluginReport(html).aside['add-to-cart'] ?? '', /switched off/);
        assert.match(pluginReport(await render('/?pagename=cart')).aside['mini-cart-remove'] ?? '', /switched off/);
        const muPlugins = path.join(site!.dir, 'wp-content', 'mu-plugins');
        mkdirSync(muPlugins, { recursive: true });
        writeFileSync(path.join(muPlugins, 'replace-again.php'), "<?php\nadd_filter( 'vitrine_replaced_scripts', fn ( $handles ) => array_merge( $handles, array( 'wc-add-to-cart' ) ) );\n");
        try {
          const again = await render('/?post_type=product');
          assert.ok(!printedHandles(again).includes('wc-add-to-cart'), printedHandles(again).join(', '));
          assert.deepEqual(pluginReport(again).aside, {});
        } finally {
          rmSync(muPlugins, { recursive: true });
        }
      } finally {
        option('vitrine_widgets', null);
      }
    });

    test('Site Health: good with nothing put back, recommended naming the script and what needed it, critical without the built files', async () => {
      option('vitrine_page_reports', null);
      await render('/?product=beanie');
      assert.equal(health().status, 'good');

      option('fixture_wc_theme_gallery', true);
      try {
        await render('/?product=beanie');
        const result = health();
        assert.equal(result.status, 'recommended', JSON.stringify(result));
        assert.match(result.description, /wc-single-product/);
        assert.match(result.description, /fixture-theme-gallery/);
        assert.match(result.description, /Product pages/);
      } finally {
        option('fixture_wc_theme_gallery', null);
      }
      // The next product page needs nothing back: its report replaces the last one.
      await render('/?product=beanie');
      assert.equal(health().status, 'good');

      const entry = path.join(installed(), 'dist', 'vitrine.js');
      renameSync(entry, `${entry}.away`);
      try {
        const result = health();
        assert.equal(result.status, 'critical', JSON.stringify(result));
        assert.match(result.description, /dist\/vitrine\.js/);
        // Without its entry Vitrine leaves every script in place.
        const html = await render('/?post_type=product');
        assert.equal(moduleTags(html).length, 0);
        assert.deepEqual(printedHandles(html), printedHandles(classic.get('shop')!));
      } finally {
        renameSync(`${entry}.away`, entry);
      }
      assert.equal(health().status, 'good');
    });

    test('uninstalling removes Vitrine’s options', async () => {
      option('vitrine_flavour', 'lite');
      option('vitrine_widgets', { 'instant-search': 'no' });
      await render('/?product=beanie');
      for (const name of ['vitrine_flavour', 'vitrine_widgets', 'vitrine_page_reports']) assert.notEqual(site!.cli('get-option', name), 'false', name);
      site!.cli('uninstall', PLUGIN);
      for (const name of ['vitrine_flavour', 'vitrine_widgets', 'vitrine_page_reports']) assert.equal(site!.cli('get-option', name), 'false', name);
    });
  });

  test('Vitrine’s own texts: nothing printed in English; a translation is printed as vitrine_strings for the bundle', async () => {
    assert.ok(!scriptTags(vitrine.get('shop')!).some((tag) => tag.attrs.id === 'vitrine-strings'));
    const muPlugins = path.join(site!.dir, 'wp-content', 'mu-plugins');
    mkdirSync(muPlugins, { recursive: true });
    // What a loaded translation does to __(): the gettext_vitrine filter, as a .mo file would.
    writeFileSync(path.join(muPlugins, 'translation.php'), "<?php\nadd_filter( 'gettext_vitrine', fn ( $t, $text ) => 'Search' === $text ? 'Suchen' : $t, 10, 2 );\n");
    try {
      const html = await render('/?post_type=product');
      const tag = scriptTags(html).find((t) => t.attrs.id === 'vitrine-strings');
      assert.ok(tag, 'the translated texts are printed');
      assert.equal(tag.body.trim(), 'var vitrine_strings = {"searchButton":"Suchen"};');
      assert.ok(html.indexOf('id="vitrine-strings"') < html.indexOf('</head>'), 'in the head, before the bundle runs');
    } finally {
      rmSync(muPlugins, { recursive: true });
    }
  });

  test('deactivating Vitrine restores the classic scripts', async () => {
    site!.cli('deactivate', PLUGIN);
    try {
      for (const page of PAGES) {
        const html = await render(page.path);
        assert.deepEqual(printedHandles(html), printedHandles(classic.get(page.name)!), `${page.name}: the same scripts as before activation`);
        assert.equal(moduleTags(html).length, 0);
      }
    } finally {
      site!.cli('activate', PLUGIN);
    }
  });

  // WooCommerce 10.3 renamed its libraries (wc-jquery-blockui, wc-js-cookie, wc-zoom, wc-flexslider, wc-photoswipe,
  // wc-select2, …) and kept the old names as source-less aliases; 11.0 made the scripts with an alias blocking.
  // The genuine-shop suite proves the 10.0 names; here the fixture registers as each of these versions does.
  for (const mode of ['10.3', '11.0'] as const) {
    describe(`WooCommerce ${mode}’s script registration`, () => {
      const played = playWooCommerce(mode);
      const { classicHere, vitrineHere } = played;
      const themeDeps = (deps: string[] | null) => site!.cli('option', 'fixture_wc_theme_deps', JSON.stringify(deps));

      test(`the fixture registers as WooCommerce ${mode}: new names, legacy aliases on them${mode === '11.0' ? ', the aliased scripts blocking in the footer' : ''}`, () => {
        const graph = scriptGraph(classicHere.get('variable product')!);
        assert.equal(graph.wc_version, `${mode}.0`);
        for (const [legacy, handle] of [['jquery-blockui', 'wc-jquery-blockui'], ['js-cookie', 'wc-js-cookie'], ['zoom', 'wc-zoom'], ['flexslider', 'wc-flexslider'], ['photoswipe', 'wc-photoswipe'], ['select2', 'wc-select2']] as const) {
          assert.deepEqual(graph.registered[legacy], { src: false, deps: [handle], footer: true }, legacy);
          assert.ok(graph.registered[handle]!.src, handle);
          assert.equal(graph.registered[handle]!.footer, mode === '11.0', `${handle} in the footer`);
        }
        assert.deepEqual(graph.registered.woocommerce!.deps, ['jquery', 'wc-jquery-blockui', 'wc-js-cookie']);
        assert.equal(graph.registered.woocommerce!.footer, false);
        for (const html of classicHere.values()) assert.deepEqual(scriptGraph(html).legacy, [], 'WooCommerce itself uses no legacy alias');
      });

      for (const page of PAGES) {
        test(`${page.name}: the same scripts are replaced as with the default registration, none printed, no legacy alias used`, () => {
          const html = vitrineHere.get(page.name)!;
          const { printed } = assertOnlyKeptScripts(html, `${mode} ${page.name}`);
          const classicPrinted = printed.filter((handle) => handle !== 'fixture-address-provider');
          assert.deepEqual(classicPrinted, [], `${page.name} prints no classic script: ${classicPrinted.join(', ')}`);
          assert.deepEqual(pluginReport(html).replaced, pluginReport(vitrine.get(page.name)!).replaced);
          assert.deepEqual(pluginReport(html).restored, {});
          assert.deepEqual(scriptGraph(html).legacy, [], 'Vitrine brings in no legacy alias (10.3.0 would report it deprecated)');
          const before = localizedGlobals(classicHere.get(page.name)!);
          const now = localizedGlobals(html);
          for (const name of page.globals) assert.ok(now.has(name), `${page.name} prints ${name}`);
          for (const [name, value] of before) if (name !== '_wpUtilSettings') assert.deepEqual(now.get(name), value, `${name} is printed unchanged`);
        });
      }

      for (const dep of ['jquery-blockui', 'wc-jquery-blockui']) {
        test(`a theme script on ${dep} (and on woocommerce) gets jQuery and blockUI once, before it, and no replaced script`, async () => {
          themeDeps([dep, 'woocommerce']);
          try {
            const classicHtml = await (async () => {
              site!.cli('deactivate', PLUGIN);
              try {
                return await render('/?post_type=product');
              } finally {
                site!.cli('activate', PLUGIN);
              }
            })();
            const html = await render('/?post_type=product');
            const { printed } = assertOnlyKeptScripts(html, `theme script on ${dep}`);
            for (const handle of ['jquery-core', 'wc-jquery-blockui', 'wc-js-cookie'])
              assert.ok(printed.indexOf(handle) >= 0 && printed.indexOf(handle) < printed.indexOf('fixture-theme-script'), `${handle} before fixture-theme-script: ${printed.join(', ')}`);
            assert.equal(printedFiles(html, /jquery\.blockUI/), 1, 'blockUI is printed once');
            assert.equal(printedFiles(html, /js\.cookie/), 1, 'js-cookie is printed once');
            assert.ok(!printed.includes('woocommerce') && !printed.includes('wc-add-to-cart'), printed.join(', '));
            assert.deepEqual(pluginReport(html).served, { woocommerce: ['fixture-theme-script'] });
            // The deprecation (10.3.0) is the theme's, as without Vitrine: Vitrine adds none.
            assert.deepEqual(scriptGraph(html).legacy, scriptGraph(classicHtml).legacy);
            assert.deepEqual(scriptGraph(html).legacy, dep === 'jquery-blockui' ? ['jquery-blockui'] : []);
          } finally {
            themeDeps(null);
          }
        });
      }

      for (const handle of ['wc-select2', 'select2']) {
        test(`a plugin that enqueues ${handle} for its own selects keeps select2 (printed once, with jQuery): Vitrine replaces selectWoo, not select2`, async () => {
          site!.cli('option', 'fixture_wc_enqueue', JSON.stringify([handle]));
          try {
            const html = await render('/?post_type=product');
            const { printed } = assertOnlyKeptScripts(html, `${handle} enqueued`);
            assert.ok(printed.includes('wc-select2') && printed.includes('jquery-core'), printed.join(', '));
            assert.equal(printedFiles(html, /select2\.full/), 1, 'select2 is printed once');
            assert.ok(!pluginReport(html).replaced.includes('wc-select2'), pluginReport(html).replaced.join(', '));
            assert.deepEqual(scriptGraph(html).legacy, handle === 'select2' ? ['select2'] : []);
          } finally {
            site!.cli('option', 'fixture_wc_enqueue', 'null');
          }
        });
      }

      for (const dep of ['flexslider', 'wc-flexslider']) {
        test(`a theme script on ${dep} gets flexslider put back once under its new name; the gallery stays Vitrine’s`, async () => {
          themeDeps([dep]);
          try {
            const html = await render('/?product=beanie');
            const { printed } = assertOnlyKeptScripts(html, `theme script on ${dep}`);
            assert.ok(printed.indexOf('wc-flexslider') >= 0 && printed.indexOf('wc-flexslider') < printed.indexOf('fixture-theme-script'), printed.join(', '));
            assert.equal(printedFiles(html, /jquery\.flexslider/), 1, 'flexslider is printed once');
            assert.ok(!printed.includes('wc-single-product') && !printed.includes('woocommerce'), printed.join(', '));
            const report = pluginReport(html);
            assert.deepEqual(report.restored['wc-flexslider'], ['fixture-theme-script']);
            assert.deepEqual(report.aside, {}, 'a library drives no markup: no widget steps aside');
            assert.ok(!report.replaced.includes('wc-flexslider'), report.replaced.join(', '));
          } finally {
            themeDeps(null);
          }
        });
      }

      for (const page of PAGES) {
        test(`in Chromium, ${page.name}: Vitrine mounts ${page.widgets.join(', ')} with no console error`, () => assertPageWorks(played.browser!, page));
      }
    });
  }

  // WooCommerce 8.0 to 9.6 print fewer settings than 10.x, which Vitrine was written against: the plugin fills in
  // the fields they lack (includes/older-woocommerce.php), in PHP, so that the bundle carries nothing for them. The
  // fixture prints each global as the release did, through woocommerce_get_script_data.
  describe('older WooCommerce releases: the settings fields they lack, filled in by the plugin', () => {
    /** The fields WooCommerce 9.5 and 9.7 added to the settings Vitrine reads: global => fields. */
    const NEWER_FIELDS: Record<string, string[]> = {
      woocommerce_params: ['i18n_password_show', 'i18n_password_hide'],
      wc_single_product_params: ['i18n_rating_options', 'i18n_product_gallery_trigger_text'],
      wc_add_to_cart_variation_params: ['i18n_reset_alert_text'],
    };
    /** Where each of those globals is printed. */
    const PAGE_OF: Record<string, string> = {
      woocommerce_params: 'simple product',
      wc_single_product_params: 'simple product',
      wc_add_to_cart_variation_params: 'variable product',
    };
    /** WooCommerce 8.5's order attribution fields, with the sourcebuster.js paths its sbjsDataToSchema read. */
    const WC85_FIELDS = {
      type: 'current.typ',
      url: 'current_add.rf',
      utm_campaign: 'current.cmp',
      utm_source: 'current.src',
      utm_medium: 'current.mdm',
      utm_content: 'current.cnt',
      utm_id: 'current.id',
      utm_term: 'current.trm',
      session_entry: 'current_add.ep',
      session_start_time: 'current_add.fd',
      session_pages: 'session.pgs',
      session_count: 'udata.vst',
      user_agent: 'udata.uag',
    };
    const RESET = 'Your selection has been reset. Please select some product options before adding this product to your cart.';
    /** A site in German: what loaded .mo files do to __() for core's texts and Vitrine's. */
    const TRANSLATION = `add_filter( 'gettext_default', fn ( $t, $text ) => array( 'Show password' => 'Passwort anzeigen', 'Hide password' => 'Passwort verbergen' )[ $text ] ?? $t, 10, 2 );
add_filter( 'gettext_vitrine', fn ( $t, $text ) => array( '{n} of 5 stars' => '{n} von 5 Sternen', 'View full-screen image gallery' => 'Bildergalerie im Vollbild', '${RESET}' => 'Ihre Auswahl wurde zurückgesetzt.' )[ $text ] ?? $t, 10, 2 );`;
    const GERMAN = {
      woocommerce_params: { i18n_password_show: 'Passwort anzeigen', i18n_password_hide: 'Passwort verbergen' },
      wc_single_product_params: {
        i18n_rating_options: [1, 2, 3, 4, 5].map((n) => `${n} von 5 Sternen`),
        i18n_product_gallery_trigger_text: 'Bildergalerie im Vollbild',
      },
      wc_add_to_cart_variation_params: { i18n_reset_alert_text: 'Ihre Auswahl wurde zurückgesetzt.' },
    };

    /** A must-use plugin for one test; returns its removal. */
    const muPlugin = (name: string, code: string) => {
      const dir = path.join(site!.dir, 'wp-content', 'mu-plugins');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${name}.php`), `<?php\n${code}\n`);
      return () => rmSync(path.join(dir, `${name}.php`));
    };
    /** The named globals of the product pages, rendered now. */
    const productGlobals = async () => {
      const pages = new Map<string, Map<string, unknown>>();
      for (const page of new Set(Object.values(PAGE_OF))) pages.set(page, localizedGlobals(await render(PAGES.find((p) => p.name === page)!.path)));
      return (name: string) => pages.get(PAGE_OF[name]!)!.get(name) as Record<string, unknown>;
    };
    const pick = (value: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((key) => [key, value[key]]));

    type Attribution = {
      params: Record<string, unknown>;
      fields?: Record<string, string>;
      setAllowTrackingConsent?: (allow: boolean) => void;
      setOrderTracking?: (allow: boolean) => unknown;
      getAttributionData(): Record<string, string | null>;
    };
    const waitMounted = (tab: Page, widget: string) =>
      tab.waitForFunction(
        (name) => (window as unknown as { vitrine?: { report(): { widget: string; state: string }[] } }).vitrine?.report().some((row) => row.widget === name && row.state === 'mounted'),
        widget,
        { timeout: 10_000 },
      );

    test('the password texts the plugin takes from WordPress are core’s own: its login form has them, so WordPress’s translation serves them', () => {
      const source = readFileSync(path.join(ROOT, 'plugin', 'vitrine', 'includes', 'older-woocommerce.php'), 'utf8');
      const texts = [...source.matchAll(/\b(?:__|esc_attr__|esc_html__)\(\s*'([^']+)',\s*'default'\s*\)/g)].map((match) => match[1]!);
      assert.deepEqual(texts, ['Show password', 'Hide password']);
      const login = readFileSync(path.join(site!.dir, 'wp-login.php'), 'utf8');
      for (const text of texts) assert.match(login, new RegExp(`\\b(?:__|_e|esc_attr__|esc_attr_e|esc_html__|esc_html_e)\\(\\s*'${text}'\\s*\\)`), `wp-login.php has '${text}' in core's domain`);
    });

    test('on WooCommerce 10.3 nothing is added or changed: WooCommerce’s own texts stand, even where the site’s translation of the fill-ins differs, and order attribution gets no extra script', async () => {
      const remove = muPlugin('translation', TRANSLATION);
      try {
        const now = await productGlobals();
        for (const name of Object.keys(NEWER_FIELDS)) assert.deepEqual(now(name), localizedGlobals(classic.get(PAGE_OF[name]!)!).get(name), `${name} is WooCommerce’s`);
        const checkout = await render('/?pagename=checkout');
        assert.deepEqual(localizedGlobals(checkout).get('wc_order_attribution'), localizedGlobals(classic.get('checkout')!).get('wc_order_attribution'));
        assert.ok(!scriptTags(checkout).some((tag) => tag.attrs.id === 'wc-order-attribution-js-before'), 'no script added to order attribution');
      } finally {
        remove();
      }
    });

    for (const mode of ['9.4', '8.5'] as const) {
      describe(`WooCommerce ${mode}`, () => {
        const played = playWooCommerce(mode);
        const { classicHere, vitrineHere } = played;

        test(`the fixture prints WooCommerce ${mode}’s settings, without the texts 9.5 and 9.7 added${mode === '8.5' ? ' and order attribution without its fields map' : ''}, and registers the libraries under their old names`, () => {
          const graph = scriptGraph(classicHere.get('variable product')!);
          assert.equal(graph.wc_version, `${mode}.0`);
          assert.deepEqual(graph.registered.woocommerce!.deps, ['jquery', 'jquery-blockui', 'js-cookie']);
          for (const handle of ['jquery-blockui', 'js-cookie', 'zoom', 'flexslider', 'photoswipe', 'photoswipe-ui-default']) assert.ok(graph.registered[handle]?.src, `${handle} has a source`);
          assert.equal(graph.registered['wc-jquery-blockui'], undefined);
          for (const [name, fields] of Object.entries(NEWER_FIELDS)) {
            const value = localizedGlobals(classicHere.get(PAGE_OF[name]!)!).get(name) as Record<string, unknown>;
            assert.ok(value, name);
            for (const field of fields) assert.ok(!(field in value), `${name}.${field} is not printed`);
          }
          const attribution = localizedGlobals(classicHere.get('checkout')!).get('wc_order_attribution') as Attribution;
          if (mode === '8.5') {
            assert.equal(attribution.fields, undefined);
            assert.equal(attribution.params.allowTracking, 'yes');
            assert.ok(!('base64' in attribution.params));
          } else {
            assert.ok(attribution.fields);
          }
        });

        test(`a shopper on WooCommerce ${mode} gets the password toggle’s, review stars’, gallery button’s and variation reset’s texts as WooCommerce 10 prints them, nothing else changed`, () => {
          for (const [name, fields] of Object.entries(NEWER_FIELDS)) {
            const page = PAGE_OF[name]!;
            const before = localizedGlobals(classicHere.get(page)!).get(name) as Record<string, unknown>;
            const now = localizedGlobals(vitrineHere.get(page)!).get(name) as Record<string, unknown>;
            assert.deepEqual(now, localizedGlobals(classic.get(page)!).get(name), `${name} has WooCommerce 10’s shape and texts`);
            assert.deepEqual(Object.keys(now).filter((key) => !(key in before)).sort(), [...fields].sort(), `${name}: only the missing fields are added`);
            assert.deepEqual(settingsErrors(name, now), [], `${name} validates against src/settings.ts`);
          }
          for (const page of PAGES) {
            const before = localizedGlobals(classicHere.get(page.name)!);
            const now = localizedGlobals(vitrineHere.get(page.name)!);
            for (const [name, value] of before) {
              if (name === '_wpUtilSettings' || name in NEWER_FIELDS) continue;
              assert.deepEqual(now.get(name), value, `${page.name}: ${name} is printed as WooCommerce printed it`);
            }
          }
        });

        test(`a shopper on WooCommerce ${mode} in another language gets the password texts in WordPress’s translation and the others in Vitrine’s`, async () => {
          const remove = muPlugin('translation', TRANSLATION);
          try {
            const now = await productGlobals();
            for (const [name, texts] of Object.entries(GERMAN)) assert.deepEqual(pick(now(name), Object.keys(texts)), texts, name);
          } finally {
            remove();
          }
        });

        test(`on WooCommerce ${mode}, a site’s own filter on the settings still decides: it changes a text the plugin filled in and removes another`, async () => {
          const remove = muPlugin(
            'site-filter',
            `add_filter( 'woocommerce_get_script_data', function ( $params, $handle ) {
	if ( 'woocommerce' === $handle ) {
		$params['i18n_password_show'] = 'Reveal';
	}
	if ( 'wc-single-product' === $handle ) {
		unset( $params['i18n_rating_options'] );
	}
	return $params;
}, 10, 2 );`,
          );
          try {
            const now = await productGlobals();
            assert.deepEqual(pick(now('woocommerce_params'), NEWER_FIELDS.woocommerce_params!), { i18n_password_show: 'Reveal', i18n_password_hide: 'Hide password' });
            assert.ok(!('i18n_rating_options' in now('wc_single_product_params')), 'the rating texts stay removed');
            assert.equal(now('wc_single_product_params').i18n_product_gallery_trigger_text, 'View full-screen image gallery');
          } finally {
            remove();
          }
        });

        test(
          mode === '8.5'
            ? 'a shop on WooCommerce 8.5: order attribution gets, right after its settings, the fields map of 8.5’s names and the setAllowTrackingConsent its consent plugins call, which reaches setOrderTracking'
            : `a shop on WooCommerce ${mode}: order attribution is printed as WooCommerce printed it, with no script added`,
          () => {
            for (const name of ['checkout', 'simple product', 'shop']) {
              const html = vitrineHere.get(name)!;
              const tags = scriptTags(html);
              const extra = tags.findIndex((tag) => tag.attrs.id === 'wc-order-attribution-js-extra');
              const added = tags.findIndex((tag) => tag.attrs.id === 'wc-order-attribution-js-before');
              assert.ok(extra >= 0, `${name}: wc_order_attribution is printed`);
              assert.ok(!printedHandles(html).includes('wc-order-attribution'), `${name}: order-attribution.js is not printed`);
              if (mode !== '8.5') {
                assert.equal(added, -1, `${name}: no script added`);
                continue;
              }
              assert.equal(added, extra + 1, `${name}: right after the settings`);
              // 8.5's block checkout script, on every page, read sourcebuster.js's global, which Vitrine replaces (it threw
              // on every page); Vitrine's order attribution gives a block checkout its data itself.
              assert.ok(printedHandles(played.classicHere.get(name)!).includes('wc-order-attribution-blocks'), `${name}: the fixture prints 8.5's block checkout script`);
              assert.ok(!printedHandles(html).includes('wc-order-attribution-blocks'), `${name}: 8.5's block checkout script is printed with Vitrine`);
              // The printed script, run on the printed global as the page runs it: before Vitrine starts, then after.
              const run = (global: unknown) => new Function('window', tags[added]!.body)({ wc_order_attribution: global });
              const attribution = localizedGlobals(html).get('wc_order_attribution') as Attribution;
              run(attribution);
              assert.deepEqual(attribution.fields, WC85_FIELDS);
              attribution.params.allowTracking = 'no';
              attribution.setAllowTrackingConsent!(false);
              assert.equal(attribution.params.allowTracking, 'no', 'false grants nothing');
              attribution.setAllowTrackingConsent!(true);
              assert.equal(attribution.params.allowTracking, 'yes', 'called before Vitrine started: tracking allowed in the settings it reads');
              const calls: boolean[] = [];
              attribution.setOrderTracking = (allow) => calls.push(allow);
              attribution.setAllowTrackingConsent!(false);
              attribution.setAllowTrackingConsent!(true);
              assert.deepEqual(calls, [true], 'looked up when called: Vitrine’s setOrderTracking(true)');
              // A global that has its fields (another plugin's, a later release's) is left alone.
              const later = { params: {}, fields: { source_type: 'current.typ' } };
              run(later);
              assert.deepEqual(later, { params: {}, fields: { source_type: 'current.typ' } });
            }
          },
        );

        if (mode === '8.5') {
          test('a shop on WooCommerce 8.5 with the WP Consent API: order attribution gets the consent category 8.6 prints (8.5 never starts its own consent integration), so Vitrine asks the browser for consent', async () => {
            const consentCategory = (html: string) => {
              const added = scriptTags(html).find((tag) => tag.attrs.id === 'wc-order-attribution-js-before');
              const attribution = localizedGlobals(html).get('wc_order_attribution') as Attribution & { params: { consentCategory?: string } };
              new Function('window', added!.body)({ wc_order_attribution: attribution });
              return attribution.params.consentCategory;
            };
            assert.equal(consentCategory(vitrineHere.get('checkout')!), undefined, 'without the WP Consent API: no category');
            site!.cli('option', 'fixture_wc_consent_api', 'true');
            try {
              assert.equal(consentCategory(await render('/?pagename=checkout')), 'marketing');
            } finally {
              site!.cli('option', 'fixture_wc_consent_api', 'null');
            }
          });

          test('in Chromium on WooCommerce 8.5, the visit fills 8.5’s attribution fields, and setAllowTrackingConsent(true) reaches Vitrine’s setOrderTracking', async () => {
            const tab = await newPage(played.browser!);
            const errors = collectErrors(tab);
            try {
              await tab.goto(new URL('/?pagename=checkout', site!.url).href, { waitUntil: 'load' });
              await waitMounted(tab, 'order-attribution');
              await tab.waitForFunction(() => document.cookie.includes('sbjs_current='));
              const data = await tab.evaluate(() => (window as unknown as { wc_order_attribution: Attribution }).wc_order_attribution.getAttributionData());
              assert.deepEqual(Object.keys(data).sort(), Object.keys(WC85_FIELDS).sort());
              assert.equal(data.type, 'typein');
              assert.equal(data.session_pages, '1');
              assert.equal(data.user_agent, await tab.evaluate(() => navigator.userAgent));
              const calls = await tab.evaluate(() => {
                const attribution = (window as unknown as { wc_order_attribution: Attribution }).wc_order_attribution;
                const seen: unknown[] = [];
                const original = attribution.setOrderTracking!;
                attribution.setOrderTracking = (allow) => {
                  seen.push(allow);
                  return original(allow);
                };
                attribution.setAllowTrackingConsent!(false);
                attribution.setAllowTrackingConsent!(true);
                return seen;
              });
              assert.deepEqual(calls, [true]);
              assert.deepEqual(errors, []);
            } finally {
              await tab.context().close();
            }
          });

          test('in Chromium on WooCommerce 8.5, a consent plugin that grants consent with setAllowTrackingConsent(true) before Vitrine starts gets the visit recorded; without it nothing is', async () => {
            const visit = async () => {
              const tab = await newPage(played.browser!);
              const errors = collectErrors(tab);
              try {
                await tab.goto(new URL('/?pagename=checkout', site!.url).href, { waitUntil: 'load' });
                await waitMounted(tab, 'order-attribution');
                await tab.evaluate(() => (window as unknown as { vitrine: { settled(): Promise<void> } }).vitrine.settled());
                await tab.waitForTimeout(300);
                const type = await tab.evaluate(() => (window as unknown as { wc_order_attribution: Attribution }).wc_order_attribution.getAttributionData().type ?? null);
                return { recorded: await tab.evaluate(() => document.cookie.includes('sbjs_current=')), type, errors };
              } finally {
                await tab.context().close();
              }
            };
            site!.cli('option', 'fixture_wc_attribution_no_consent', 'true');
            try {
              assert.deepEqual(await visit(), { recorded: false, type: null, errors: [] }, 'no consent: nothing recorded');
              site!.cli('option', 'fixture_wc_attribution_consent_call', 'true');
              assert.deepEqual(await visit(), { recorded: true, type: 'typein', errors: [] }, 'consent granted through 8.5’s API: the visit is recorded');
            } finally {
              site!.cli('option', 'fixture_wc_attribution_no_consent', 'null');
              site!.cli('option', 'fixture_wc_attribution_consent_call', 'null');
            }
          });
        }

        for (const page of PAGES) {
          test(`${page.name}: a shop on WooCommerce ${mode} (libraries under their old names) gets no classic script printed`, () => {
            const html = vitrineHere.get(page.name)!;
            const { printed } = assertOnlyKeptScripts(html, `${mode} ${page.name}`);
            const classicPrinted = printed.filter((handle) => handle !== 'fixture-address-provider');
            assert.deepEqual(classicPrinted, [], `${page.name} prints no classic script: ${classicPrinted.join(', ')}`);
            assert.deepEqual(pluginReport(html).restored, {});
          });
          test(`in Chromium on WooCommerce ${mode}, ${page.name}: Vitrine mounts ${page.widgets.join(', ')} with no console error`, () => assertPageWorks(played.browser!, page));
        }
      });
    }
  });

  describe('in Chromium', () => {
    let browser: Browser | undefined;
    before(async () => {
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
    });

    test('variable product: choosing an option emits the README’s variation:found on the bus', async () => {
      const tab = await newPage(browser!);
      const errors = collectErrors(tab);
      try {
        await tab.goto(new URL('/?product=hoodie', site!.url).href, { waitUntil: 'load' });
        await tab.waitForFunction(() =>
          (window as unknown as { vitrine?: { report(): { widget: string; state: string }[] } }).vitrine
            ?.report()
            .some((row) => row.widget === 'variation-form' && row.state === 'mounted'),
        );
        await tab.evaluate(() => {
          const w = window as unknown as { found?: number; vitrine: { bus: { on(name: string, fn: (detail: { variation: { variation_id: number } }) => void): () => void } } };
          w.vitrine.bus.on('variation:found', ({ variation }) => {
            w.found = variation.variation_id;
          });
        });
        await tab.selectOption('#pa_colour', 'blue');
        await tab.waitForFunction(() => typeof (window as unknown as { found?: number }).found === 'number', null, { timeout: 5_000 });
        const found = await tab.evaluate(() => (window as unknown as { found: number }).found);
        const expected = JSON.parse((await tab.getAttribute('form.variations_form', 'data-product_variations')) ?? '[]').find(
          (v: { attributes: Record<string, string> }) => v.attributes.attribute_pa_colour === 'blue',
        ).variation_id;
        assert.equal(found, expected);
        assert.deepEqual(errors, []);
      } finally {
        await tab.context().close();
      }
    });

    test('checkout: the provider registered before Vitrine ran serves suggestions; the visit is recorded', async () => {
      const tab = await newPage(browser!);
      const errors = collectErrors(tab);
      try {
        await tab.goto(new URL('/?pagename=checkout', site!.url).href, { waitUntil: 'load' });
        // The suggestions load when the shopper comes to the address field; the provider waited in the stub's queue.
        await tab.waitForFunction(() => 'vitrine' in window);
        await tab.focus('#billing_address_1');
        await tab.waitForFunction(() =>
          (window as unknown as { vitrine?: { report(): { widget: string; state: string }[] } }).vitrine
            ?.report()
            .some((row) => row.widget === 'address-autocomplete' && row.state === 'mounted'),
        );
        assert.deepEqual(await tab.evaluate('Object.keys(window.wc.addressAutocomplete.getProviders())'), ['fixture-provider']);
        await tab.keyboard.type('Rivoli');
        await tab.waitForSelector('#address_suggestions_billing_list [role="option"]');
        assert.equal(await tab.textContent('#address_suggestions_billing_list [role="option"]'), 'Rivoli Road, Paris');
        await tab.waitForFunction(() => document.cookie.includes('sbjs_current='));
        assert.deepEqual(errors, []);
      } finally {
        await tab.context().close();
      }
    });

    type Rows = { widget: string; state: string; reason: string }[];
    const rowsOf = () => (window as unknown as { vitrine: { report(): { widget: string; state: string; reason: string }[] } }).vitrine.report().map(({ widget, state, reason }) => ({ widget, state, reason }));

    test('coexistence: a gateway on wc-checkout finds jQuery and $.scroll_to_notices and hears updated_checkout; one checkout drives the form', async () => {
      site!.cli('option', 'fixture_wc_gateway', 'true');
      const tab = await newPage(browser!);
      const errors = collectErrors(tab);
      const reviews: string[] = [];
      tab.on('request', (request) => {
        if (request.url().includes('wc-ajax=update_order_review')) reviews.push(request.url());
      });
      try {
        await tab.goto(new URL('/?pagename=checkout', site!.url).href, { waitUntil: 'load' });
        await tab.waitForFunction(() => (window as unknown as { fixtureGateway?: { updated: number } }).fixtureGateway?.updated === 1, null, { timeout: 10_000 });
        const gateway = await tab.evaluate(() => (window as unknown as { fixtureGateway: unknown }).fixtureGateway);
        assert.deepEqual(gateway, { jquery: 'function', scrollToNotices: 'function', updated: 1 });
        const rows: Rows = await tab.evaluate(rowsOf);
        assert.ok(rows.some((row) => row.widget === 'checkout' && row.state === 'mounted'), JSON.stringify(rows));
        await tab.waitForTimeout(300);
        assert.equal(reviews.length, 1, 'one update_order_review at load: one script drives the checkout');
        assert.deepEqual(errors, []);
      } finally {
        await tab.context().close();
        site!.cli('option', 'fixture_wc_gateway', 'null');
      }
    });

    test('coexistence: where single-product.js is put back for a theme script, the gallery, tabs and rating widgets step aside and say why', async () => {
      site!.cli('option', 'fixture_wc_theme_gallery', 'true');
      const tab = await newPage(browser!);
      try {
        await tab.goto(new URL('/?product=beanie', site!.url).href, { waitUntil: 'load' });
        await tab.waitForFunction(() => 'vitrine' in window, null, { timeout: 10_000 });
        await tab.evaluate(() => (window as unknown as { vitrine: { settled(): Promise<void> } }).vitrine.settled());
        const rows: Rows = await tab.evaluate(rowsOf);
        const gallery = rows.find((row) => row.widget === 'product-gallery');
        assert.equal(gallery?.state, 'skipped', JSON.stringify(rows));
        assert.match(gallery!.reason, /wc-single-product is printed for fixture-theme-gallery/);
        assert.ok(rows.some((row) => row.widget === 'add-to-cart-form' && row.state === 'mounted'), JSON.stringify(rows));
        const scripts = await tab.evaluate(() => (window as unknown as { vitrine: { report(): { scripts: { restored: unknown } } } }).vitrine.report().scripts.restored);
        assert.deepEqual(scripts, { 'wc-single-product': ['fixture-theme-gallery'] });
      } finally {
        await tab.context().close();
        site!.cli('option', 'fixture_wc_theme_gallery', 'null');
      }
    });

    test('coexistence: tracking code attached after wc-add-to-cart runs and hears one added_to_cart per add, with the button', async () => {
      site!.cli('option', 'fixture_wc_tracking', 'true');
      const tab = await newPage(browser!);
      const errors = collectErrors(tab);
      try {
        await tab.goto(new URL('/?post_type=product', site!.url).href, { waitUntil: 'load' });
        await tab.waitForFunction(
          () => (window as unknown as { vitrine?: { report(): { widget: string; state: string }[] } }).vitrine?.report().some((row) => row.widget === 'add-to-cart' && row.state === 'mounted'),
          null,
          { timeout: 10_000 },
        );
        assert.equal(await tab.evaluate(() => (window as unknown as { fixtureBefore?: string }).fixtureBefore), 'function', 'the before code ran with jQuery loaded');
        const button = tab.locator('a.ajax_add_to_cart').first();
        const id = Number(await button.getAttribute('data-product_id'));
        await button.click();
        await tab.waitForFunction(() => ((window as unknown as { fixtureAdds?: unknown[] }).fixtureAdds?.length ?? 0) >= 1, null, { timeout: 10_000 });
        await tab.waitForTimeout(300);
        assert.deepEqual(await tab.evaluate(() => (window as unknown as { fixtureAdds: unknown[] }).fixtureAdds), [id]);
        assert.deepEqual(errors, []);
      } finally {
        await tab.context().close();
        site!.cli('option', 'fixture_wc_tracking', 'null');
      }
    });

    for (const page of PAGES) {
      test(`${page.name}: Vitrine mounts ${page.widgets.join(', ')} with no console error`, () => assertPageWorks(browser!, page));
    }
  });
});
