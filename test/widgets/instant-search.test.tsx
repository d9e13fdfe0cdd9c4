import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { report, scan } from '../../mount/mounts';
import { navigation } from '../../src/navigation';
import { loadedSanitizer } from '../../src/sanitize';
import { bootPage, realTurns, waitForMount } from '../helpers/page';
import { deferred, json } from '../unit/http/fetch-mock';
import { shopSettings } from './cart-helpers';
import { pluginForm } from './instant-search-helpers';

// WooCommerce's own product search widget (the plugin's form is pluginForm, ./instant-search-helpers.ts).

const productSearch = `
  <section class="widget woocommerce widget_product_search"><form role="search" method="get" class="woocommerce-product-search" action="/">
    <label class="screen-reader-text" for="woocommerce-product-search-field-0">Search for:</label>
    <input type="search" id="woocommerce-product-search-field-0" class="search-field" placeholder="Search products&hellip;" value="" name="s" />
    <button type="submit" value="Search" class="">Search</button>
    <input type="hidden" name="post_type" value="product" />
  </form></section>`;

function widgetSettings(overrides: Record<string, unknown> = {}) {
  return {
    selector: '.ysm-search-widget-1',
    charCount: 3,
    disableAjax: false,
    noResultsText: 'No products found',
    popupHeight: 500,
    popupHeightMobile: 400,
    productSlug: 'product',
    preventBadQueries: true,
    loaderIcon: '/loader1.gif',
    loaderImage: '',
    layout: 'product',
    columns: 1,
    fullScreenMode: '',
    placeholder: 'Search products…',
    recentSearches: '1',
    recentSearchesTitle: 'Recent searches',
    keywords: '',
    selectedCategories: '',
    selectedProducts: '',
    promoBannerImage: '',
    ...overrides,
  };
}

function setGlobal(widgets: Record<string, unknown>, nonce = 'n1') {
  (window as unknown as { swsL10n: unknown }).swsL10n = { restUrl: '/wp-json/ysm/v1/search?', searchPageUrl: '/', type: 'f', nonce, widgets };
}

const row = (id: number, title: string) => ({
  value: title,
  data: `<a class="smart-search-post-url" href="/product/${id}/"><div class="smart-search-post post-${id}"><div class="smart-search-post-holder"><div class="smart-search-post-title">${title}</div></div></div></a>`,
  url: `/product/${id}/`,
});

type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

