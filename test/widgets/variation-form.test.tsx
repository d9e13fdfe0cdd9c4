import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import jQuery from 'jquery';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on } from '../../src/bus';
import { installJQueryBridge } from '../../src/jquery-bridge';
import { resetSettingsCache } from '../../src/settings';
import { getVariationStore } from '../../src/variation/registry';
import { CAPTURES_DIR } from '../fixtures/captures';
import { bootPage, bootPageOnFakeClock, realTurns, waitForMount } from '../helpers/page';

// The genuine captures: Variable Tee (embedded variations) and Trail Sneaker (ajax mode).
const capture = (file: string) => readFileSync(path.join(CAPTURES_DIR, file), 'utf8');
const AJAX = path.join(CAPTURES_DIR, 'ajax');
const answer = (file: string) => readFileSync(path.join(AJAX, file), 'utf8');

/** The product block and the footer templates of a capture, as the page serves them. */
function productMarkup(file: string, { templates = true } = {}): string {
  const html = capture(file);
  const start = html.indexOf('<div id="product-');
  const end = html.indexOf('<section class="related products">');
  const tmpl = templates ? (html.match(/<script type="text\/template"[\s\S]*?<\/script>/g) ?? []).join('\n') : '';
  return `<main>${html.slice(start, end)}</main>${tmpl}`;
}

/** The same markup with its embedded variations changed (a test product the capture does not have). */
function withVariations(html: string, mutate: (variations: Array<Record<string, unknown> & { attributes: Record<string, string> }>) => void): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const form = template.content.querySelector('form.variations_form')!;
  const variations = JSON.parse(form.getAttribute('data-product_variations')!);
  mutate(variations);
  form.setAttribute('data-product_variations', JSON.stringify(variations));
  return template.innerHTML;
}

const PARAMS = {
  wc_ajax_url: '/?wc-ajax=%%endpoint%%',
  i18n_no_matching_variations_text: 'Sorry, no products matched your selection. Please choose a different combination.',
  i18n_make_a_selection_text: 'Please select some product options before adding this product to your cart.',
  i18n_unavailable_text: 'Sorry, this product is unavailable. Please choose a different combination.',
  i18n_reset_alert_text: 'Your selection has been reset. Please select some product options before adding this product to your cart.',
};

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const form = () => $<HTMLFormElement>('form.variations_form');
const button = () => $('.single_add_to_cart_button');
const select = (id: string) => $<HTMLSelectElement>(`select#${id}`);
const variationId = () => $<HTMLInputElement>('input[name=variation_id]').value;

async function boot(file = 'product-variable.html', options?: { templates?: boolean }) {
  await bootPage(productMarkup(file, options));
  await waitForMount('variation-form');
  await waitFor(() => expect(getVariationStore(form())).toBeDefined());
}

