import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { collectErrors, faults, newPage, withDemo } from '../e2e/harness.ts';
import { recordRows, type SweepRow } from './report.ts';
import { instrumented, joined, pageErrors, payloadsFor, runsIn, sinkOf, texts, XSS_RECORDER } from './xss-payloads.ts';
import { beforeHeadEnd, escHtml, inGroups, jsValue, liveHandlers, liveScriptLinks, rewriteDocuments, stayLocal } from './xss-sinks.ts';

// XSS sweep: ~600 public payloads (test/fixtures/xss/) through every text sink of the bundle, in
// Chromium. What each sink promises:
// - text sinks (queries, labels, titles, tooltips, settings and data-attribute texts): shown as text;
// - server markup sanitised by the widget (search rows, view-all link, provider branding) or reduced to
//   text and links (i18n_checkout_error): no script, no handler, no scripted link survives;
// - server markup inserted as is (cart fragments, notices: HTML by WooCommerce's contract): the shopper
//   text in it arrives escaped, as WooCommerce escapes it, and must stay text (the page's own markup is
//   trusted, its handlers are the server's). A fresh answer's fragments run their `<script>` elements, as
//   jQuery's replaceWith does for WooCommerce (src/server-markup.ts); the copy restored from the browser's
//   storage runs none, and notices none.
// Single-valued sinks (a setting, a label) get the payloads joined into one text: a sink that parses
// it as markup runs the first whole payload. Each sink gets its own payload ids, so a run names the
// sink. Rows: one per sink.

const SINK = {
  query: 1,
  suggestions: 2,
  recent: 3,
  keywords: 4,
  categories: 5,
  searchTexts: 6,
  address: 7,
  swatches: 8,
  successMessage: 9,
  viewCart: 10,
  fragments: 11,
  formNotice: 12,
  variationTexts: 13,
  cookieNotice: 14,
  checkoutError: 15,
  addressTexts: 16,
  productTexts: 17,
  passwordTexts: 18,
} as const;

/** Listing buttons that carry the data-success_message payloads. */
const BUTTONS = 6;

const rows: SweepRow[] = [];
// Once, after both describe blocks (each flavour has its own demo and browser).
after(() => recordRows('xss', rows));
const PAYLOAD_COUNT = payloadsFor(1).length;

/** A marker shown as text with a sink's strings, so the test waits for them to be on screen. */
const marker = (sink: number) => `sweep-sink-${sink}`;
const withMarker = (sink: number, text: string) => `${marker(sink)} ${text}`;

async function openPage(env: ReturnType<typeof withDemo>): Promise<{ page: Page; errors: string[] }> {
  const page = await newPage(env.browser);
  await stayLocal(page);
  await page.addInitScript(XSS_RECORDER);
  const errors = collectErrors(page);
  return { page, errors };
}

/** Waits until the sink's marker is in the page's text (the payloads have been rendered). */
async function shown(page: Page, sink: number, scope = 'body'): Promise<void> {
  await page.waitForFunction(
    ([selector, mark]) => Array.from(document.querySelectorAll(selector)).some((node) => (node.textContent ?? '').includes(mark)),
    [scope, marker(sink)] as const,
  );
}

/** Waits for the widgets to mount; when they do not, the failure says what the page reported. */
async function mounted(page: Page, errors: string[], widgets: string[]): Promise<void> {
  try {
    await page.waitForFunction(
      (names) => names.every((name) => window.vitrine?.report().some((row) => row.widget === name && row.state === 'mounted')),
      widgets,
      // A hang deadline: idle widgets wait for an idle moment, which a busy machine makes late.
      { timeout: 60_000 },
    );
  } catch (error) {
    const report = await page.evaluate(() => window.vitrine?.report().map((row) => `${row.widget}: ${row.state} ${row.reason}`));
    throw new Error(`${widgets.join(', ')} did not mount: ${JSON.stringify(report)}; errors ${JSON.stringify(errors.slice(0, 5))}`, { cause: error });
  }
}