function stubSearch(answer: (query: string, nonce: string | undefined, widget: string) => Answer) {
  const calls: Array<{ query: string; nonce: string | undefined; widget: string }> = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://shop.test');
    const query = url.searchParams.get('query') ?? '';
    const widget = url.searchParams.get('id') ?? '';
    const nonce = (init?.headers as Record<string, string> | undefined)?.['X-WP-Nonce'];
    calls.push({ query, nonce, widget });
    const { status = 200, body, headers = {} } = answer(query, nonce, widget);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const mugs = { suggestions: [row(10, 'Simple Mug'), row(33, 'Enamel Camp Mug')], view_all_link: '<a class="smart-search-view-all" href="/?s=mug">View all</a>', keywords: [] };

async function typeInto(input: HTMLElement, text: string) {
  await userEvent.type(input, text);
}

/** The default widget answering every search with the mugs: "mug" typed, its rows shown. */
async function searchMugs(): Promise<{ input: HTMLInputElement; options: HTMLElement[] }> {
  setGlobal({ 1: widgetSettings() });
  stubSearch(() => ({ body: mugs }));
  await bootPage(pluginForm('1'));
  await waitForMount('instant-search');
  const input = screen.getByRole('combobox', { name: 'Search products…' }) as HTMLInputElement;
  await typeInto(input, 'mug');
  return { input, options: await screen.findAllByRole('option') };
}

beforeEach(() => {
  vi.spyOn(navigation, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as unknown as { swsL10n?: unknown }).swsL10n;
});

describe('instant search widget', () => {
  it('SRC-10 shows the server rows as options of an ARIA combobox and announces the count', async () => {
    const { input, options } = await searchMugs();
    expect(options.map((option) => option.textContent)).toEqual(['Simple Mug', 'Enamel Camp Mug']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 results available.'));
    // (happy-dom's DOMPurify drops <a>; the link itself is checked in Chromium by test/e2e/search.test.ts)
    expect(document.querySelector('.smart-search-view-all-holder')?.textContent).toBe('View all');
    // The plugin's classes stay for theme CSS.
    expect(document.querySelector('form.search-form[data-id="1"] .ysm-smart-search-input-holder input.search-field')).toBe(input);
  });

  it('SRC-08 a keystroke while an answer is shown does not sanitise that answer again (each is a document parse)', async () => {
    const { input } = await searchMugs();
    await waitFor(() => expect(document.querySelector('.smart-search-view-all-holder')?.textContent).toBe('View all'));
    const parse = vi.spyOn(loadedSanitizer()!, 'parse');
    // The next letters re-render the open list with the answer for "mug" until their own answer comes (100 ms later).
    await userEvent.keyboard('s');
    expect(input.value).toBe('mugs');
    await userEvent.keyboard('{Backspace}');
    expect(input.value).toBe('mug');
    expect(parse).not.toHaveBeenCalled();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Simple Mug', 'Enamel Camp Mug']);
    expect(document.querySelector('.smart-search-view-all-holder')?.textContent).toBe('View all');
  });

  it('SRC-01 text typed and focus taken before mount carry over to the live input: text, caret and focus', async () => {
    setGlobal({ 1: widgetSettings() });
    const calls = stubSearch(() => ({ body: mugs }));
    await bootPage(pluginForm('1'), {
      beforeScan: () => {
        const server = document.querySelector<HTMLInputElement>('#ysm-smart-search-1-a')!;
        server.focus();
        server.value = 'enamel mug';
        server.setSelectionRange(6, 6); // the shopper went back to fix the first word
      },
    });
    await waitForMount('instant-search');
    const live = screen.getByRole('combobox', { name: 'Search products…' }) as HTMLInputElement;
    // The live input, not the server one (which the mount layer takes out of the document).
    expect(live.closest('form')?.classList).toContain('ysm-active');
    expect(live.value).toBe('enamel mug');
    expect(document.activeElement).toBe(live);
    expect([live.selectionStart, live.selectionEnd]).toEqual([6, 6]);
    // The text is searched for as if just typed.
    await waitFor(() => expect(calls.map((call) => call.query)).toContain('enamel mug'));
    // Typing goes on where the caret was.
    await userEvent.keyboard('s');
    expect(live.value).toBe('enamels mug');
  });

  it('SRC-01 without focus in the server form before mount, the page focus is left where it was', async () => {
    setGlobal({ 1: widgetSettings() });
    stubSearch(() => ({ body: mugs }));
    await bootPage(`<button id="elsewhere">Menu</button>${pluginForm('1')}`, {
      beforeScan: () => {
        document.querySelector<HTMLInputElement>('#ysm-smart-search-1-a')!.value = 'mug';
        document.querySelector<HTMLElement>('#elsewhere')!.focus();
      },
    });
    await waitForMount('instant-search');
    const live = screen.getByRole('combobox', { name: 'Search products…' }) as HTMLInputElement;
    expect(live.value).toBe('mug');
    expect(document.activeElement?.id).toBe('elsewhere');
  });

  it('arrows move aria-activedescendant and Enter opens the highlighted product', async () => {
    setGlobal({ 1: widgetSettings() });
    stubSearch(() => ({ body: mugs }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    const input = screen.getByRole('combobox');
    await typeInto(input, 'mug');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe('Enamel Camp Mug');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(navigation.assign).toHaveBeenCalledWith('/product/33/');
  });

  it('SRC-08 waits for typing to pause (100 ms) and sends one request, with the nonce', async () => {
    setGlobal({ 1: widgetSettings() }, 'abc');
    const calls = stubSearch(() => ({ body: mugs }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    await typeInto(screen.getByRole('combobox'), 'mu');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(calls).toHaveLength(0);
    await typeInto(screen.getByRole('combobox'), 'g');
    await screen.findAllByRole('option');
    expect(calls).toEqual([{ query: 'mug', nonce: 'abc', widget: '1' }]);
  });

  it('drops a stale answer that arrives after a newer query', async () => {
    setGlobal({ 1: widgetSettings() });
    let releaseSlow: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const query = new URL(input, 'http://shop.test').searchParams.get('query');
        if (query === 'mug') {
          await slow;
          return new Response(JSON.stringify({ suggestions: [row(1, 'Stale Mug')], view_all_link: '', keywords: [] }));
        }
        return new Response(JSON.stringify({ suggestions: [row(12, 'Mugwort Tee')], view_all_link: '', keywords: [] }));
      }),
    );
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    const input = screen.getByRole('combobox');
    await typeInto(input, 'mug');
    await new Promise((resolve) => setTimeout(resolve, 150));
    await typeInto(input, 'w');
    await screen.findByRole('option', { name: 'Mugwort Tee' });
    releaseSlow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Mugwort Tee']);
  });

  it('SRC-03 SRC-16 no results shows no_results_text and prunes longer queries without a request', async () => {
    setGlobal({ 1: widgetSettings() });
    const calls = stubSearch(() => ({ body: { suggestions: [], view_all_link: '', keywords: [] } }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    const input = screen.getByRole('combobox');
    await typeInto(input, 'xyz');
    await waitFor(() => expect(document.querySelector('.autocomplete-no-suggestion')?.textContent).toBe('No products found'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No products found'));
    await typeInto(input, 'zy');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls.map((c) => c.query)).toEqual(['xyz']);
  });

  it('SRC-16 without no_results_text no message is shown, but the live region still says so', async () => {
    setGlobal({ 1: widgetSettings({ noResultsText: '' }) });
    stubSearch(() => ({ body: { suggestions: [], view_all_link: '', keywords: [] } }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    await typeInto(screen.getByRole('combobox'), 'xyz');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No results'));
    expect(document.querySelector('.autocomplete-no-suggestion')).toBeNull();
  });

  it('SRC-09 an expired nonce is retried once with the fresh nonce and results are shown', async () => {
    setGlobal({ 1: widgetSettings() }, 'stale');
    const calls = stubSearch((_q, nonce) =>
      nonce === 'stale'
        ? { status: 403, body: { code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } }, headers: { 'X-WP-Nonce': 'fresh' } }
        : { body: mugs },
    );
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    await typeInto(screen.getByRole('combobox'), 'mug');
    await screen.findAllByRole('option');
    expect(calls.map((c) => c.nonce)).toEqual(['stale', 'fresh']);
  });

  it('server 500 twice: says suggestions failed and stays usable', async () => {
    setGlobal({ 1: widgetSettings() });
    let failing = true;
    const calls = stubSearch(() => (failing ? { status: 500, body: '' } : { body: mugs }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    const input = screen.getByRole('combobox');
    await typeInto(input, 'mug');
    await waitFor(() => expect(document.querySelector('.sws-search-error')?.textContent).toMatch(/Search suggestions are unavailable/));
    expect(screen.getByRole('status').textContent).toMatch(/Search suggestions are unavailable/);
    expect(calls).toHaveLength(2);
    failing = false;
    await typeInto(input, 's');
    await screen.findAllByRole('option');
  });

  it('SRC-05 SRC-06 SRC-07 submit is blocked under minChars, otherwise goes to the search page', async () => {
    setGlobal({ 1: widgetSettings() });
    stubSearch(() => ({ body: mugs }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    const input = screen.getByRole('combobox');
    const submit = screen.getByRole('button', { name: 'Search' });
    await typeInto(input, 'mu');
    await userEvent.click(submit);
    expect(navigation.assign).not.toHaveBeenCalled();
    await waitFor(() => expect(document.querySelector('.sws-search-hint')?.textContent).toBe('Type at least 3 characters to search.'));
    await userEvent.clear(input);
    await typeInto(input, 'c++  mug');
    await userEvent.click(submit);
    expect(navigation.assign).toHaveBeenCalledWith('/?s=c%2B%2B+mug&search_id=1&post_type=product');
  });

  // The field's text is the browser's while the shopper types, and the widget hears of it after the next paint: keys
  // pressed within one frame (userEvent without delays) must act on the whole text.
  it('SRC-05 Enter in the same frame as the last letter searches for the whole text, even with a row highlighted before it', async () => {
    const { input } = await searchMugs();
    const user = userEvent.setup({ delay: null });
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).not.toBe(''));
    await user.keyboard('s{Enter}');
    expect(navigation.assign).toHaveBeenCalledTimes(1);
    expect(navigation.assign).toHaveBeenCalledWith('/?s=mugs&search_id=1&post_type=product');
  });

  it('ArrowDown in the same frame as a letter highlights the first row, and the highlight stays after the letter is heard', async () => {
    const { input } = await searchMugs();
    const user = userEvent.setup({ delay: null });
    await user.keyboard('s{ArrowDown}');
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toMatch(/-option-0$/));
    // After the letters' report (a frame, then a timeout) and the search it starts.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(input.getAttribute('aria-activedescendant')).toMatch(/-option-0$/);
    expect(input.value).toBe('mugs');
  });

  it('SRC-06 Enter in the same frame as the letters of a too-short query: the hint shows and stays', async () => {
    setGlobal({ 1: widgetSettings() });
    stubSearch(() => ({ body: mugs }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    const input = screen.getByRole('combobox');
    await userEvent.click(input);
    await userEvent.setup({ delay: null }).keyboard('mu{Enter}');
    const hint = () => document.querySelector('.sws-search-hint')?.textContent;
    await waitFor(() => expect(hint()).toBe('Type at least 3 characters to search.'));
    // The letters' report, after the paint (a frame, then a timeout: well within 100 ms), does not take the hint away.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hint()).toBe('Type at least 3 characters to search.');
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('SRC-02 leaving the field in the same frame as a letter: the list closes and stays closed', async () => {
    const { input } = await searchMugs();
    const outside = document.body.appendChild(document.createElement('button'));
    fireEvent.input(input, { target: { value: 'mugs' } });
    outside.focus();
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('false'));
    // The letter's report, after the paint (a frame, then a timeout: well within 100 ms), does not reopen it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('mugs');
  });

  it('SRC-02 a letter typed just before the 500 ms clear after Escape is kept, and searched', async () => {
    const { input } = await searchMugs();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.keyDown(input, { key: 'Escape' });
      await vi.advanceTimersByTimeAsync(499);
      fireEvent.input(input, { target: { value: 't' } });
      // The clear comes due before the letter's report (which waits for a frame, then a timeout).
      vi.advanceTimersByTime(1);
      await realTurns();
      await vi.advanceTimersByTimeAsync(0);
      await realTurns();
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    expect(input.value).toBe('t');
  });

  it('SRC-02 Escape in the same frame as a letter: the list stays closed, and 500 ms later the field is empty', async () => {
    const { input } = await searchMugs();
    const user = userEvent.setup({ delay: null });
    await user.keyboard('s{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(input.value).toBe(''));
    // The letter's report came after the paint, and is dropped: it does not reopen the list or search "mugs".
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector<HTMLElement>('.smart-search-popup')?.hidden).toBe(true);
  });

  it('SRC-02 Escape closes; 500 ms later the input is empty', async () => {
    setGlobal({ 1: widgetSettings() });
    stubSearch(() => ({ body: mugs }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    const input = screen.getByRole<HTMLInputElement>('combobox');
    await typeInto(input, 'mug');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('mug');
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('SRC-11 remembers searches that had results, as text, with a working delete button', async () => {
    setGlobal({ 1: widgetSettings() });
    localStorage.setItem('swsLatestSearches', JSON.stringify(['<img src=x onerror="window.pwned=1">', 'tee']));
    stubSearch((query) => ({ body: query === 'mug' ? mugs : { suggestions: [], view_all_link: '', keywords: [] } }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    const input = screen.getByRole('combobox');
    await typeInto(input, 'mug');
    await screen.findAllByRole('option');
    await userEvent.clear(input);
    await typeInto(input, 'qqq');
    await waitFor(() => expect(document.querySelector('.autocomplete-no-suggestion')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem('swsLatestSearches')!)).toEqual(['<img src=x onerror="window.pwned=1">', 'tee', 'mug']);
    await userEvent.clear(input);
    const chip = await screen.findByRole('button', { name: '<img src=x onerror="window.pwned=1">' });
    expect(chip.querySelector('img')).toBeNull();
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Remove “tee” from recent searches' }));
    expect(JSON.parse(localStorage.getItem('swsLatestSearches')!)).toEqual(['<img src=x onerror="window.pwned=1">', 'mug']);
    expect(screen.queryByRole('button', { name: 'tee' })).toBeNull();
  });

  it('a query and a title containing markup render as text', async () => {
    setGlobal({ 1: widgetSettings() });
    const evil = { value: '<b>Bold</b> Mug<img src=x onerror="window.pwned=4">', data: '<a href="/p/"><div class="smart-search-post-title">&lt;b&gt;Bold&lt;/b&gt; Mug<img src=x onerror="window.pwned=2"><script>window.pwned=3</script></div></a>', url: '/p/' };
    stubSearch(() => ({ body: { suggestions: [evil], view_all_link: '', keywords: [] } }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    await typeInto(screen.getByRole('combobox'), '<script>');
    const option = await screen.findByRole('option');
    expect(option.textContent).toContain('<b>Bold</b> Mug');
    expect(option.querySelector('b')).toBeNull();
    // Whether handlers and scripts are stripped cannot be seen here: DOMPurify does not walk happy-dom's
    // tree (it hands the markup back) and happy-dom runs neither. The sanitiser is unit-tested in
    // Chromium (test/e2e/sanitize.test.ts) and the rendered popup in test/e2e/search.test.ts.
  });

  it('two widgets on one page keep their own queries, results and ids', async () => {
    setGlobal({ 1: widgetSettings(), product: widgetSettings({ selector: '.widget_product_search, .wp-block-search.sws-search-block-product', layout: '' }) });
    const calls = stubSearch((query) => ({ body: query === 'mug' ? mugs : { suggestions: [row(12, 'Variable Tee')], view_all_link: '', keywords: [] } }));
    await bootPage(pluginForm('1') + productSearch);
    await waitForMount('instant-search');
    await waitFor(() => expect(report().filter((r) => r.widget === 'instant-search' && r.state === 'mounted')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByRole('combobox')).toHaveLength(2));
    const [first, second] = screen.getAllByRole('combobox');
    await typeInto(first!, 'mug');
    await waitFor(() => expect(document.querySelectorAll('form.search-form [role="option"]')).toHaveLength(2));
    await typeInto(second!, 'tee');
    await waitFor(() => expect(document.querySelectorAll('form.woocommerce-product-search [role="option"]')).toHaveLength(1));
    expect(calls.map((c) => `${c.widget}:${c.query}`)).toEqual(['1:mug', 'product:tee']);
    expect(first!.id).not.toBe(second!.id);
    expect((first as HTMLInputElement).value).toBe('mug');
  });

  it('a malformed setting logs one error naming the field and leaves the form as served', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    setGlobal({ 1: widgetSettings({ charCount: 'three' }) });
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search', undefined, 'failed');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toContain('instant-search: invalid swsL10n.widgets.1.charCount');
    expect(document.querySelector('input#ysm-smart-search-1-a')).not.toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('a WooCommerce search form on a page without Smart Search is left alone', async () => {
    await bootPage(productSearch);
    // Without swsL10n no selector names it: not even a pending mount.
    expect(report().filter((row) => row.widget === 'instant-search')).toEqual([]);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.querySelector<HTMLElement>('form.woocommerce-product-search')?.hidden).toBe(false);
  });

  it('SRC-01 SRC-04 full-screen on desktop: opens a modal dialog on focus, traps focus, Escape closes and returns focus', async () => {
    vi.stubGlobal('innerWidth', 1280);
    setGlobal({
      1: widgetSettings({
        fullScreenMode: 'desktop_only',
        selectedCategories: [{ id: 21, name: 'Mugs', slug: 'mugs', url: '/product-category/mugs/', count: 4 }],
        selectedCategoriesCount: '1',
        selectedCategoriesOnOpen: '1',
        selectedProducts: [
          { id: 10, name: 'Simple Mug', permalink: '/product/simple-mug/', image: '<img src="/m.jpg" alt="Simple Mug">', category: 'Kitchen', price: '$10.00', type: 'simple', rating_count: 0, average_rating: 0, icon: '', icon_variable: '' },
          { id: 12, name: 'Variable Tee', permalink: '/product/variable-tee/', image: '', category: 'Clothing', price: '$20.00', type: 'variable', rating_count: 2, average_rating: 4, icon: '', icon_variable: '' },
        ],
      }),
    });
    stubSearch(() => ({ body: mugs }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    const trigger = screen.getByRole('searchbox');
    trigger.focus();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const input = screen.getByRole('combobox');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.getByRole('link', { name: 'Mugs (4)' }).getAttribute('href')).toBe('/product-category/mugs/');
    const add = dialog.querySelector('a.add_to_cart_button.ajax_add_to_cart[data-product_id="10"]');
    expect(add?.getAttribute('href')).toBe('?add-to-cart=10');
    expect(screen.getByRole('link', { name: 'Select options for “Variable Tee”' }).getAttribute('href')).toBe('/product/variable-tee/');
    // Shift+Tab from the first focusable wraps to the last one inside the dialog.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(dialog.contains(document.activeElement)).toBe(true);
    input.focus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('SRC-01 the full-screen search opens on each way in (focus, a click in the input, a click on the submit button, tabbing in), with the caret already in its field', async () => {
    vi.stubGlobal('innerWidth', 1280);
    setGlobal({ 1: widgetSettings({ fullScreenMode: 'enable' }) });
    stubSearch(() => ({ body: mugs }));
    await bootPage(`<button id="before">Menu</button>${pluginForm('1')}`);
    await waitForMount('instant-search');
    // No frame ever comes: the caret must reach the dialog's field in the task that opens it, not a frame
    // later, or the keys a quick shopper types meanwhile go to the trigger behind the dialog.
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const trigger = screen.getByRole('searchbox');
    const opensWith = async (way: string, act: () => Promise<void> | void) => {
      // Start from a closed search with the focus outside it.
      document.querySelector<HTMLElement>('#before')!.focus();
      expect(screen.queryByRole('dialog'), `${way}: closed before`).toBeNull();
      await act();
      const dialog = await screen.findByRole('dialog');
      expect(dialog.getAttribute('aria-modal'), way).toBe('true');
      // As the dialog shows, not a frame later: a key pressed at once lands in the dialog's field.
      expect(document.activeElement, `${way}: focus in the dialog's input`).toBe(screen.getByRole('combobox'));
      const field = screen.getByRole('combobox') as HTMLInputElement;
      const before = field.value; // reopened within SRC-02's 500 ms, the last query is still there
      await userEvent.keyboard('m');
      expect(field.value, way).toBe(`${before}m`);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await opensWith('focus', () => trigger.focus());
    await opensWith('click in the input', () => userEvent.click(trigger));
    await opensWith('click on the submit button', () => userEvent.click(screen.getByRole('button', { name: 'Search' })));
    await opensWith('tabbing in', () => userEvent.tab());
  });

  it('SRC-02 the full-screen close button and the backdrop close the dialog', async () => {
    vi.stubGlobal('innerWidth', 1280);
    setGlobal({ 1: widgetSettings({ fullScreenMode: 'enable' }) });
    stubSearch(() => ({ body: mugs }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Close search' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('searchbox'));
    await screen.findByRole('dialog');
    fireEvent.click(document.querySelector('.smart-search-fullscreen-backdrop')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

// A theme's own header search (WordPress's searchform.php), which no built-in selector names.
const themeHeader = `
  <header id="masthead" class="site-header">
    <div class="header-search"><h2 class="header-search-title">Find a product</h2>
      <form role="search" method="get" class="search-form" action="/">
        <label><span class="screen-reader-text">Search for:</span>
          <input type="search" class="search-field" placeholder="Search &hellip;" value="" name="s" /></label>
        <input type="submit" class="search-submit" value="Search" />
      </form>
    </div>
  </header>`;

describe("instant search on the site owner's custom CSS selectors", () => {
  it('mounts on a form a custom selector names, and searches as that widget', async () => {
    setGlobal({ 1: widgetSettings({ selector: '.ysm-search-widget-1, .site-header .search-form' }) });
    const calls = stubSearch(() => ({ body: mugs }));
    await bootPage(themeHeader);
    await waitForMount('instant-search', document.querySelector('.site-header form')!);
    const input = screen.getByRole('combobox', { name: 'Search for:' });
    expect(input.closest('form')?.classList.contains('search-form')).toBe(true);
    await typeInto(input, 'mug');
    await screen.findAllByRole('option');
    expect(calls.map((c) => `${c.widget}:${c.query}`)).toEqual(['1:mug']);
  });

  it('a custom selector naming an element around the form mounts the form; the element keeps its other content', async () => {
    setGlobal({ product: widgetSettings({ selector: '.widget_product_search, .wp-block-search.sws-search-block-product, #masthead .header-search', layout: '' }) });
    stubSearch(() => ({ body: mugs }));
    await bootPage(themeHeader);
    await waitForMount('instant-search', document.querySelector('.header-search form')!);
    const mountedOn = report().filter((row) => row.widget === 'instant-search');
    expect(mountedOn).toHaveLength(1);
    // The live form took the server form's place: theme code querying the header finds only it.
    const forms = document.querySelectorAll('.header-search form.search-form');
    expect(forms).toHaveLength(1);
    expect(forms[0]!.contains(screen.getByRole('combobox'))).toBe(true);
    const wrapper = document.querySelector<HTMLElement>('.header-search')!;
    expect(wrapper.hidden).toBe(false);
    expect(wrapper.querySelector('h2')?.textContent).toBe('Find a product');
  });

  it('a custom selector that is not CSS logs one error naming it; the other widgets mount', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    setGlobal({ 1: widgetSettings(), product: widgetSettings({ selector: '.widget_product_search, .site-header .search-form[', layout: '' }) });
    stubSearch(() => ({ body: mugs }));
    await bootPage(pluginForm('1') + themeHeader);
    await waitForMount('instant-search');
    const mountedOn = report().filter((row) => row.widget === 'instant-search');
    expect(mountedOn).toHaveLength(1);
    expect(document.querySelector('.ysm-search-widget-1 form')?.contains(screen.getByRole('combobox'))).toBe(true);
    // Markup added later is scanned again, without a second error.
    document.body.insertAdjacentHTML('beforeend', productSearch);
    await waitFor(() => expect(report().filter((row) => row.widget === 'instant-search' && row.state === 'mounted')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]!.join(' ')).toContain('.site-header .search-form[');
  });
});

describe('instant search: a custom selector as wide as the page', () => {
  it("does not mount a second search on the full-screen dialog's own form", async () => {
    vi.stubGlobal('innerWidth', 1280);
    setGlobal({ 1: widgetSettings({ selector: '.ysm-search-widget-1, body', fullScreenMode: 'enable' }) });
    stubSearch(() => ({ body: mugs }));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    fireEvent.click(screen.getByRole('searchbox'));
    const dialog = await screen.findByRole('dialog');
    // Chromium's observer scan of the dialog finds its form (`body form` looks above the added node);
    // happy-dom's scoped query does not, so scan the document as a rescan would.
    scan(document);
    const own = report().find((row) => row.widget === 'instant-search' && dialog.contains(row.element));
    await waitForMount('instant-search', own?.element, 'skipped');
    expect(within(dialog).getAllByRole('combobox')).toHaveLength(1);
  });
});

describe('instant search: recent searches shared by the widgets of a page', () => {
  it('SRC-11 a search remembered by one widget shows in the other at once, and a change in another tab too', async () => {
    setGlobal({ 1: widgetSettings(), product: widgetSettings({ selector: '.widget_product_search', layout: '' }) });
    stubSearch(() => ({ body: mugs }));
    await bootPage(pluginForm('1') + productSearch);
    await waitForMount('instant-search');
    await waitFor(() => expect(screen.getAllByRole('combobox')).toHaveLength(2));
    const [first, second] = screen.getAllByRole('combobox');
    await typeInto(first!, 'mug');
    await waitFor(() => expect(document.querySelectorAll('form.search-form [role="option"]')).toHaveLength(2));
    await userEvent.click(second!);
    const chips = () => Array.from(document.querySelectorAll('form.woocommerce-product-search .sws-search-recent-list-item-trigger')).map((chip) => chip.textContent);
    await waitFor(() => expect(chips()).toEqual(['mug']));
    // Another tab stores a new list: the storage event brings it here.
    localStorage.setItem('swsLatestSearches', JSON.stringify(['mug', 'tee']));
    window.dispatchEvent(new StorageEvent('storage', { key: 'swsLatestSearches', newValue: JSON.stringify(['mug', 'tee']), storageArea: localStorage }));
    await waitFor(() => expect(chips()).toEqual(['tee', 'mug']));
  });
});

const simpleMug = { id: 10, name: 'Simple Mug', permalink: '/product/simple-mug/', image: '<img src="/m.jpg" alt="Simple Mug">', category: 'Kitchen', price: '$10.00', type: 'simple', rating_count: 0, average_rating: 0, icon: '', icon_variable: '' };
const category = { id: 21, name: 'Mugs', slug: 'mugs', url: '/product-category/mugs/', count: 4 };

/** A full-screen widget with every sidebar block, its flags off unless overridden. */
function fullScreen(overrides: Record<string, unknown> = {}) {
  return widgetSettings({
    fullScreenMode: 'enable',
    selectedCategories: [category],
    selectedCategoriesLabel: 'Shop by category',
    selectedCategoriesOnOpen: '1',
    promoBannerImage: '<img src="/banner.jpg" alt="Mugs on sale">',
    promoBannerOnOpen: '1',
    selectedProducts: [simpleMug],
    selectedProductsLabel: 'Featured products',
    ...overrides,
  });
}

async function openFullScreen(): Promise<HTMLElement> {
  await bootPage(pluginForm('1'));
  await waitForMount('instant-search');
  fireEvent.click(screen.getByRole('searchbox'));
  return screen.findByRole('dialog');
}

describe('instant search: full-screen sidebar blocks and carousel', () => {
  it('SRC-10 the promo banner is linked (new tab, said so) only when a link is set', async () => {
    vi.stubGlobal('innerWidth', 1280);
    setGlobal({ 1: fullScreen({ promoBannerLink: '/product-category/kitchen/', promoBannerLocation: 'right_slot' }) });
    stubSearch(() => ({ body: mugs }));
    let dialog = await openFullScreen();
    const link = dialog.querySelector<HTMLAnchorElement>('.sws-sidebar--right-mod .sws-sidebar--right_slot .sws-promo-banner a')!;
    expect(link.getAttribute('href')).toBe('/product-category/kitchen/');
    expect(link.target).toBe('_blank');
    expect(link.rel.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    expect(link.textContent).toContain('(opens in a new tab)');
    // (The image markup's sanitising is checked in Chromium: happy-dom's DOMPurify output is not meaningful.)
    setGlobal({ 1: fullScreen({ promoBannerLink: '', promoBannerLocation: 'left_slot_2' }) });
    dialog = await openFullScreen();
    expect(dialog.querySelector('.sws-sidebar--left-mod .sws-sidebar--left_slot_2 .sws-promo-banner')).not.toBeNull();
    expect(dialog.querySelector('.sws-promo-banner a')).toBeNull();
  });

  it('SRC-10 SRC-15 "on open" off: categories and banner wait for the first search; the carousel shows until then', async () => {
    vi.stubGlobal('innerWidth', 1280);
    setGlobal({ 1: fullScreen({ selectedCategoriesOnOpen: '', promoBannerOnOpen: '' }) });
    stubSearch(() => ({ body: mugs }));
    const dialog = await openFullScreen();
    expect(dialog.querySelector('.sws-selected-categories')).toBeNull();
    expect(dialog.querySelector('.sws-promo-banner')).toBeNull();
    expect(dialog.querySelector('.sws-recent-products-wrapper')).not.toBeNull();
    await typeInto(screen.getByRole('combobox'), 'mug');
    await screen.findAllByRole('option');
    await waitFor(() => expect(dialog.querySelector('.sws-selected-categories')).not.toBeNull());
    expect(dialog.querySelector('.sws-promo-banner')).not.toBeNull();
    expect(dialog.querySelector('.sws-recent-products-wrapper')).toBeNull();
  });

  it('SRC-10 SRC-15 "on open" on: categories and banner show as the dialog opens', async () => {
    vi.stubGlobal('innerWidth', 1280);
    setGlobal({ 1: fullScreen() });
    stubSearch(() => ({ body: mugs }));
    const dialog = await openFullScreen();
    expect(within(dialog).getByRole('navigation', { name: 'Shop by category' })).not.toBeNull();
    expect(dialog.querySelector('.sws-promo-banner')).not.toBeNull();
    expect(within(dialog).getByRole('region', { name: 'Featured products' })).not.toBeNull();
  });

  it('SRC-08 SRC-15 typing in the dialog does not sanitise the banner and the carousel again (a document parse each)', async () => {
    vi.stubGlobal('innerWidth', 1280);
    setGlobal({ 1: fullScreen() });
    stubSearch(() => ({ body: mugs }));
    const dialog = await openFullScreen();
    expect(dialog.querySelector('.sws-promo-banner')).not.toBeNull();
    expect(within(dialog).getByRole('region', { name: 'Featured products' })).not.toBeNull();
    const parse = vi.spyOn(loadedSanitizer()!, 'parse');
    // Two letters: under the three the widget searches from, so nothing but the typing itself re-renders the dialog.
    await typeInto(screen.getByRole('combobox'), 'mu');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('mu');
    expect(parse).not.toHaveBeenCalled();
    expect(dialog.querySelector('.sws-promo-banner')).not.toBeNull();
  });

  it('SRC-10 SRC-15 the mobile flags hide categories, banner and carousel under 768 px, and only there', async () => {
    const flags = { selectedCategoriesMobile: '1', selectedPromoBannerMobile: '1', selectedProductsMobile: '1' };
    vi.stubGlobal('innerWidth', 375);
    setGlobal({ 1: fullScreen(flags) });
    stubSearch(() => ({ body: mugs }));
    let dialog = await openFullScreen();
    expect(dialog.querySelector('.sws-selected-categories, .sws-promo-banner, .sws-recent-products-wrapper')).toBeNull();
    // The same settings on a desktop-wide window show all three.
    vi.stubGlobal('innerWidth', 1280);
    dialog = await openFullScreen();
    expect(dialog.querySelectorAll('.sws-selected-categories, .sws-promo-banner, .sws-recent-products-wrapper')).toHaveLength(3);
    // Flags off: a phone shows them too.
    vi.stubGlobal('innerWidth', 375);
    setGlobal({ 1: fullScreen() });
    dialog = await openFullScreen();
    expect(dialog.querySelectorAll('.sws-selected-categories, .sws-promo-banner, .sws-recent-products-wrapper')).toHaveLength(3);
  });

  it("SRC-15 the carousel's Add to cart adds through the ajax add to cart and announces WooCommerce's success message", async () => {
    vi.stubGlobal('innerWidth', 1280);
    shopSettings();
    setGlobal({ 1: fullScreen() });
    const adds: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input.includes('get_refreshed_fragments')) return json({ fragments: {}, cart_hash: '' });
        if (input.includes('wc-ajax=add_to_cart')) {
          adds.push(String(init?.body));
          return json({ fragments: {}, cart_hash: 'hash-1' });
        }
        return json(mugs);
      }),
    );
    const dialog = await openFullScreen();
    const button = dialog.querySelector<HTMLAnchorElement>('a.add_to_cart_button.ajax_add_to_cart[data-product_id="10"]')!;
    expect(button.getAttribute('data-success_message')).toBe('“Simple Mug” has been added to your cart');
    await waitForMount('add-to-cart', button);
    await userEvent.click(button);
    await waitFor(() => expect(button.classList.contains('added')).toBe(true));
    expect(adds).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(adds[0]))).toMatchObject({ product_id: '10', quantity: '1', success_message: '“Simple Mug” has been added to your cart' });
    expect(location.search).toBe('');
    await waitFor(() => expect(document.querySelector('.widget_shopping_cart_live_region')?.textContent).toBe('“Simple Mug” has been added to your cart'), {
      timeout: 30_000, // a deadline for a hang, not a timing
    });
  });
});

describe('instant search: loader', () => {
  it('SRC-03 loaderImage: an image "Loading..." shows while a request runs, instead of the loaderIcon background', async () => {
    setGlobal({ 1: widgetSettings({ loaderImage: '/uploads/spinner.gif' }) });
    const answer = deferred<Response>();
    vi.stubGlobal('fetch', vi.fn(() => answer.promise));
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    const input = screen.getByRole('combobox');
    const loader = document.querySelector<HTMLImageElement>('img.sws-loader-image')!;
    expect(loader.getAttribute('src')).toBe('/uploads/spinner.gif');
    expect(loader.alt).toBe('Loading...');
    expect(loader.hidden).toBe(true);
    await typeInto(input, 'mug');
    await waitFor(() => expect(loader.hidden).toBe(false));
    expect(loader.classList.contains('sws-loader-image--visible')).toBe(true);
    expect(input.style.backgroundImage).toBe('');
    answer.resolve(json(mugs));
    await screen.findAllByRole('option');
    expect(loader.hidden).toBe(true);
    expect(loader.classList.contains('sws-loader-image--visible')).toBe(false);
  });
});