let fetchMock: ReturnType<typeof vi.fn>;
let testListeners = new AbortController();
beforeEach(() => {
  testListeners = new AbortController();
  (globalThis as Record<string, unknown>).wc_add_to_cart_variation_params = PARAMS;
  resetSettingsCache();
  fetchMock = vi.fn(async () => new Response('', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  testListeners.abort();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (globalThis as Record<string, unknown>).wc_add_to_cart_variation_params;
});

describe('variation form (embedded variations)', () => {
  it('VAR-01 with nothing chosen the button is disabled as selection needed and the reset link hidden (VAR-09)', async () => {
    await boot();
    expect(button().classList).toContain('disabled');
    expect(button().classList).toContain('wc-variation-selection-needed');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect($('.woocommerce-variation-add-to-cart').classList).toContain('woocommerce-variation-add-to-cart-disabled');
    expect($('.reset_variations').style.visibility).toBe('hidden');
    expect(document.querySelector('.wc-no-matching-variations')).toBeNull();
  });

  it('VAR-02 choosing colour and size shows price and availability and enables the button', async () => {
    await boot();
    const shown: unknown[] = [];
    on('variation:shown', (payload) => shown.push(payload.variation.variation_id));
    const user = userEvent.setup();
    await user.selectOptions(select('pa_color'), 'blue');
    await user.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(variationId()).toBe('15'));
    expect(button().classList).not.toContain('disabled');
    expect(button().hasAttribute('aria-disabled')).toBe(false);
    expect($('.woocommerce-variation-add-to-cart').classList).toContain('woocommerce-variation-add-to-cart-enabled');
    await waitFor(() => expect($('.single_variation .woocommerce-variation-price').textContent).toContain('18.00'));
    expect($('.single_variation .woocommerce-variation-description').textContent).toContain('TEE-BLUE-S');
    expect(shown).toEqual([15]);
  });

  it('VAR-02 VAR-03 colour and size chosen before the form mounted are read at mount: variation set, button enabled', async () => {
    // The shopper chose while the bundle was still loading; the server's `selected` defaults are empty.
    await bootPage(productMarkup('product-variable.html'), {
      beforeScan: () => {
        select('pa_color').value = 'blue';
        select('pa_size').value = 'small';
      },
    });
    await waitForMount('variation-form');
    // No further interaction: the mount itself finds the variation.
    await waitFor(() => expect(variationId()).toBe('15'));
    expect(button().classList).not.toContain('disabled');
    expect(button().classList).not.toContain('wc-variation-selection-needed');
    expect(button().hasAttribute('aria-disabled')).toBe(false);
    expect($('.reset_variations').style.visibility).toBe('visible');
    await waitFor(() => expect($('.single_variation .woocommerce-variation-price').textContent).toContain('18.00'));
    // The choices stay the shopper's, not the server's defaults.
    expect(select('pa_color').value).toBe('blue');
    expect(select('pa_size').value).toBe('small');
  });

  it('ATC-12 VAR-02 a click right after the last choice (before its 1 ms evaluation) adds, without the make-a-selection alert', async () => {
    await boot();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    // Whether the variation form let each click on the button through (it prevents the refused ones).
    const clicks: boolean[] = [];
    document.addEventListener(
      'click',
      (event) => {
        if (event.target === button()) clicks.push(!event.defaultPrevented);
        event.preventDefault();
      },
      { signal: testListeners.signal },
    );
    select('pa_color').value = 'blue';
    select('pa_color').dispatchEvent(new Event('change', { bubbles: true }));
    select('pa_size').value = 'small';
    select('pa_size').dispatchEvent(new Event('change', { bubbles: true }));
    // What the mount layer's replay of a held choice and click does: both in the same task.
    button().click();
    expect(alert).not.toHaveBeenCalled();
    expect(clicks).toEqual([true]);
    expect(variationId()).toBe('15');
  });

  it('VAR-01 a choice changed before mount away from the server default is the one read', async () => {
    const html = productMarkup('product-variable.html').replace('<option value="red" >', '<option value="red" selected>');
    await bootPage(html, {
      beforeScan: () => {
        // The server preselected red; the shopper cleared the colour before the bundle arrived.
        select('pa_color').value = '';
        select('pa_size').value = 'small';
      },
    });
    await waitForMount('variation-form');
    expect(select('pa_color').value).toBe('');
    expect(variationId()).toBe('');
    expect(button().classList).toContain('wc-variation-selection-needed');
  });

  it('VAR-02 the chosen variation is shown 300 ms after the last choice, not before', async () => {
    await bootPageOnFakeClock(productMarkup('product-variable.html'), 'variation-form', { waitForTimer: false });
    const choose = async (id: string, value: string) => {
      fireEvent.change(Object.assign(select(id), { value }));
      await vi.advanceTimersByTimeAsync(1);
      await realTurns();
    };
    await choose('pa_color', 'blue');
    await choose('pa_size', 'small');
    expect(variationId()).toBe('15');
    await vi.advanceTimersByTimeAsync(299);
    await realTurns();
    expect($('.single_variation').textContent).toBe('');
    await vi.advanceTimersByTimeAsync(1);
    await realTurns();
    expect($('.single_variation .woocommerce-variation-price').textContent).toContain('18.00');
    vi.useRealTimers();
  });

  it('VAR-07 options are filtered to those still matching the other choice', async () => {
    // A tee whose blue comes in small (and large) only.
    await bootPage(
      withVariations(productMarkup('product-variable.html'), (variations) => {
        variations[3]!.attributes = { attribute_pa_color: 'blue', attribute_pa_size: 'large' };
      }),
    );
    await waitForMount('variation-form');
    await userEvent.selectOptions(select('pa_color'), 'blue');
    await waitFor(() => expect(select('pa_size').querySelector<HTMLOptionElement>('option[value=medium]')!.disabled).toBe(true));
    expect(select('pa_size').querySelector<HTMLOptionElement>('option[value=small]')!.disabled).toBe(false);
    // The colour's own options are not filtered by the colour itself.
    expect(select('pa_color').querySelector<HTMLOptionElement>('option[value=red]')!.disabled).toBe(false);
  });

  it('VAR-03 the out-of-stock combination disables the button as unavailable; ATC-12 its click alerts the unavailable text', async () => {
    await boot();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form().addEventListener('submit', submitted);
    await userEvent.selectOptions(select('pa_color'), 'blue');
    await userEvent.selectOptions(select('pa_size'), 'medium');
    await waitFor(() => expect(button().classList).toContain('wc-variation-is-unavailable'));
    expect(button().classList).toContain('disabled');
    expect(button().classList).not.toContain('wc-variation-selection-needed');
    await waitFor(() => expect($('.single_variation').textContent).toContain('Out of stock'));
    await userEvent.click(button());
    expect(alert).toHaveBeenCalledWith(PARAMS.i18n_unavailable_text);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('ATC-12 clicking add to cart with nothing chosen alerts the make-a-selection text and posts nothing', async () => {
    await boot();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form().addEventListener('submit', submitted);
    await userEvent.click(button());
    expect(alert).toHaveBeenCalledWith(PARAMS.i18n_make_a_selection_text);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('a purchasable variation lets the click through and the form carries what the server expects (no-JS path intact)', async () => {
    await boot();
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'medium');
    await waitFor(() => expect(variationId()).toBe('14'));
    form().addEventListener('submit', (event) => event.preventDefault());
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    button().dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(alert).not.toHaveBeenCalled();
    expect(Object.fromEntries(new FormData(form()))).toMatchObject({
      attribute_pa_color: 'red',
      attribute_pa_size: 'medium',
      variation_id: '14',
      'add-to-cart': '12',
      product_id: '12',
      quantity: '1',
    });
  });

  it('VAR-05 changing any attribute clears the variation id', async () => {
    await boot();
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(variationId()).toBe('13'));
    select('pa_size').value = 'medium';
    select('pa_size').dispatchEvent(new Event('change', { bubbles: true }));
    expect(variationId()).toBe('');
    await waitFor(() => expect(variationId()).toBe('14'));
  });

  it('VAR-06 VAR-12 reset clears all, announces the reset text, and the announcement clears on the next change', async () => {
    await boot();
    const resets = vi.fn();
    on('variation:reset', resets);
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect($('.reset_variations').style.visibility).toBe('visible'));
    await userEvent.click($('.reset_variations'));
    expect(select('pa_color').value).toBe('');
    expect(select('pa_size').value).toBe('');
    expect(variationId()).toBe('');
    expect($('.reset_variations_alert').textContent).toBe(PARAMS.i18n_reset_alert_text);
    expect(resets).toHaveBeenCalled();
    expect(document.activeElement).toBe(select('pa_color'));
    expect($('.reset_variations').style.visibility).toBe('hidden');
    await userEvent.selectOptions(select('pa_color'), 'blue');
    expect($('.reset_variations_alert').textContent).toBe('');
  });

  it("VAR-09 WooCommerce 9.5's Clear button, which its stylesheet hides with display: none, shows once a choice is made and hides on Clear", async () => {
    // 9.5.x printed Clear as a <button> and hid it by display as well as visibility; its script showed it inline-block.
    await bootPage(productMarkup('product-variable.html').replace(/<a class="reset_variations"[^>]*>([^<]*)<\/a>/, '<button class="reset_variations" aria-label="Clear options">$1</button>'));
    await waitForMount('variation-form');
    document.head.insertAdjacentHTML('beforeend', '<style id="wc-95">form.cart .reset_variations { display: none; visibility: hidden; }</style>');
    try {
      const clear = $('button.reset_variations');
      expect(getComputedStyle(clear).display).toBe('none');
      await userEvent.selectOptions(select('pa_size'), 'small');
      await waitFor(() => expect(getComputedStyle(clear).display).toBe('inline-block'));
      expect(getComputedStyle(clear).visibility).toBe('visible');
      await userEvent.click(clear);
      expect(getComputedStyle(clear).display).toBe('none');
    } finally {
      document.getElementById('wc-95')?.remove();
    }
  });

  it('VAR-09 the reset link shows as soon as one attribute is chosen', async () => {
    await boot();
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect($('.reset_variations').style.visibility).toBe('visible'));
  });

  it('VAR-08 the main image becomes the variation image and is restored on reset', async () => {
    await boot();
    const requested: Array<number | null> = [];
    on('gallery:image-requested', (payload) => requested.push(payload.variation?.variation_id ?? null));
    const img = () => $<HTMLImageElement>('.woocommerce-product-gallery__image img.wp-post-image');
    const original = img().getAttribute('src');
    await userEvent.selectOptions(select('pa_color'), 'blue');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(img().getAttribute('src')).toBe('/wp-content/uploads/2026/11/variable-tee-blue.jpg'));
    expect(img().getAttribute('data-large_image')).toBe('/wp-content/uploads/2026/11/variable-tee-blue.jpg');
    expect(img().getAttribute('alt')).toBe('Variable Tee blue');
    expect($('.woocommerce-product-gallery__image a').getAttribute('href')).toBe('/wp-content/uploads/2026/11/variable-tee-blue.jpg');
    await userEvent.click($('.reset_variations'));
    await waitFor(() => expect(img().getAttribute('src')).toBe(original));
    expect(img().hasAttribute('data-o_src')).toBe(false);
    expect(requested).toEqual([15, null]);
  });

  it('VAR-08 a gallery widget that follows variations itself is left alone', async () => {
    await boot();
    $('.woocommerce-product-gallery').setAttribute('data-vitrine-follows-variations', '');
    const img = () => $<HTMLImageElement>('.woocommerce-product-gallery__image img.wp-post-image');
    const original = img().getAttribute('src');
    const requested = vi.fn();
    on('gallery:image-requested', requested);
    await userEvent.selectOptions(select('pa_color'), 'blue');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(requested).toHaveBeenCalled());
    expect(img().getAttribute('src')).toBe(original);
  });

  it('VAR-14 the gallery gets a resize after the image has changed, so sliders measure the new image', async () => {
    await boot();
    const img = () => $<HTMLImageElement>('.woocommerce-product-gallery__image img.wp-post-image');
    const original = img().getAttribute('src');
    // What matters to the shopper is the order: the resize that makes sliders and zoom re-measure
    // comes after the swap (the 20 ms delay itself is not asserted: timing in tests is noise).
    const srcAtResize: (string | null)[] = [];
    const onResize = () => srcAtResize.push(img().getAttribute('src'));
    window.addEventListener('resize', onResize);
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(variationId()).toBe('13'));
    await waitFor(() => expect(srcAtResize.length).toBeGreaterThan(0));
    window.removeEventListener('resize', onResize);
    expect(img().getAttribute('src')).not.toBe(original);
    expect(srcAtResize.at(-1)).toBe(img().getAttribute('src'));
  });

  it('SKU and weight follow the variation and come back on reset', async () => {
    await boot();
    const weight = $('.woocommerce-product-attributes-item--weight .woocommerce-product-attributes-item__value');
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect($('.product_meta .sku').textContent).toBe('TEE-RED-S'));
    expect(weight.textContent).toBe('0.2 lbs');
    expect($('.product_meta .sku').getAttribute('data-o_content')).toBe('TEE');
    await userEvent.click($('.reset_variations'));
    expect($('.product_meta .sku').textContent).toBe('TEE');
    expect(weight.textContent).toBe('N/A');
  });

  it('dimensions show decoded, as WooCommerce shows them ("10 × 5 × 2 cm", not "&times;"), and come back on reset', async () => {
    const html = withVariations(productMarkup('product-variable.html'), (variations) => {
      Object.assign(variations[0]!, { dimensions: { length: '10', width: '5', height: '2' }, dimensions_html: '10 &times; 5 &times; 2 cm' });
      // A filter's markup is never put in the page: its text only.
      Object.assign(variations[1]!, { dimensions: { length: '12' }, dimensions_html: '<img src="x" onerror="window.injected = 1">12 &times; 1 cm' });
    }).replace(
      // The genuine dimensions row (product-simple.html), which this capture's product has no value for.
      '<tr class="woocommerce-product-attributes-item woocommerce-product-attributes-item--attribute_pa_color">',
      '<tr class="woocommerce-product-attributes-item woocommerce-product-attributes-item--dimensions"><th class="woocommerce-product-attributes-item__label" scope="row">Dimensions</th><td class="woocommerce-product-attributes-item__value">N/A</td></tr>$&',
    );
    await bootPage(html);
    await waitForMount('variation-form');
    const dimensions = $('.woocommerce-product-attributes-item--dimensions .woocommerce-product-attributes-item__value');
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(dimensions.textContent).toBe('10 × 5 × 2 cm'));
    // Text, never markup: the cell holds one text node.
    expect(dimensions.children).toHaveLength(0);
    await userEvent.selectOptions(select('pa_size'), 'medium');
    await waitFor(() => expect(dimensions.textContent).toBe('12 × 1 cm'));
    expect(dimensions.children).toHaveLength(0);
    expect((window as { injected?: number }).injected).toBeUndefined();
    await userEvent.click($('.reset_variations'));
    expect(dimensions.textContent).toBe('N/A');
  });

  it('VAR-06 Space on the Clear link clears the choice instead of scrolling the page, as Enter does', async () => {
    await boot();
    await userEvent.selectOptions(select('pa_color'), 'red');
    await waitFor(() => expect($('.reset_variations').style.visibility).toBe('visible'));
    $('.reset_variations').focus();
    const keydowns: boolean[] = [];
    document.addEventListener('keydown', (event) => keydowns.push(event.defaultPrevented), { signal: testListeners.signal });
    await userEvent.keyboard(' ');
    expect(select('pa_color').value).toBe('');
    expect($('.reset_variations_alert').textContent).toBe(PARAMS.i18n_reset_alert_text);
    expect(keydowns).toEqual([true]);
    await userEvent.selectOptions(select('pa_size'), 'small');
    $('.reset_variations').focus();
    await userEvent.keyboard('{Enter}');
    expect(select('pa_size').value).toBe('');
  });

  it('VAR-06 VAR-09 a Clear link a theme adds after the form started clears the choice and follows the choice\'s visibility', async () => {
    await boot();
    const late = document.createElement('a');
    late.className = 'reset_variations';
    late.href = '#';
    late.textContent = 'Clear selection';
    form().querySelector('.single_variation_wrap')!.before(late);
    await userEvent.selectOptions(select('pa_color'), 'red');
    await waitFor(() => expect(late.style.visibility).toBe('visible'));
    await userEvent.click(late);
    expect(select('pa_color').value).toBe('');
    expect(late.style.visibility).toBe('hidden');
    expect(window.location.hash).toBe('');
  });

  it('fires WooCommerce events in order on the bus', async () => {
    await boot();
    const seen: string[] = [];
    for (const name of ['variation:select-changed', 'variation:changed', 'variation:values-updated', 'variation:found', 'variation:shown'] as const) {
      on(name, () => seen.push(name));
    }
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(seen).toContain('variation:shown'));
    // add-to-cart-variation.js's order: the change, the evaluation (options, then the match), and then "has changed".
    expect(seen.slice(0, 3)).toEqual(['variation:select-changed', 'variation:values-updated', 'variation:changed']);
    expect(seen.slice(3, 7)).toEqual(['variation:select-changed', 'variation:values-updated', 'variation:found', 'variation:changed']);
    expect(seen.indexOf('variation:found')).toBeLessThan(seen.indexOf('variation:shown'));
  });

  it('VAR-13 without the variation template the block stays empty, the error is logged and the form still works', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await boot('product-variable.html', { templates: false });
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringContaining('Template not found: #tmpl-variation-template')));
    expect($('.single_variation').textContent).toBe('');
    expect(variationId()).toBe('13');
    expect(button().classList).not.toContain('disabled');
  });

  it('QTY-02 a sold-individually variation forces 1 and hides the quantity; QTY-03 others clamp to min/max', async () => {
    const html = withVariations(productMarkup('product-variable.html'), (variations) => {
      variations[0]!.is_sold_individually = 'yes';
      Object.assign(variations[1]!, { min_qty: 2, max_qty: 3 });
    });
    await bootPage(html);
    await waitForMount('variation-form');
    const qty = $<HTMLInputElement>('input.qty');
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect($('.single_variation_wrap .quantity').style.display).toBe('none'));
    expect(qty.value).toBe('1');
    await userEvent.selectOptions(select('pa_size'), 'medium');
    await waitFor(() => expect(qty.getAttribute('max')).toBe('3'));
    expect(qty.getAttribute('min')).toBe('2');
    expect(qty.value).toBe('2');
    expect($('.single_variation_wrap .quantity').style.display).toBe('');
  });

  it('rejects malformed data-product_variations with one console error and leaves the form as served', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await bootPage(productMarkup('product-variable.html').replace(/data-product_variations="\[[^"]*"/, 'data-product_variations="[{oops"'));
    await waitForMount('variation-form', undefined, 'failed');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toContain('data-product_variations');
    expect(button().classList).not.toContain('disabled');
  });
});