/** Wakes widgets that load on interaction, as a pointer passing over them would. */
async function wake(page: Page, widget: string): Promise<void> {
  await page.evaluate((name) => {
    for (const row of window.vitrine?.report() ?? []) {
      if (row.widget === name && row.state === 'pending') row.element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    }
  }, widget);
}

/** Waits until an attribute of an element in `scope` holds the sink's marker (labels read by assistive technology). */
async function labelled(page: Page, sink: number, scope: string, attribute: string): Promise<void> {
  await page.waitForFunction(
    ([selector, name, mark]) => Array.from(document.querySelectorAll(selector)).some((node) => (node.getAttribute(name) ?? '').includes(mark)),
    [scope, attribute, marker(sink)] as const,
  );
}

/** Records one row per sink of a page and returns what failed, for the test's assertion. */
async function settle(
  page: Page,
  errors: string[],
  sinks: { sink: number; check: string; extra?: string; extraOk?: boolean }[],
  /** What the page rightly logs about a fault the test itself injected. */
  injected?: RegExp,
): Promise<string[]> {
  const runs = await runsIn(page);
  const handlers = await liveHandlers(page);
  const pageErrs = pageErrors(errors).filter((text) => !injected?.test(text));
  const failures: string[] = [];
  // A handler that carries a recorder call names its sink; one that does not counts against every sink of the page.
  const handlerSink = (handler: string) => {
    const id = /__xss\((\d+)\)/.exec(handler)?.[1];
    return id ? sinkOf(Number(id)) : -1;
  };
  for (const { sink, check, extra, extraOk = true } of sinks) {
    const ran = runs.filter((run) => sinkOf(run) === sink || run < 0);
    const live = handlers.filter((handler) => [sink, -1].includes(handlerSink(handler)));
    const ok = ran.length === 0 && live.length === 0 && pageErrs.length === 0 && extraOk;
    rows.push({
      section: 'XSS',
      check: `${check} × ${PAYLOAD_COUNT} payloads`,
      figure: `${ran.length} of ${PAYLOAD_COUNT} ran; ${live.length} live handlers; ${pageErrs.length} console errors${extra ? `; ${extra}` : ''}`,
      target: `0 ran, 0 live handlers, 0 console errors${extra ? ', 0 scripted links' : ''}`,
      ok,
    });
    if (!ok)
      failures.push(
        `${check}: runs ${JSON.stringify(ran.slice(0, 10))}, live handlers ${JSON.stringify(live.slice(0, 5))}, errors ${JSON.stringify(pageErrs.slice(0, 3))}${extra ? `, ${extra}` : ''}`,
      );
  }
  return failures;
}