describe('variation form (ajax mode, data-product_variations="false")', () => {
  const request = (call: unknown[]) => ({ url: String(call[0]), body: new URLSearchParams(String((call[1] as RequestInit).body)) });

  it('VAR-10 asks get_variation once every attribute is chosen and shows the answer', async () => {
    fetchMock.mockImplementation(async () => new Response(answer('get_variation-found.json'), { headers: { 'Content-Type': 'text/html' } }));
    await boot('product-variable-many.html');
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('shoe-size'), '42');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.selectOptions(select('width'), 'Regular');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const { url, body } = request(fetchMock.mock.calls[0]!);
    expect(url).toContain('wc-ajax=get_variation');
    expect(Object.fromEntries(body)).toMatchObject({ product_id: '210', attribute_pa_color: 'red', 'attribute_shoe-size': '42', attribute_width: 'Regular' });
    await waitFor(() => expect(button().classList).not.toContain('disabled'));
    await waitFor(() => expect($('.single_variation .woocommerce-variation-price').textContent).toContain('65'));
    expect(form().hasAttribute('aria-busy')).toBe(false);
  });

  it('VAR-10 sends the form\'s custom_data with the chosen values', async () => {
    fetchMock.mockImplementation(async () => new Response(answer('get_variation-found.json'), { headers: { 'Content-Type': 'text/html' } }));
    const html = productMarkup('product-variable-many.html').replace(
      '<form class="variations_form',
      `<form data-custom_data='${JSON.stringify({ engraving: 'AB', options: { gift: 'yes' } })}' class="variations_form`,
    );
    await bootPage(html);
    await waitForMount('variation-form');
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('shoe-size'), '42');
    await userEvent.selectOptions(select('width'), 'Regular');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const { body } = request(fetchMock.mock.calls[0]!);
    expect(Object.fromEntries(body)).toMatchObject({
      product_id: '210',
      'custom_data[engraving]': 'AB',
      'custom_data[options][gift]': 'yes',
      attribute_width: 'Regular',
    });
  });

  it('VAR-10 choices made before mount are looked up at mount in ajax mode', async () => {
    fetchMock.mockImplementation(async () => new Response(answer('get_variation-found.json'), { headers: { 'Content-Type': 'text/html' } }));
    await bootPage(productMarkup('product-variable-many.html'), {
      beforeScan: () => {
        select('pa_color').value = 'red';
        select('shoe-size').value = '42';
        select('width').value = 'Regular';
      },
    });
    await waitForMount('variation-form');
    await waitFor(() => expect(button().classList).not.toContain('disabled'));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(Object.fromEntries(request(fetchMock.mock.calls[0]!).body)).toMatchObject({ attribute_pa_color: 'red', 'attribute_shoe-size': '42', attribute_width: 'Regular' });
    expect(variationId()).not.toBe('');
  });

  it('VAR-10 VAR-04 choices made before mount that the server matches to nothing show the no-matching message, as add-to-cart-variation.js does in ajax mode', async () => {
    fetchMock.mockImplementation(async () => new Response('false'));
    await bootPage(productMarkup('product-variable-many.html'), {
      beforeScan: () => {
        select('pa_color').value = 'white';
        select('shoe-size').value = '37';
        select('width').value = 'Narrow';
      },
    });
    await waitForMount('variation-form');
    const message = await waitFor(() => $('p.wc-no-matching-variations.woocommerce-info'));
    expect(message.textContent).toBe(PARAMS.i18n_no_matching_variations_text);
    expect(button().classList).toContain('wc-variation-selection-needed');
    expect(select('width').value).toBe('Narrow');
  });

  it('VAR-10 ATC-12 a click while get_variation answers waits for the answer, then adds once', async () => {
    let answerNow: () => void = () => {};
    fetchMock.mockImplementation(
      () => new Promise<Response>((resolve) => {
        answerNow = () => resolve(new Response(answer('get_variation-found.json'), { headers: { 'Content-Type': 'text/html' } }));
      }),
    );
    await boot('product-variable-many.html');
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    // Whether the variation form let each click on the button through (it prevents the refused ones).
    const clicks: boolean[] = [];
    document.addEventListener(
      'click',
      (event) => {
        if (event.target === button()) clicks.push(!event.defaultPrevented);
        event.preventDefault();
      },
      { signal: testListeners.signal },
    );
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('shoe-size'), '42');
    await userEvent.selectOptions(select('width'), 'Regular');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    button().click();
    expect(alert).not.toHaveBeenCalled();
    expect(clicks).toEqual([false]);
    answerNow();
    await waitFor(() => expect(clicks).toEqual([false, true]));
    expect(alert).not.toHaveBeenCalled();
    expect(variationId()).not.toBe('');
  });

  it('VAR-10 VAR-04 an empty answer shows the no-matching message in an alert under the block', async () => {
    fetchMock.mockImplementationOnce(async () => new Response('false'));
    fetchMock.mockImplementation(async () => new Response(answer('get_variation-found.json')));
    await boot('product-variable-many.html');
    await userEvent.selectOptions(select('pa_color'), 'white');
    await userEvent.selectOptions(select('shoe-size'), '37');
    await userEvent.selectOptions(select('width'), 'Narrow');
    const message = await waitFor(() => $('.single_variation + div[role=alert] > p.wc-no-matching-variations.woocommerce-info'));
    expect(message.textContent).toBe(PARAMS.i18n_no_matching_variations_text);
    // woocommerce.css hides the message until add-to-cart-variation.js slides it down: it must show all the same.
    document.head.insertAdjacentHTML('beforeend', '<style id="wc-css">div.product form.cart .wc-no-matching-variations { display: none; }</style>');
    expect(getComputedStyle(message).display).not.toBe('none');
    document.getElementById('wc-css')?.remove();
    expect(button().classList).toContain('wc-variation-selection-needed');
    // The refused choice stays chosen, so the message stays readable.
    expect(select('width').value).toBe('Narrow');
    await userEvent.selectOptions(select('width'), 'Wide');
    expect(document.querySelector('.wc-no-matching-variations')).toBeNull();
    // VAR-07 in ajax mode: the width the server refused for white/37 is now disabled.
    await waitFor(() => expect(select('width').querySelector<HTMLOptionElement>('option[value=Narrow]')!.disabled).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('the previous lookup is aborted and the form is busy meanwhile', async () => {
    const signals: AbortSignal[] = [];
    // Each answer waits until the test sends it: the first must still be on the way when the shopper changes the
    // width, however slow the machine (a 200 ms answer came first under load, and nothing was left to abort).
    const answers: Array<() => void> = [];
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          signals.push(init.signal!);
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          answers.push(() => resolve(new Response(answer('get_variation-found.json'))));
        }),
    );
    await boot('product-variable-many.html');
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('shoe-size'), '42');
    await userEvent.selectOptions(select('width'), 'Wide');
    await waitFor(() => expect(form().getAttribute('aria-busy')).toBe('true'));
    expect(form().classList).toContain('vitrine-variation-loading');
    await userEvent.selectOptions(select('width'), 'Regular');
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0]!.aborted).toBe(true);
    expect(form().getAttribute('aria-busy')).toBe('true');
    answers[1]!();
    await waitFor(() => expect(variationId()).not.toBe(''));
    expect(form().hasAttribute('aria-busy')).toBe(false);
    expect(document.querySelector('.wc-variation-lookup-error')).toBeNull();
  });

  it('a server error shows a visible message and the form stays usable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementationOnce(async () => new Response('<html>Fatal error</html>', { status: 500 }));
    await boot('product-variable-many.html');
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('shoe-size'), '42');
    await userEvent.selectOptions(select('width'), 'Regular');
    const error = await waitFor(() => $('div[role=alert] > p.wc-variation-lookup-error'));
    expect(error.textContent).not.toBe('');
    expect(form().hasAttribute('aria-busy')).toBe(false);
    expect(button().classList).toContain('disabled');
    fetchMock.mockImplementation(async () => new Response(answer('get_variation-found.json')));
    await userEvent.selectOptions(select('width'), 'Wide');
    await userEvent.selectOptions(select('width'), 'Regular');
    await waitFor(() => expect(button().classList).not.toContain('disabled'));
    expect(document.querySelector('.wc-variation-lookup-error')).toBeNull();
  });

  it('garbage that is not a variation is an error, not a variation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(async () => new Response('{"foo":1}'));
    await boot('product-variable-many.html');
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('shoe-size'), '42');
    await userEvent.selectOptions(select('width'), 'Regular');
    await waitFor(() => $('p.wc-variation-lookup-error'));
    expect(variationId()).toBe('');
  });
});

describe('theme code triggering WooCommerce events into the form (jQuery on the page)', () => {
  const price = () => $('.single_variation .woocommerce-variation-price').textContent;
  const variationsOf = () => JSON.parse(form().getAttribute('data-product_variations')!) as Array<Record<string, unknown>>;

  beforeEach(() => {
    (window as { jQuery?: unknown }).jQuery = jQuery;
    installJQueryBridge();
  });
  afterEach(() => {
    jQuery(document.body).off();
    delete (window as { jQuery?: unknown }).jQuery;
  });

  it('fires wc_variation_form once on each form when it starts, with the form\'s parts as WooCommerce\'s instance has them', async () => {
    const heard: Array<{ form: Element; instance: Record<string, unknown> }> = [];
    const listener = function (this: Element, _event: unknown, instance: Record<string, unknown>) {
      heard.push({ form: this, instance });
    };
    // How themes and plugins listen: delegated from document, before the form exists.
    jQuery(document).on('wc_variation_form', '.variations_form', listener);
    try {
      await boot();
      await waitFor(() => expect(heard).toHaveLength(1));
      const { form: target, instance } = heard[0]!;
      expect(target).toBe(form());
      const elementsOf = (key: string) => Array.from(instance[key] as ArrayLike<Element>);
      expect(instance.$form).toBeInstanceOf(jQuery);
      expect(elementsOf('$form')).toEqual([form()]);
      expect(elementsOf('$attributeFields')).toEqual([select('pa_color'), select('pa_size')]);
      expect(elementsOf('$singleVariation')).toEqual([$('.single_variation')]);
      expect(elementsOf('$singleVariationWrap')).toEqual([$('.single_variation_wrap')]);
      expect(elementsOf('$resetVariations')).toEqual([$('.reset_variations')]);
      expect(elementsOf('$resetAlert')).toEqual([$('.reset_variations_alert')]);
      expect(elementsOf('$product')).toEqual([$('#product-12')]);
      expect(instance.useAjax).toBe(false);
      expect((instance.variationData as Array<{ variation_id: number }>).map((variation) => variation.variation_id)).toEqual([13, 14, 15, 16]);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(heard).toHaveLength(1);
    } finally {
      jQuery(document).off('wc_variation_form', '.variations_form', listener);
    }
  });

  it('wc_variation_form in ajax mode says so: variationData false, useAjax true', async () => {
    const instances: Array<Record<string, unknown>> = [];
    const listener = (_event: unknown, instance: Record<string, unknown>) => instances.push(instance);
    jQuery(document).on('wc_variation_form', listener);
    try {
      await boot('product-variable-many.html');
      await waitFor(() => expect(instances).toHaveLength(1));
      expect(instances[0]!.variationData).toBe(false);
      expect(instances[0]!.useAjax).toBe(true);
    } finally {
      jQuery(document).off('wc_variation_form', listener);
    }
  });

  it('VAR-05 woocommerce_variation_has_changed comes once the choice is evaluated, as WooCommerce fires it: variation id set, found_variation heard', async () => {
    await boot();
    const seen: string[] = [];
    const $form = jQuery(form());
    $form.on('woocommerce_variation_select_change woocommerce_update_variation_values found_variation', (event) => seen.push(event.type));
    // What a gateway's express button reads when it hears the event: the variation id and the button.
    $form.on('woocommerce_variation_has_changed', () => seen.push(`has_changed id=${variationId()} ${button().classList.contains('disabled') ? 'disabled' : 'enabled'}`));
    await userEvent.selectOptions(select('pa_color'), 'red');
    await waitFor(() => expect(seen).toContain('has_changed id= disabled'));
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(seen).toContain('has_changed id=13 enabled'));
    expect(seen).toEqual([
      'woocommerce_variation_select_change',
      'woocommerce_update_variation_values',
      'has_changed id= disabled',
      'woocommerce_variation_select_change',
      'woocommerce_update_variation_values',
      'found_variation',
      'has_changed id=13 enabled',
    ]);
  });

  it('VAR-06 Clear fires woocommerce_variation_select_change and woocommerce_variation_has_changed, as WooCommerce\'s reset does', async () => {
    await boot();
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(variationId()).toBe('13'));
    const seen: string[] = [];
    jQuery(form()).on('woocommerce_variation_select_change reset_data woocommerce_variation_has_changed', (event) => seen.push(event.type));
    await userEvent.click($('.reset_variations'));
    // reset_data may come again with the re-check 20 ms on, as WooCommerce repeats it too.
    expect(seen.slice(0, 3)).toEqual(['woocommerce_variation_select_change', 'reset_data', 'woocommerce_variation_has_changed']);
    // The re-check after a reset is no second change.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.filter((type) => type !== 'reset_data')).toEqual(['woocommerce_variation_select_change', 'woocommerce_variation_has_changed']);
  });

  it('VAR-02 VAR-11 found_variation and show_variation come with every evaluation that completes a match, as WooCommerce fires them', async () => {
    // Red in any size is one variation: choosing another size finds the same one again.
    await bootPage(
      withVariations(productMarkup('product-variable.html'), (variations) => {
        variations[0]!.attributes = { attribute_pa_color: 'red', attribute_pa_size: '' };
        variations.splice(1, 1);
      }),
    );
    await waitForMount('variation-form');
    const found: unknown[] = [];
    const shown: unknown[] = [];
    jQuery(form()).on('found_variation', (_event, variation: { variation_id: number }) => found.push(variation.variation_id));
    jQuery(form()).on('show_variation', (_event, variation: { variation_id: number }) => shown.push(variation.variation_id));
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(shown).toEqual([13]));
    const drawn = $('.single_variation').firstElementChild;
    // A theme's check_variations.
    jQuery(form()).trigger('check_variations');
    expect(found).toEqual([13, 13]);
    await waitFor(() => expect(shown).toEqual([13, 13]));
    // The "any" attribute changed: the same variation again.
    await userEvent.selectOptions(select('pa_size'), 'medium');
    await waitFor(() => expect(shown).toEqual([13, 13, 13]));
    expect(found).toEqual([13, 13, 13]);
    expect(variationId()).toBe('13');
    // The same data is not drawn again (no flicker of the block).
    expect($('.single_variation').firstElementChild).toBe(drawn);
  });

  it('VAR-02 selects set with jQuery .val().trigger("change") show the chosen variation', async () => {
    await boot();
    // jQuery's trigger() alone runs jQuery handlers only; the bridge makes it the browser's change event.
    jQuery(select('pa_color')).val('blue').trigger('change');
    jQuery(select('pa_size')).val('small').trigger('change');
    await waitFor(() => expect(variationId()).toBe('15'));
    expect(button().classList).not.toContain('disabled');
    await waitFor(() => expect(price()).toContain('18.00'));
  });

  it('VAR-02 VAR-07 check_variations evaluates selects that code set without any event', async () => {
    // A tee whose blue comes in small (and large) only.
    await bootPage(
      withVariations(productMarkup('product-variable.html'), (variations) => {
        variations[3]!.attributes = { attribute_pa_color: 'blue', attribute_pa_size: 'large' };
      }),
    );
    await waitForMount('variation-form');
    select('pa_color').value = 'blue';
    select('pa_size').value = 'small';
    jQuery(form()).trigger('check_variations');
    await waitFor(() => expect(variationId()).toBe('15'));
    expect(select('pa_size').querySelector<HTMLOptionElement>('option[value=medium]')!.disabled).toBe(true);
    await waitFor(() => expect(price()).toContain('18.00'));
  });

  it('VAR-07 update_variation_values re-filters the options for values code set without an event', async () => {
    await bootPage(
      withVariations(productMarkup('product-variable.html'), (variations) => {
        variations[3]!.attributes = { attribute_pa_color: 'blue', attribute_pa_size: 'large' };
      }),
    );
    await waitForMount('variation-form');
    const medium = () => select('pa_size').querySelector<HTMLOptionElement>('option[value=medium]')!;
    select('pa_color').value = 'blue';
    expect(medium().disabled).toBe(false);
    jQuery(form()).trigger('update_variation_values');
    await waitFor(() => expect(medium().disabled).toBe(true));
  });

  it('VAR-07 reload_product_variations after code replaced the attribute: embedded now, filtered, no get_variation call', async () => {
    await boot('product-variable-many.html');
    // A plugin that fetched the full list turns the ajax-mode form into an embedded one.
    form().setAttribute('data-product_variations', JSON.stringify([JSON.parse(answer('get_variation-found.json'))]));
    jQuery(form()).trigger('reload_product_variations');
    await userEvent.selectOptions(select('pa_color'), 'red');
    await waitFor(() => expect(select('shoe-size').querySelector<HTMLOptionElement>('option[value="41"]')!.disabled).toBe(true));
    await userEvent.selectOptions(select('shoe-size'), '42');
    await userEvent.selectOptions(select('width'), 'Regular');
    await waitFor(() => expect(button().classList).not.toContain('disabled'));
    await waitFor(() => expect(price()).toContain('65'));
    expect(fetchMock.mock.calls.filter((call) => String(call[0]).includes('get_variation'))).toEqual([]);
  });

  it('VAR-02 reload_product_variations with variations stored by jQuery .data() shows the new price of the chosen variation', async () => {
    await boot();
    await userEvent.selectOptions(select('pa_color'), 'blue');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(price()).toContain('18.00'));
    const variations = variationsOf().map((variation) =>
      variation.variation_id === 15 ? { ...variation, display_price: 19.5, price_html: '<span class="price">£19.50</span>' } : variation,
    );
    jQuery(form()).data('product_variations', variations).trigger('reload_product_variations');
    await waitFor(() => expect(price()).toContain('19.50'));
    expect(variationId()).toBe('15');
  });

  it('a reload_product_variations with broken data is reported and the form keeps working', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await boot();
    form().setAttribute('data-product_variations', '[{oops');
    jQuery(form()).trigger('reload_product_variations');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('reload_product_variations'), expect.anything(), form());
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(variationId()).toBe('13'));
  });

  it('VAR-08 reset_data from theme code hides the shown variation and restores SKU and image, keeping the choices (as WooCommerce)', async () => {
    await boot();
    const img = () => $<HTMLImageElement>('.woocommerce-product-gallery__image img.wp-post-image');
    const original = img().getAttribute('src');
    const hidden = vi.fn();
    jQuery(form()).on('hide_variation', hidden);
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(price()).toContain('20.00'));
    expect($('.product_meta .sku').textContent).toBe('TEE-RED-S');
    jQuery(form()).trigger('reset_data');
    expect($('.single_variation').textContent).toBe('');
    expect($('.product_meta .sku').textContent).toBe('TEE');
    await waitFor(() => expect(img().getAttribute('src')).toBe(original));
    expect(button().classList).toContain('wc-variation-selection-needed');
    expect(hidden).toHaveBeenCalledOnce();
    expect([select('pa_color').value, select('pa_size').value]).toEqual(['red', 'small']);
    // The next evaluation shows it again.
    jQuery(form()).trigger('check_variations');
    await waitFor(() => expect(price()).toContain('20.00'));
    expect(button().classList).not.toContain('disabled');
  });

  it('VAR-06 VAR-12 the reset link clicked with jQuery trigger("click") clears the choice and announces it', async () => {
    await boot();
    await userEvent.selectOptions(select('pa_color'), 'red');
    await userEvent.selectOptions(select('pa_size'), 'small');
    await waitFor(() => expect(variationId()).toBe('13'));
    // On a link jQuery runs its handlers but never the native click.
    jQuery('.reset_variations').trigger('click');
    await waitFor(() => expect(select('pa_color').value).toBe(''));
    expect(select('pa_size').value).toBe('');
    expect(variationId()).toBe('');
    expect($('.reset_variations_alert').textContent).toBe(PARAMS.i18n_reset_alert_text);
  });

  it('VAR-06 a reset button clicked with jQuery (which then clicks it natively too) resets once', async () => {
    await bootPage(
      productMarkup('product-variable.html').replace(
        '<a class="reset_variations" href="#" aria-label="Clear options">Clear</a>',
        '<button type="button" class="reset_variations" aria-label="Clear options">Clear</button>',
      ),
    );
    await waitForMount('variation-form');
    await userEvent.selectOptions(select('pa_color'), 'red');
    await waitFor(() => expect($('.reset_variations').style.visibility).toBe('visible'));
    const cleared = vi.fn();
    select('pa_color').addEventListener('change', cleared);
    jQuery('.reset_variations').trigger('click');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(select('pa_color').value).toBe('');
    expect(cleared).toHaveBeenCalledOnce();
  });

  it('our own events are not taken back in: a shopper change is handled once, our reset_data is not a theme reset', async () => {
    await boot();
    const themeResets = vi.fn();
    jQuery(form()).on('reset_data', themeResets);
    const busResets = vi.fn();
    on('variation:reset', busResets);
    const changed = vi.fn();
    on('variation:changed', changed);
    await userEvent.selectOptions(select('pa_color'), 'red');
    await waitFor(() => expect(themeResets).toHaveBeenCalled());
    expect(changed).toHaveBeenCalledOnce();
    expect(busResets).toHaveBeenCalledTimes(themeResets.mock.calls.length);
  });
});