/** Every text sink of the instant search, in one full-screen dialog. `label` names the flavour in the rows. */
async function searchSinks(env: ReturnType<typeof withDemo>, label: string): Promise<void> {
  const { page, errors } = await openPage(env);
  const recent = inGroups(texts(payloadsFor(SINK.recent)), 5).map((text, i) => (i === 4 ? withMarker(SINK.recent, text) : text));
  await page.addInitScript((list) => localStorage.setItem('swsLatestSearches', JSON.stringify(list)), recent);
  const keywords = [marker(SINK.keywords), ...texts(payloadsFor(SINK.keywords)).filter((t) => t.trim() !== '')];
  const categories = [marker(SINK.categories), ...texts(payloadsFor(SINK.categories)).filter((t) => t.trim() !== '')].map((text, i) => ({
    id: i + 1,
    name: text,
    slug: `c${i}`,
    description: '',
    // The worst a settings page could hold: the payload as the category's address too.
    url: text,
    count: 1,
  }));
  const searchText = withMarker(SINK.searchTexts, joined(payloadsFor(SINK.searchTexts)));
  await rewriteDocuments(
    page,
    /^\/search\/fullscreen\/$/,
    beforeHeadEnd(`(() => {
      const w = window.swsL10n.widgets['2'];
      w.keywords = ${jsValue(keywords)};
      w.selectedCategories = ${jsValue(categories)};
      for (const key of ['keywordsLabel', 'selectedCategoriesLabel', 'recentSearchesTitle', 'noResultsText', 'selectedProductsLabel', 'placeholder']) w[key] = ${jsValue(searchText)};
    })();`),
  );
  const rowsOf = [marker(SINK.suggestions), ...texts(payloadsFor(SINK.suggestions))];
  // The answer carries the payloads as the server's row markup, unescaped: the widget sanitises rows.
  const answer = {
    suggestions: rowsOf.map((text) => ({
      value: text,
      data: `<a class="smart-search-post-url" href="/product/simple-mug/"><div class="smart-search-post"><div class="smart-search-post-title">${text}</div><div class="smart-search-post-excerpt">${text}</div></div></a>`,
      id: 10,
      url: '/product/simple-mug/',
    })),
    view_all_link: `<a class="smart-search-view-all" href="/?s=mug">${joined(payloadsFor(SINK.suggestions))}</a>`,
    keywords,
  };
  await page.route(
    (url) => url.pathname === '/wp-json/ysm/v1/search',
    (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(answer) }),
  );
  await page.goto(`${env.demo.url}search/fullscreen/`);
  await page.waitForFunction(() => window.vitrine?.report().some((row) => row.widget === 'instant-search'));
  await wake(page, 'instant-search');
  await mounted(page, errors, ['instant-search']);
  await page.locator('.ysm-search-widget-2 input[aria-haspopup="dialog"]').click();
  const dialog = '[role="dialog"]';
  await shown(page, SINK.recent, dialog);
  await shown(page, SINK.keywords, dialog);
  await shown(page, SINK.categories, dialog);
  await shown(page, SINK.searchTexts, dialog);
  // Every payload typed as a query, one render each, then a query that gets the payload rows.
  await page.evaluate(async (queries) => {
    const input = document.querySelector<HTMLInputElement>('[role="dialog"] input[role="combobox"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    if (!input || !setValue) throw new Error('no search field in the dialog');
    for (const query of [...queries, 'mug']) {
      setValue.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }, texts(payloadsFor(SINK.query)));
  await shown(page, SINK.suggestions, `${dialog} [role="option"]`);
  const rowLinks = await liveScriptLinks(page, `${dialog} [role="listbox"], ${dialog} .smart-search-view-all-holder`);
  const categoryLinks = await liveScriptLinks(page, `${dialog} .sws-selected-categories`);
  const failures = await settle(page, errors, [
    { sink: SINK.query, check: `search query typed${label}` },
    { sink: SINK.suggestions, check: `search suggestion rows and view-all link (server markup)${label}`, extra: `${rowLinks} scripted links`, extraOk: rowLinks === 0 },
    { sink: SINK.recent, check: `recent searches${label}` },
    { sink: SINK.keywords, check: `search keywords (settings and answer)${label}` },
    { sink: SINK.categories, check: `search categories (names and links)${label}`, extra: `${categoryLinks} scripted links`, extraOk: categoryLinks === 0 },
    { sink: SINK.searchTexts, check: `search widget texts (labels, placeholder, no-results)${label}` },
  ]);
  assert.equal(page.url(), `${env.demo.url}search/fullscreen/`, 'no payload navigated away');
  assert.deepEqual(failures, []);
  await page.context().close();
}

describe('XSS sweep in Chromium', () => {
  const env = withDemo();


  it('instant search: query, suggestion rows, recent searches, keywords, categories and the widget texts', () => searchSinks(env, ''));

  it('address autocomplete: suggestion labels, highlights and the provider branding', async () => {
    const { page, errors } = await openPage(env);
    const labels = inGroups(texts(payloadsFor(SINK.address)), 5).map((text, i) => (i === 0 ? withMarker(SINK.address, text) : text));
    const branding = joined(payloadsFor(SINK.address));
    // A provider answering the payloads, each label highlighted in three places.
    const provider = `(() => {
      const labels = ${jsValue(labels)};
      const pieces = (label) => [0, 0.3, 0.6].map((at) => ({ offset: Math.floor(label.length * at), length: Math.floor(label.length * 0.2) }));
      window.wc.addressAutocomplete.registerAddressAutocompleteProvider({
        id: 'vitrine-demo',
        canSearch: () => true,
        search: () => Promise.resolve(labels.map((label, i) => ({ id: 'p' + i, label, matchedSubstrings: pieces(label) }))),
        select: () => Promise.resolve({ country: 'US', address_1: '1 Main St', address_2: '', city: 'Albany', state: 'NY', postcode: '12207' }),
      });
    })();`;
    await rewriteDocuments(page, /^\/checkout\/$/, (html) =>
      beforeHeadEnd(
        `window.wc_address_autocomplete_common_params.address_providers = ${jsValue(JSON.stringify([{ id: 'vitrine-demo', name: 'Sweep', branding_html: branding }]))};`,
      )(html).replace(/(<script id="vitrine-demo-address-provider-js">)[\s\S]*?(<\/script>)/, (_, open: string, close: string) => `${open}${provider}${close}`),
    );
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await page.goto(`${env.demo.url}checkout/?address-autocomplete`);
    // The suggestions load when the shopper comes to the field (their definition's `interaction`).
    await mounted(page, errors, ['checkout']);
    await page.focus('#billing_address_1');
    await page.keyboard.type('zqx');
    await shown(page, SINK.address, '#address_suggestions_billing_list');
    // The list waits for its branding (a sanitiser fetched at the field's focus); check it is there before counting links in it.
    await page.waitForSelector('.woocommerce-address-autocomplete-branding');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const scriptedLinks = await liveScriptLinks(page, '.woocommerce-address-autocomplete-branding');
    const failures = await settle(page, errors, [
      { sink: SINK.address, check: 'address suggestion labels, highlights and branding', extra: `${scriptedLinks} scripted links`, extraOk: scriptedLinks === 0 },
    ]);
    assert.deepEqual(failures, []);
    await page.context().close();
  });

  it('swatches: titles and tooltips of every option, hovered and chosen', async () => {
    const { page, errors } = await openPage(env);
    const all = texts(payloadsFor(SINK.swatches));
    await rewriteDocuments(page, /^\/swatches\/product\//, (html) => {
      const count = (html.match(/data-title='[^']*'/g) ?? []).length;
      const groups = inGroups(all, Math.max(1, count)).map((text) => escHtml(withMarker(SINK.swatches, text)));
      let title = 0;
      let tip = 0;
      return html
        .replace(/data-title='[^']*'/g, () => `data-title="${groups[title++ % groups.length]}"`)
        .replace(/data-tooltip='[^']*'/g, () => `data-tooltip="${groups[tip++ % groups.length]}"`);
    });
    await page.goto(`${env.demo.url}swatches/product/variable-tee/`);
    await mounted(page, errors, ['swatches']);
    const options = page.locator('.cfvsw-swatches-option');
    const count = await options.count();
    assert.ok(count >= 4, `the page has swatches (${count})`);
    for (let i = 0; i < count; i++) {
      await options.nth(i).hover();
      // Label swatches have no tooltip (SWT-07); the others show theirs.
      if ((await options.nth(i).getAttribute('data-tooltip')) !== null) await shown(page, SINK.swatches, '.cfvsw-tooltip');
    }
    for (let i = 0; i < count; i++) await options.nth(i).dispatchEvent('click');
    await shown(page, SINK.swatches, 'form.variations_form label, form.variations_form .cfvsw-selected-label, form.variations_form');
    const failures = await settle(page, errors, [{ sink: SINK.swatches, check: 'swatch titles and tooltips (data attributes)' }]);
    assert.deepEqual(failures, []);
    await page.context().close();
  });

  it('listing add to cart: data-success_message, the view-cart text of the settings, the cart fragments', async () => {
    const { page, errors } = await openPage(env);
    const fragmentText = escHtml(withMarker(SINK.fragments, joined(payloadsFor(SINK.fragments))));
    // Payloads that are nothing but script elements: put raw in the browser's stored copy of the fragments, which
    // the next page restores, they must not run.
    const scripts = texts(payloadsFor(SINK.fragments)).filter((t) => /<script[\s>]/i.test(t) && !/\son\w+\s*=/i.test(t));
    await rewriteDocuments(page, /^\/shop\/$/, (html) => {
      // The first BUTTONS cards carry the payloads between them; each is clicked once.
      const groups = inGroups(texts(payloadsFor(SINK.successMessage)), BUTTONS);
      let n = 0;
      return beforeHeadEnd(`window.wc_add_to_cart_params.i18n_view_cart = ${jsValue(withMarker(SINK.viewCart, joined(payloadsFor(SINK.viewCart))))};`)(
        html.replace(/data-success_message="[^"]*"/g, (found) => {
          const group = groups[n++];
          return group === undefined ? found : `data-success_message="${escHtml(withMarker(SINK.successMessage, group))}"`;
        }),
      );
    });
    await page.route(
      (url) => url.searchParams.get('wc-ajax') === 'add_to_cart',
      async (route) => {
        const response = await route.fetch();
        const answer = (await response.json()) as { fragments?: Record<string, string> };
        for (const key of Object.keys(answer.fragments ?? {})) {
          const markup = answer.fragments?.[key] ?? '';
          const at = markup.lastIndexOf('</');
          const extra = `<p class="sweep-fragment-text">${fragmentText}</p>`;
          if (answer.fragments) answer.fragments[key] = at > 0 ? `${markup.slice(0, at)}${extra}${markup.slice(at)}` : `${markup}${extra}`;
        }
        await route.fulfill({ response, body: JSON.stringify(answer) });
      },
    );
    await page.goto(`${env.demo.url}shop/`);
    const buttons = page.locator('a.ajax_add_to_cart[data-product_id]');
    const count = Math.min(BUTTONS, await buttons.count());
    for (let i = 0; i < count; i++) await buttons.nth(i).click();
    await page.waitForFunction((n) => document.querySelectorAll('a.ajax_add_to_cart.added').length >= n, count);
    // The last button's View cart link waits for the pointer to leave it.
    await page.mouse.move(1, 1);
    await shown(page, SINK.viewCart, '.added_to_cart');
    await shown(page, SINK.fragments, '.sweep-fragment-text');
    await shown(page, SINK.successMessage);
    const failures = await settle(page, errors, [
      { sink: SINK.successMessage, check: `add-to-cart data-success_message (${count} buttons)` },
      { sink: SINK.viewCart, check: 'settings string wc_add_to_cart_params.i18n_view_cart' },
      { sink: SINK.fragments, check: "cart fragments of an add's answer: escaped shopper text" },
    ]);
    // The stored copy gets the raw scripts, then the next page restores it (FRG-02).
    const scriptElements = await page.evaluate((raw) => {
      // The copy is the stored map that holds the mini cart (its key is wc_cart_fragments_params.fragment_name).
      const key = Object.keys(sessionStorage).find((name) => sessionStorage.getItem(name)?.includes('div.widget_shopping_cart_content')) ?? '';
      const stored = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, string>;
      for (const [selector, markup] of Object.entries(stored)) {
        const at = markup.lastIndexOf('</');
        stored[selector] = at > 0 ? `${markup.slice(0, at)}${raw}${markup.slice(at)}` : `${markup}${raw}`;
      }
      sessionStorage.setItem(key, JSON.stringify(stored));
      const parsed = document.createElement('template');
      parsed.innerHTML = raw;
      return parsed.content.querySelectorAll('script').length;
    }, scripts.join(''));
    await page.reload();
    // Each payload's script elements as the parser makes them, in the mini cart's restored markup.
    await page.waitForFunction((n) => document.querySelectorAll('.widget_shopping_cart_content script').length >= n, scriptElements);
    await shown(page, SINK.fragments, '.sweep-fragment-text');
    failures.push(...(await settle(page, errors, [{ sink: SINK.fragments, check: `cart fragments restored from the browser's copy: escaped shopper text + ${scripts.length} raw script payloads` }])));
    assert.deepEqual(failures, []);
    await page.context().close();
  });

  it('product form: the error notice of the answered page (escaped text and raw scripts)', async () => {
    const { page, errors } = await openPage(env);
    const notice = escHtml(withMarker(SINK.formNotice, joined(payloadsFor(SINK.formNotice))));
    const scripts = texts(payloadsFor(SINK.formNotice)).filter((t) => /<script[\s>]/i.test(t) && !/\son\w+\s*=/i.test(t));
    await page.route(
      (url) => url.pathname === '/product/simple-mug/',
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        const response = await route.fetch();
        const body = (await response.text()).replace(
          '<div class="woocommerce-notices-wrapper">',
          `<div class="woocommerce-notices-wrapper"><ul class="woocommerce-error" role="alert"><li>${notice}</li></ul>${scripts.join('')}`,
        );
        await route.fulfill({ response, body });
      },
    );
    await page.goto(`${env.demo.url}product/simple-mug/`);
    await page.locator('form.cart .single_add_to_cart_button').click();
    await shown(page, SINK.formNotice, '.woocommerce-notices-wrapper');
    assert.equal(new URL(page.url()).pathname, '/product/simple-mug/', 'the form was posted by the widget, not by the browser');
    const failures = await settle(page, errors, [{ sink: SINK.formNotice, check: `add-to-cart form error notice + ${scripts.length} raw script payloads` }]);
    assert.deepEqual(failures, []);
    await page.context().close();
  });

  it('variation form: the i18n strings of wc_add_to_cart_variation_params', async () => {
    const { page, errors } = await openPage(env);
    const text = withMarker(SINK.variationTexts, joined(payloadsFor(SINK.variationTexts)));
    await rewriteDocuments(
      page,
      /^\/product\/variable-tee\/$/,
      beforeHeadEnd(`for (const key of ['i18n_no_matching_variations_text', 'i18n_make_a_selection_text', 'i18n_unavailable_text', 'i18n_reset_alert_text']) window.wc_add_to_cart_variation_params[key] = ${jsValue(text)};`),
    );
    await page.goto(`${env.demo.url}product/variable-tee/`);
    await mounted(page, errors, ['variation-form']);
    // Without a choice the button says to make one (the make-a-selection text); it is aria-disabled, not disabled.
    await page.locator('form.variations_form .single_add_to_cart_button').click({ force: true });
    // WooCommerce alerts the text; the recorder keeps the message instead of opening a dialog.
    await page.waitForFunction((mark) => (window as unknown as { __xssDialogs?: string[] }).__xssDialogs?.some((text) => text.includes(mark)), marker(SINK.variationTexts));
    // A choice, then Clear: the reset text is announced.
    await page.selectOption('form.variations_form select >> nth=0', { index: 1 });
    await page.locator('form.variations_form a.reset_variations').click({ force: true });
    await shown(page, SINK.variationTexts, '.reset_variations_alert');
    const failures = await settle(page, errors, [{ sink: SINK.variationTexts, check: 'settings strings wc_add_to_cart_variation_params.i18n_*' }]);
    assert.deepEqual(failures, []);
    await page.context().close();
  });

  it('cookie notice: its text and the string settings of cnArgs', async () => {
    const { page, errors } = await openPage(env);
    const text = escHtml(withMarker(SINK.cookieNotice, joined(payloadsFor(SINK.cookieNotice))));
    const setting = joined(payloadsFor(SINK.cookieNotice));
    await rewriteDocuments(page, /^\/consent\/$/, (html) =>
      beforeHeadEnd(`for (const key of ['hideEffect', 'position', 'revokeCookiesOpt', 'cookieName']) window.cnArgs[key] = ${jsValue(setting)};`)(
        html.replace(/(<span id="cn-notice-text"[^>]*>)[^<]*/, (_, open: string) => `${open}${text}`),
      ),
    );
    await page.goto(`${env.demo.url}consent/`);
    await mounted(page, errors, ['cookie-notice']);
    await shown(page, SINK.cookieNotice, '#cookie-notice');
    await page.locator('#cn-accept-cookie').click();
    await page.waitForFunction(() => document.cookie.includes('cookie_notice_accepted=true'));
    const failures = await settle(page, errors, [{ sink: SINK.cookieNotice, check: 'cookie notice text and cnArgs strings' }]);
    assert.deepEqual(failures, []);
    await page.context().close();
  });

  it('checkout: i18n_checkout_error (markup: text and links only), the country combobox and address field texts', async () => {
    const { page, errors } = await openPage(env);
    // WooCommerce localizes i18n_checkout_error as markup (a link to the order history): the raw payloads.
    const checkoutError = withMarker(SINK.checkoutError, joined(payloadsFor(SINK.checkoutError)));
    const addressText = withMarker(SINK.addressTexts, joined(payloadsFor(SINK.addressTexts)));
    await rewriteDocuments(
      page,
      /^\/checkout\/$/,
      beforeHeadEnd(`window.wc_checkout_params.i18n_checkout_error = ${jsValue(checkoutError)};
        for (const key of ['i18n_no_matches', 'i18n_select_state_text']) window.wc_country_select_params[key] = ${jsValue(addressText)};
        for (const key of ['i18n_required_text', 'i18n_optional_text']) window.wc_address_i18n_params[key] = ${jsValue(addressText)};`),
    );
    await page.goto(`${env.demo.url}?add-to-cart=10`);
    await page.goto(`${env.demo.url}checkout/`);
    await mounted(page, errors, ['checkout', 'select-combobox', 'address-fields']);
    await page.locator('.vitrine-select-combobox__input').first().fill('zzzzqqqq');
    await shown(page, SINK.addressTexts, '.vitrine-select-combobox__empty');
    await page.keyboard.press('Escape');
    for (const [id, value] of Object.entries({ billing_first_name: 'Ada', billing_last_name: 'L', billing_address_1: '1 Main St', billing_city: 'Albany', billing_postcode: '12207', billing_email: 'ada@example.com' })) {
      await page.fill(`#${id}`, value);
    }
    await page.check('#terms');
    // A 500 on the order: the shopper reads the catalogue message and i18n_checkout_error.
    await faults(env.demo.url).add({ match: 'checkout', fault: '500' });
    await page.click('#place_order');
    await shown(page, SINK.checkoutError, '.woocommerce-NoticeGroup-checkout');
    const scriptedLinks = await liveScriptLinks(page, '.woocommerce-NoticeGroup-checkout');
    const failures = await settle(
      page,
      errors,
      [
        { sink: SINK.checkoutError, check: 'settings string wc_checkout_params.i18n_checkout_error (markup)', extra: `${scriptedLinks} scripted links`, extraOk: scriptedLinks === 0 },
        { sink: SINK.addressTexts, check: 'settings strings of the country combobox and address fields (i18n_no_matches, …)' },
      ],
      /^\[vitrine\] checkout: the order request failed\. HttpError/,
    );
    assert.deepEqual(failures, []);
    await page.context().close();
  });

  it('product page and login form: rating, gallery and password-toggle texts of the settings', async () => {
    const { page, errors } = await openPage(env);
    const text = withMarker(SINK.productTexts, joined(payloadsFor(SINK.productTexts)));
    const ratingOptions = inGroups(texts(payloadsFor(SINK.productTexts)), 5).map((group) => withMarker(SINK.productTexts, group));
    await rewriteDocuments(
      page,
      /^\/product\/teapot-with-reviews\/$/,
      beforeHeadEnd(`Object.assign(window.wc_single_product_params, { i18n_required_rating_text: ${jsValue(text)}, i18n_product_gallery_trigger_text: ${jsValue(text)}, i18n_rating_options: ${jsValue(ratingOptions)} });`),
    );
    await page.goto(`${env.demo.url}product/teapot-with-reviews/#reviews`);
    await mounted(page, errors, ['review-rating', 'product-gallery']);
    await labelled(page, SINK.productTexts, '.woocommerce-product-gallery__trigger', 'aria-label');
    await shown(page, SINK.productTexts, '#respond');
    // A review without a rating: WooCommerce alerts the required-rating text (the recorder keeps it).
    await page.fill('#comment', 'Lovely pot.');
    await page.click('#respond #submit');
    await page.waitForFunction((mark) => (window as unknown as { __xssDialogs?: string[] }).__xssDialogs?.some((message) => message.includes(mark)), marker(SINK.productTexts));
    const productFailures = await settle(page, errors, [{ sink: SINK.productTexts, check: 'settings strings wc_single_product_params (required rating, rating options, gallery trigger)' }]);
    await page.context().close();

    const login = await openPage(env);
    const passwordText = withMarker(SINK.passwordTexts, joined(payloadsFor(SINK.passwordTexts)));
    await rewriteDocuments(
      login.page,
      /^\/notices\/$/,
      beforeHeadEnd(`Object.assign(window.woocommerce_params, { i18n_password_show: ${jsValue(passwordText)}, i18n_password_hide: ${jsValue(passwordText)} });`),
    );
    await login.page.goto(`${env.demo.url}notices/`);
    await mounted(login.page, login.errors, ['password-toggle']);
    await labelled(login.page, SINK.passwordTexts, '.show-password-input', 'aria-label');
    await login.page.locator('.show-password-input').first().click();
    await labelled(login.page, SINK.passwordTexts, '.show-password-input.display-password', 'aria-label');
    const loginFailures = await settle(login.page, login.errors, [{ sink: SINK.passwordTexts, check: 'settings strings woocommerce_params.i18n_password_show/hide' }]);
    await login.page.context().close();
    assert.deepEqual([...productFailures, ...loginFailures], []);
  });

  it(`the payload list: at least 500 payloads, each sink fed all of them`, () => {
    const count = PAYLOAD_COUNT;
    const withCalls = instrumented(payloadsFor(1));
    rows.push({
      section: 'XSS',
      check: 'payloads (Big List of Naughty Strings + OWASP filter evasion)',
      figure: `${count} payloads; ${withCalls} call the recorder by id; every one watched for dialogs, and for handlers left in the live page`,
      target: '≥ 500 payloads',
      ok: count >= 500,
    });
    assert.ok(count >= 500, `${count} payloads`);
  });

  it('the watch sees payload markup that would run without calling any recorder or dialog (an inline handler, a javascript: link)', async () => {
    const { page } = await openPage(env);
    await page.goto(`${env.demo.url}shop/`);
    const before = { handlers: await liveHandlers(page), links: await liveScriptLinks(page, 'body') };
    // What a sink that rendered its text as markup would leave: two payloads that call nothing the recorder wraps.
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.innerHTML = '<img src="/nothing-here.png" onerror="document.body.dataset.probe = 1"><a href="javascript:void(document.body.dataset.link = 1)">x</a>';
      document.body.append(box);
    });
    assert.deepEqual(before, { handlers: [], links: 0 }, 'the demo page has no handler or scripted link of its own');
    const handlers = await liveHandlers(page);
    assert.equal(handlers.length, 1, JSON.stringify(handlers));
    assert.match(handlers[0]!, /^<img onerror="document\.body\.dataset\.probe/);
    assert.equal(await liveScriptLinks(page, 'body'), 1);
    await page.context().close();
  });
});

// Preact renders some attributes React guards (a javascript: href): the search sinks, where settings
// put addresses into links, run on the lite flavour too.
describe('XSS sweep in Chromium, lite flavour (Preact): the instant search', () => {
  const env = withDemo({ flavour: 'lite' });
  it('instant search on Preact: query, rows, recent searches, keywords, categories and texts', () => searchSinks(env, ' (lite)'));
});
