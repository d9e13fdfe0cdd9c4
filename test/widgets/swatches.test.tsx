import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on } from '../../src/bus';
import { navigation } from '../../src/cart';
import { resetSettingsCache } from '../../src/settings';
import { bootPage, realTurns, waitForMount } from '../helpers/page';
import { json, mockFetch, type RecordedRequest, text } from '../unit/http/fetch-mock';
import { shopSettings } from './cart-helpers';
import { HOODIE_VARIATIONS, productForm, shopCard, swatchSettings, variationsJson } from './swatches-markup';

const option = (attribute: string, slug: string, root: ParentNode = document) =>
  root.querySelector<HTMLElement>(`[swatches-attr="${attribute}"] .cfvsw-swatches-option[data-slug="${slug}"]`)!;
const color = (slug: string, root?: ParentNode) => option('attribute_pa_color', slug, root);
const size = (slug: string, root?: ParentNode) => option('attribute_pa_size', slug, root);
const button = () => document.querySelector<HTMLAnchorElement>('a.cfvsw_ajax_add_to_cart')!;
const thumbnail = () => document.querySelector<HTMLImageElement>('li.product img')!;
const visiblePrice = () => Array.from(document.querySelectorAll<HTMLElement>('li.product .price')).filter((p) => p.style.display !== 'none');
const notice = () => document.querySelector<HTMLElement>('li.product .vitrine-swatch-notice')!;
const liveStatus = () => document.querySelector<HTMLElement>('li.product .vitrine-swatch-status')!;
// The test build turns CSS imports into '': the real stylesheet, so computed styles (hidden, shown) are the shopper's.
const swatchesCss = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../styles/swatches.css'), 'utf8');
const NO_MATCH = 'Sorry, no products matched your selection. Please choose a different combination.';
const adds = (requests: RecordedRequest[]) => requests.filter((r) => r.body.includes('action=cfvsw_ajax_add_to_cart'));

function cartServer(answer: () => Response = () => json({ fragments: { 'div.widget_shopping_cart_content': '<div class="widget_shopping_cart_content"><p>Hoodie - Blue, Small</p></div>' }, cart_hash: 'h1' })) {
  return mockFetch((request) => (request.body.includes('cfvsw_ajax_add_to_cart') ? answer() : json(null)));
}

async function bootShop(variations = variationsJson(), settings: Partial<Record<string, string>> = {}) {
  swatchSettings(settings);
  await bootPage(`<div class="widget_shopping_cart_content"><p>empty</p></div><ul class="products">${shopCard(151, variations)}</ul>`);
  await waitForMount('swatches');
  await waitFor(() => expect(color('red').getAttribute('role')).toBe('radio'));
}

describe('swatches widget in the shop loop', () => {
  beforeEach(() => {
    resetSettingsCache();
    mockFetch(() => json(null));
    if (!document.querySelector('style[data-test-style="swatches"]')) {
      document.head.insertAdjacentHTML('beforeend', `<style data-test-style="swatches">${swatchesCss}</style>`);
    }
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('SWT-01 SWT-10 picking colour and size switches the button, price and thumbnail to the variation', async () => {
    await bootShop();
    expect(color('red').closest('[role="radiogroup"]')?.getAttribute('aria-label')).toBe('Color');
    await userEvent.click(color('blue'));
    await userEvent.click(size('small'));
    await waitFor(() => expect(button().textContent).toBe('Add to Cart'));
    expect(button().classList).toContain('cfvsw_variation_found');
    expect(button().getAttribute('data-variation_id')).toBe('163');
    expect(JSON.parse(button().getAttribute('data-selected_variant')!)).toEqual({ attribute_pa_color: 'blue', attribute_pa_size: 'small' });
    expect(thumbnail().getAttribute('src')).toBe('/img/hoodie-blue-450.jpg');
    expect(visiblePrice().map((p) => p.textContent)).toEqual(['$45.00']);
    expect(color('blue').getAttribute('aria-checked')).toBe('true');
    expect(document.querySelector('select[name="attribute_pa_color"]')).toHaveProperty('value', 'blue');
    // As the plugin: a shop card's rows have no label, and a name added under the swatches would make the card grow.
    expect(document.querySelector('.vitrine-swatch-chosen, .cfvsw-selected-label')).toBeNull();
  });

  it('SWT-01 the plugin stylesheet, when printed, alone sizes the options: nothing Vitrine adds moves a card', async () => {
    swatchSettings();
    await bootPage(
      `<link rel="stylesheet" id="cfvsw_swatches_product-css" href="/wp-content/plugins/variation-swatches-woo/assets/css/swatches.css?ver=1.0.13"><ul class="products">${shopCard(151, variationsJson())}</ul>`,
    );
    await waitForMount('swatches');
    await waitFor(() => expect(color('red').getAttribute('role')).toBe('radio'));
    expect(document.querySelector('style[data-vitrine-style="swatches"]')).not.toBeNull();
    expect(document.querySelector('style[data-vitrine-style="swatches-drawing"]')).toBeNull();
  });

  it('SWT-01 where the site dequeued the plugin stylesheet, Vitrine draws the options itself', async () => {
    await bootShop();
    expect(document.querySelector('style[data-vitrine-style="swatches-drawing"]')).not.toBeNull();
  });

  it('SWT-01 SWT-10 choices already in the selects when the swatches mount are shown and the card follows them at once', async () => {
    swatchSettings();
    // The theme (or the shopper, through the selects) chose before the swatches script arrived.
    await bootPage(`<div class="widget_shopping_cart_content"><p>empty</p></div><ul class="products">${shopCard(151, variationsJson())}</ul>`, {
      beforeScan: () => {
        document.querySelector<HTMLSelectElement>('select[name="attribute_pa_color"]')!.value = 'blue';
        document.querySelector<HTMLSelectElement>('select[name="attribute_pa_size"]')!.value = 'small';
      },
    });
    await waitForMount('swatches');
    await waitFor(() => expect(color('blue').getAttribute('aria-checked')).toBe('true'));
    expect(size('small').getAttribute('aria-checked')).toBe('true');
    expect(color('red').getAttribute('aria-checked')).toBe('false');
    // No further interaction: the card already shows and adds the chosen variation.
    await waitFor(() => expect(button().getAttribute('data-variation_id')).toBe('163'));
    expect(button().textContent).toBe('Add to Cart');
    expect(visiblePrice().map((p) => p.textContent)).toEqual(['$45.00']);
  });

  it('SWT-02 choosing a sibling deselects the previous swatch', async () => {
    await bootShop();
    await userEvent.click(color('red'));
    await userEvent.click(color('blue'));
    await waitFor(() => expect(color('blue').classList).toContain('cfvsw-selected-swatch'));
    expect(color('red').classList).not.toContain('cfvsw-selected-swatch');
    expect(color('red').getAttribute('aria-checked')).toBe('false');
  });

  it('SWT-03 clicking the chosen swatch deselects it and restores button, price and thumbnail', async () => {
    await bootShop();
    const originalSrc = thumbnail().getAttribute('src');
    await userEvent.click(color('blue'));
    await userEvent.click(size('small'));
    await waitFor(() => expect(button().textContent).toBe('Add to Cart'));
    await userEvent.click(size('small'));
    await waitFor(() => expect(button().textContent).toBe('Select options'));
    expect(button().hasAttribute('data-variation_id')).toBe(false);
    expect(button().getAttribute('aria-label')).toBe('Select options for “Big Hoodie”');
    expect(thumbnail().getAttribute('src')).toBe(originalSrc);
    expect(thumbnail().getAttribute('srcset')).toContain('450w');
    expect(visiblePrice().map((p) => p.textContent?.trim())).toEqual(['$35.00 – $50.00']);
  });

  it('SWT-04 SWT-05 an out-of-stock combination is disabled, announced with its reason and ignores clicks', async () => {
    await bootShop();
    await userEvent.click(color('red'));
    await waitFor(() => expect(size('large').classList).toContain('cfvsw-swatches-disabled'));
    expect(size('large').classList).toContain('cfvsw-swatches-blur-disable');
    expect(size('large').getAttribute('aria-disabled')).toBe('true');
    expect(size('large').getAttribute('aria-label')).toBe('Large (out of stock with the chosen options)');
    await userEvent.click(size('large'));
    expect(document.querySelector<HTMLSelectElement>('select[name="attribute_pa_size"]')!.value).toBe('');
    expect(size('large').getAttribute('aria-checked')).toBe('false');
  });

  it('SWT-05 a disabled swatch is re-enabled when the choice changes and on reset', async () => {
    await bootShop();
    await userEvent.click(color('red'));
    await waitFor(() => expect(size('large').getAttribute('aria-disabled')).toBe('true'));
    await userEvent.click(color('blue'));
    await waitFor(() => expect(size('large').hasAttribute('aria-disabled'), 'after blue').toBe(false));
    await userEvent.click(color('red'));
    await waitFor(() => expect(size('large').getAttribute('aria-disabled')).toBe('true'));
    await userEvent.click(document.querySelector<HTMLAnchorElement>('a.reset_variations')!);
    await waitFor(() => expect(size('large').hasAttribute('aria-disabled')).toBe(false));
    expect(color('red').getAttribute('aria-checked')).toBe('false');
  });

  it('SWT-06 SWT-12 with disable_out_of_stock off the combination is selectable, then the add alerts and sends nothing', async () => {
    const requests = cartServer();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    await bootShop(variationsJson(), { disable_out_of_stock: '' });
    await userEvent.click(color('red'));
    await userEvent.click(size('large'));
    await waitFor(() => expect(button().classList).toContain('wc-variation-is-unavailable'));
    expect(size('large').hasAttribute('aria-disabled')).toBe(false);
    await userEvent.click(button());
    expect(alert).toHaveBeenCalledWith('Selected variant is unavailable.');
    expect(adds(requests)).toHaveLength(0);
  });

  it('SWT-11 the add posts cfvsw_ajax_add_to_cart through the queue, loading then added, fragments applied, events fired', async () => {
    const requests = cartServer();
    const events: string[] = [];
    const stops = [on('cart:adding', () => events.push('adding')), on('cart:added', ({ cartHash }) => events.push(`added ${cartHash}`))];
    await bootShop();
    await userEvent.click(color('blue'));
    await userEvent.click(size('small'));
    await waitFor(() => expect(button().textContent).toBe('Add to Cart'));
    await userEvent.click(button());
    await waitFor(() => expect(button().classList).toContain('added'));
    expect(button().classList).not.toContain('loading');
    const body = new URLSearchParams(adds(requests)[0]!.body);
    expect(adds(requests)[0]!.url).toContain('/wp-admin/admin-ajax.php');
    expect(Object.fromEntries(body)).toMatchObject({
      action: 'cfvsw_ajax_add_to_cart',
      security: 'd957a96745',
      product_id: '151',
      variation_id: '163',
      'variation[attribute_pa_color]': 'blue',
      'variation[attribute_pa_size]': 'small',
    });
    expect(document.querySelector('.widget_shopping_cart_content')?.textContent).toBe('Hoodie - Blue, Small');
    expect(events).toEqual(['adding', 'added h1']);
    for (const stop of stops) stop();
  });

  it('ATC-03 a second click while loading queues a second add, sent only after the first answered, never merged', async () => {
    const answers: Array<() => void> = [];
    const requests = mockFetch((request) =>
      request.body.includes('cfvsw')
        ? new Promise<Response>((resolve) => answers.push(() => resolve(json({ fragments: {}, cart_hash: `h${answers.length}` }))))
        : json(null),
    );
    await bootShop();
    await userEvent.click(color('blue'));
    await userEvent.click(size('small'));
    await waitFor(() => expect(button().textContent).toBe('Add to Cart'));
    await userEvent.click(button());
    await waitFor(() => expect(button().classList).toContain('loading'));
    await userEvent.click(button());
    await realTurns();
    expect(adds(requests), 'one request at a time').toHaveLength(1);
    answers.shift()!();
    await waitFor(() => expect(adds(requests)).toHaveLength(2));
    expect(button().classList, 'still loading while the second add runs').toContain('loading');
    answers.shift()!();
    await waitFor(() => expect(button().classList).toContain('added'));
    expect(button().classList).not.toContain('loading');
    const [first, second] = adds(requests).map((r) => Object.fromEntries(new URLSearchParams(r.body)));
    expect(second).toEqual(first);
    expect(first).toMatchObject({ variation_id: '163', quantity: '1' });
  });

  it('SWT-13 a variation id of zero leaves the default click and sends nothing', async () => {
    const requests = cartServer();
    await bootShop(variationsJson({ 163: 0 }));
    await userEvent.click(color('blue'));
    await userEvent.click(size('small'));
    await waitFor(() => expect(button().classList).toContain('cfvsw_variation_found'));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button().dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(adds(requests)).toHaveLength(0);
  });

  it('SWT-13 a product id that is not a number leaves the default click and sends nothing', async () => {
    const requests = cartServer();
    swatchSettings();
    await bootPage(`<ul class="products">${shopCard(151, variationsJson()).replace('data-product_id="151"', 'data-product_id="abc"')}</ul>`);
    await waitForMount('swatches');
    await waitFor(() => expect(color('blue').getAttribute('role')).toBe('radio'));
    await userEvent.click(color('blue'));
    await userEvent.click(size('small'));
    await waitFor(() => expect(button().classList).toContain('cfvsw_variation_found'));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button().dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(adds(requests)).toHaveLength(0);
  });

  it('{error, product_url} sends the shopper to the product page', async () => {
    cartServer(() => json({ error: true, product_url: '/product/big-hoodie/' }));
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    await bootShop();
    await userEvent.click(color('blue'));
    await userEvent.click(size('small'));
    await waitFor(() => expect(button().textContent).toBe('Add to Cart'));
    await userEvent.click(button());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/product/big-hoodie/'));
    expect(button().classList).not.toContain('loading');
  });

  it('a server error or garbage leaves no loading state, logs and announces, and the button still works', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let answers = [() => text('<html>Fatal error</html>', { status: 500 }), () => text('not json')];
    const requests = cartServer(() => answers.shift()!());
    await bootShop();
    await userEvent.click(color('blue'));
    await userEvent.click(size('small'));
    await waitFor(() => expect(button().textContent).toBe('Add to Cart'));
    await userEvent.click(button());
    await waitFor(() => expect(error).toHaveBeenCalled());
    await waitFor(() => expect(button().classList).not.toContain('loading'));
    expect(button().classList).not.toContain('added');
    await waitFor(() => expect(document.querySelector('.widget_shopping_cart_live_region')?.textContent).not.toBe(''));
    answers = [() => text('not json')];
    await userEvent.click(button());
    await waitFor(() => expect(adds(requests)).toHaveLength(2));
  });

  it('malformed data-product_variations: one console error, selects shown so the shopper can still choose', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    swatchSettings();
    await bootPage(`<ul class="products">${shopCard(151, '[{broken')}</ul>`);
    await waitForMount('swatches', undefined, 'failed');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toContain('swatches: invalid data-product_variations');
    expect(document.querySelector<HTMLElement>('.cfvsw-hidden-select')!.style.getPropertyValue('display')).toBe('block');
    expect(color('red').hasAttribute('role')).toBe(false);
  });

  it('an invalid cfvsw_swatches_settings is reported with its field', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await bootShop().catch(() => {});
    swatchSettings({ remove_attr_class: 'cfvsw-swatches-sparkle' });
    await bootPage(`<ul class="products">${shopCard(151, variationsJson())}</ul>`);
    await waitForMount('swatches', undefined, 'failed');
    expect(String(error.mock.calls.at(-1)![0])).toContain('invalid cfvsw_swatches_settings.remove_attr_class');
  });

  it('data-product_variations="false" asks get_variation for the complete choice', async () => {
    const requests = mockFetch((request) =>
      request.url.includes('get_variation') ? json(JSON.parse(variationsJson())[2]) : json(null),
    );
    await bootShop('false');
    await userEvent.click(color('blue'));
    await userEvent.click(size('small'));
    await waitFor(() => expect(button().getAttribute('data-variation_id')).toBe('163'));
    const lookup = requests.find((r) => r.url.includes('get_variation'))!;
    expect(Object.fromEntries(new URLSearchParams(lookup.body))).toMatchObject({ product_id: '151', attribute_pa_color: 'blue', attribute_pa_size: 'small' });
  });

  it('keyboard: one tab stop per group, arrows move and choose, Space deselects, Escape hides the tooltip', async () => {
    await bootShop();
    const tabbable = Array.from(document.querySelectorAll('.cfvsw-swatches-option[tabindex="0"]'));
    expect(tabbable).toHaveLength(2);
    color('red').focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(color('blue').getAttribute('aria-checked')).toBe('true'));
    expect(document.activeElement).toBe(color('blue'));
    await userEvent.keyboard(' ');
    await waitFor(() => expect(color('blue').getAttribute('aria-checked')).toBe('false'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(color('blue').getAttribute('aria-checked')).toBe('true'));
  });

  it('SWT-07 SWT-14 a colour swatch shows its tooltip on hover and focus; label swatches get none', async () => {
    await bootShop();
    await userEvent.hover(color('red'));
    // The tooltip's code is a chunk of its own, fetched as the pointer comes near (swatches-tooltip-late.test.tsx).
    const tooltip = await waitFor(() => {
      const shown = document.querySelector<HTMLElement>('[role="tooltip"].cfvsw-tooltip');
      expect(shown).not.toBeNull();
      return shown!;
    });
    expect(tooltip.textContent).toBe('Red');
    expect(tooltip.style.animationDuration).toBe('500ms');
    expect(color('red').getAttribute('aria-describedby')).toBe(tooltip.id);
    await userEvent.unhover(color('red'));
    await waitFor(() => expect(document.querySelector('[role="tooltip"]')).toBeNull());
    size('small').focus();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('[role="tooltip"]')).toBeNull();
  });

  it('SWT-05 hide mode: arrow keys skip the hidden options and Tab still reaches the group', async () => {
    await bootShop(variationsJson(), { remove_attr_class: 'cfvsw-swatches-hide' });
    await userEvent.click(color('red'));
    await waitFor(() => expect(size('large').classList).toContain('cfvsw-swatches-hide-disable'));
    expect(getComputedStyle(size('large')).display, 'red/large is sold out: hidden').toBe('none');
    await userEvent.tab();
    expect(document.activeElement).toBe(size('small'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement, 'the hidden Large is skipped, focus wraps to Small').toBe(size('small'));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(size('small'));
    expect(size('small').getAttribute('tabindex')).toBe('0');
    expect(size('large').getAttribute('tabindex')).toBe('-1');
    // Leave the group and come back: the tab stop is still on a swatch that can take focus.
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(color('red'));
    await userEvent.tab();
    expect(document.activeElement).toBe(size('small'));
    expect(size('small').getAttribute('aria-checked'), 'an arrow that cannot move chooses nothing').toBe('false');
    await userEvent.keyboard(' ');
    await waitFor(() => expect(size('small').getAttribute('aria-checked')).toBe('true'));
  });

  it('SWT-05 hide mode: with the first colours hidden, Home and the tab stop go to the first visible one', async () => {
    await bootShop(variationsJson(), { remove_attr_class: 'cfvsw-swatches-hide' });
    await userEvent.click(size('large'));
    // Large: red is sold out and green does not exist; only Blue is left.
    await waitFor(() => expect(color('red').classList).toContain('cfvsw-swatches-hide-disable'));
    expect(color('blue').getAttribute('tabindex')).toBe('0');
    color('blue').focus();
    for (const key of ['{Home}', '{ArrowLeft}', '{ArrowRight}', '{End}']) {
      await userEvent.keyboard(key);
      expect(document.activeElement, key).toBe(color('blue'));
      expect(color('blue').getAttribute('tabindex'), key).toBe('0');
    }
    expect(document.querySelectorAll('[swatches-attr="attribute_pa_color"] [tabindex="0"]')).toHaveLength(1);
  });

  for (const mode of ['cfvsw-swatches-blur', 'cfvsw-swatches-blur-cross']) {
    it(`SWT-04 ${mode}: an unavailable swatch stays reachable by arrow, announced as such, and is not chosen`, async () => {
      await bootShop(variationsJson(), { remove_attr_class: mode });
      await userEvent.click(color('red'));
      await waitFor(() => expect(size('large').getAttribute('aria-disabled')).toBe('true'));
      size('small').focus();
      await userEvent.keyboard('{ArrowRight}');
      expect(document.activeElement).toBe(size('large'));
      expect(size('large').getAttribute('tabindex')).toBe('0');
      expect(size('large').getAttribute('aria-label')).toBe('Large (out of stock with the chosen options)');
      expect(size('large').getAttribute('aria-checked')).toBe('false');
      expect(document.querySelector<HTMLSelectElement>('select[name="attribute_pa_size"]')!.value).toBe('');
    });
  }

  it('SWT-06 SWT-12 with disable_out_of_stock off an unavailable combination says so on the card, once for screen readers', async () => {
    await bootShop(variationsJson(), { disable_out_of_stock: '' });
    expect(notice().textContent).toBe('');
    await userEvent.click(color('red'));
    await userEvent.click(size('large'));
    await waitFor(() => expect(notice().textContent).toBe('Selected variant is unavailable.'));
    expect(notice().getAttribute('role')).toBe('alert');
    expect(notice().closest('.cfvsw_variations_form'), 'under the swatches, in the card').not.toBeNull();
    expect(getComputedStyle(notice()).display).toBe('block');
    expect(getComputedStyle(notice()).marginTop).toBe('4px');
    expect(liveStatus().textContent, 'not announced twice').toBe('');
    await userEvent.click(size('large'));
    await waitFor(() => expect(notice().textContent).toBe(''));
    expect(getComputedStyle(notice()).marginTop, 'no empty gap left in the card').toBe('0px');
  });

  it('SWT-06 the card filters options no variation offers with the other choices, as the variation form does', async () => {
    const noRedLarge = HOODIE_VARIATIONS.filter((v) => v.id !== 162);
    await bootShop(variationsJson({}, noRedLarge), { disable_out_of_stock: '' });
    await waitFor(() => expect(color('green').getAttribute('aria-disabled')).toBe('true'));
    expect(color('green').getAttribute('aria-label')).toBe('Green (unavailable with the chosen options)');
    expect(size('large').hasAttribute('aria-disabled')).toBe(false);
    await userEvent.click(color('red'));
    await waitFor(() => expect(size('large').getAttribute('aria-disabled')).toBe('true'));
    expect(size('large').classList).toContain('cfvsw-swatches-out-of-stock');
    expect(size('large').getAttribute('aria-label')).toBe('Large (unavailable with the chosen options)');
    await userEvent.click(size('large'));
    expect(document.querySelector<HTMLSelectElement>('select[name="attribute_pa_size"]')!.value).toBe('');
    await userEvent.click(color('red'));
    await waitFor(() => expect(size('large').hasAttribute('aria-disabled')).toBe(false));
  });

  it('without embedded variations a combination get_variation has none for shows the no-match text on the card, and is remembered', async () => {
    const requests = mockFetch((request) => {
      if (!request.url.includes('get_variation')) return json(null);
      const asked = new URLSearchParams(request.body);
      const match = JSON.parse(variationsJson()).find(
        (v: { attributes: Record<string, string> }) =>
          v.attributes.attribute_pa_color === asked.get('attribute_pa_color') && v.attributes.attribute_pa_size === asked.get('attribute_pa_size'),
      );
      return json(asked.get('attribute_pa_color') === 'blue' && asked.get('attribute_pa_size') === 'large' ? false : (match ?? false));
    });
    await bootShop('false', { disable_out_of_stock: '' });
    await userEvent.click(color('blue'));
    await userEvent.click(size('large'));
    await waitFor(() => expect(notice().textContent).toBe(NO_MATCH));
    expect(notice().getAttribute('role')).toBe('alert');
    expect(liveStatus().textContent, 'not announced twice').toBe('');
    expect(button().textContent).toBe('Select options');
    // Another colour: the answer for Blue + Large is remembered, so Blue is marked as not available with Large.
    await userEvent.click(color('red'));
    await waitFor(() => expect(button().getAttribute('data-variation_id')).toBe('162'));
    expect(notice().textContent).toBe('Selected variant is unavailable.');
    expect(color('blue').getAttribute('aria-disabled')).toBe('true');
    expect(color('blue').getAttribute('aria-label')).toBe('Blue (unavailable with the chosen options)');
    await userEvent.click(size('small'));
    await waitFor(() => expect(button().getAttribute('data-variation_id')).toBe('161'));
    expect(notice().textContent).toBe('');
    expect(liveStatus().textContent).toBe('Add to Cart: $40.00');
    expect(color('blue').hasAttribute('aria-disabled')).toBe(false);
    expect(requests.filter((r) => r.url.includes('get_variation'))).toHaveLength(3);
  });

  it('a listener on cart:added (jQuery added_to_cart) sees the new mini cart and the updated button, as after WooCommerce\'s own handlers', async () => {
    shopSettings();
    cartServer();
    const seen: Array<{ mini: string; classes: string; viewCart: boolean }> = [];
    const order: string[] = [];
    const stops = [
      on('cart:button-updated', () => order.push('button-updated')),
      on('cart:added', ({ button: added }) => {
        order.push('added');
        seen.push({
          mini: document.querySelector('.widget_shopping_cart_content')?.textContent ?? '',
          classes: added?.className ?? '',
          viewCart: Boolean(added?.parentElement?.querySelector('a.added_to_cart')),
        });
      }),
    ];
    try {
      await bootShop();
      await userEvent.click(color('blue'));
      await userEvent.click(size('small'));
      await waitFor(() => expect(button().textContent).toBe('Add to Cart'));
      await userEvent.click(button());
      await waitFor(() => expect(seen).toHaveLength(1));
      expect(seen[0]!.mini).toBe('Hoodie - Blue, Small');
      expect(seen[0]!.classes).toContain('added');
      expect(seen[0]!.classes).not.toContain('loading');
      expect(seen[0]!.viewCart).toBe(true);
      expect(order).toEqual(['button-updated', 'added']);
    } finally {
      for (const stop of stops) stop();
      delete (window as unknown as Record<string, unknown>).wc_add_to_cart_params;
      delete (window as unknown as Record<string, unknown>).wc_cart_fragments_params;
      resetSettingsCache();
    }
  });

  it('SWT-01 a card swatch works as soon as the page is ready, even when the browser never goes idle', async () => {
    // A busy page: requestIdleCallback would only fire at its 2 s timeout.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => {});
    swatchSettings();
    await bootPage(`<ul class="products">${shopCard(151, variationsJson())}</ul>`);
    await waitFor(() => expect(color('blue').getAttribute('role')).toBe('radio'));
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    color('blue').dispatchEvent(tap);
    expect(tap.defaultPrevented, 'the tap does not follow the product link').toBe(true);
    await waitFor(() => expect(color('blue').getAttribute('aria-checked')).toBe('true'));
  });

  it('SWT-09 cards added later (infinite scroll) get working swatches and buttons', async () => {
    await bootShop();
    document.querySelector('ul.products')!.insertAdjacentHTML('beforeend', shopCard(152, variationsJson()));
    const card = document.querySelectorAll('li.product')[1]!;
    await waitFor(() => expect(color('blue', card).getAttribute('role')).toBe('radio'), { timeout: 30_000 });
    await userEvent.click(color('blue', card));
    await userEvent.click(size('small', card));
    await waitFor(() => expect(card.querySelector('a.cfvsw_ajax_add_to_cart')?.textContent).toBe('Add to Cart'));
    expect(button().textContent).toBe('Select options');
  });
});

describe('swatches widget on the product page', () => {
  beforeEach(() => {
    resetSettingsCache();
    mockFetch(() => json(null));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('SWT-01 a swatch sets the select and fires change; a select change moves the swatch', async () => {
    swatchSettings();
    await bootPage(productForm(variationsJson()));
    await waitForMount('swatches');
    await waitFor(() => expect(color('red').getAttribute('role')).toBe('radio'));
    const select = document.querySelector<HTMLSelectElement>('select[name="attribute_pa_color"]')!;
    const changes = vi.fn();
    select.addEventListener('change', changes);
    await userEvent.click(color('blue'));
    expect(select.value).toBe('blue');
    expect(changes).toHaveBeenCalledOnce();
    expect(document.querySelector('label[for="pa_color"] .cfvsw-selected-label')?.textContent).toBe('Blue');
    select.value = 'red';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => expect(color('red').getAttribute('aria-checked')).toBe('true'));
    expect(color('blue').getAttribute('aria-checked')).toBe('false');
  });

  it('SWT-04 options the variation form prunes from the select (no such variation) become out of stock and ignore clicks', async () => {
    swatchSettings({ disable_out_of_stock: '' });
    await bootPage(productForm(variationsJson()));
    await waitForMount('swatches');
    await waitForMount('variation-form');
    await waitFor(() => expect(color('green').classList).toContain('cfvsw-swatches-out-of-stock'));
    expect(color('green').classList).toContain('cfvsw-swatches-blur');
    expect(color('green').getAttribute('aria-label')).toBe('Green (unavailable with the chosen options)');
    const colors = document.querySelector<HTMLSelectElement>('select[name="attribute_pa_color"]')!;
    await userEvent.click(color('green'));
    expect(colors.value).toBe('');
    expect(color('red').classList).not.toContain('cfvsw-swatches-out-of-stock');
  });

  it('a broken data-product_variations on the product page: one console error (the variation form\'s), swatches still choose', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    swatchSettings();
    await bootPage(productForm('[{oops'));
    await waitForMount('variation-form', undefined, 'failed');
    await waitForMount('swatches');
    await waitFor(() => expect(color('blue').getAttribute('role')).toBe('radio'));
    await userEvent.click(color('blue'));
    expect(document.querySelector<HTMLSelectElement>('select[name="attribute_pa_color"]')!.value).toBe('blue');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toContain('variation-form');
  });

  it('SWT-14 WooCommerce 9.5\'s reset button (a <button>, not a link) clears the swatches when no variation form did', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    swatchSettings();
    const markup = productForm('[{oops').replace(
      '<a class="reset_variations" href="#" aria-label="Clear options">Clear</a>',
      '<button type="button" class="reset_variations" aria-label="Clear options">Clear</button>',
    );
    await bootPage(markup);
    await waitForMount('variation-form', undefined, 'failed');
    await waitForMount('swatches');
    await waitFor(() => expect(color('blue').getAttribute('role')).toBe('radio'));
    await userEvent.click(color('blue'));
    await userEvent.click(document.querySelector<HTMLButtonElement>('button.reset_variations')!);
    await waitFor(() => expect(document.querySelector<HTMLSelectElement>('select[name="attribute_pa_color"]')!.value).toBe(''));
    expect(color('blue').getAttribute('aria-checked')).toBe('false');
  });
});

describe('swatches in layered-nav filter lists', () => {
  const filterList = `<ul class="woocommerce-widget-layered-nav-list">
    <li class="woocommerce-widget-layered-nav-list__item wc-layered-nav-term woocommerce-widget-layered-nav-list__item--chosen chosen"><a ref="nofollow" href="/shop/"><div class="cfvsw-swatches-container"><div class="cfvsw-swatches-option" data-slug="red" data-title="Red" style="background-color:#c00;"></div></div></a> <span class="count">(2)</span></li>
    <li class="woocommerce-widget-layered-nav-list__item wc-layered-nav-term"><a ref="nofollow" href="/shop/?filter_color=blue"><div class="cfvsw-swatches-container"><div class="cfvsw-swatches-option" data-slug="blue" data-title="Blue" style="background-color:#00c;"></div></div></a> <span class="count">(1)</span></li>
  </ul>`;

  it('SWT-08 names each swatch link, marks the chosen term and keeps plain links', async () => {
    await bootPage(filterList);
    await waitForMount('filter-swatches');
    const list = document.querySelector('ul.woocommerce-widget-layered-nav-list')!;
    await waitFor(() => expect(list.classList).toContain('cfvsw-filters'));
    const [red, blue] = Array.from(list.querySelectorAll('a'));
    expect(red!.getAttribute('aria-label')).toBe('Red (selected, remove filter)');
    expect(red!.getAttribute('aria-current')).toBe('true');
    expect(blue!.getAttribute('aria-label')).toBe('Blue');
    expect(blue!.getAttribute('href')).toBe('/shop/?filter_color=blue');
    expect(blue!.hasAttribute('aria-current')).toBe(false);
  });

  it('SWT-08 a filter list without swatches is left alone', async () => {
    await bootPage('<ul class="woocommerce-widget-layered-nav-list"><li><a href="/shop/?filter_size=small">Small</a></li></ul>');
    await waitForMount('filter-swatches', undefined, 'skipped');
    expect(document.querySelector('ul')!.classList).not.toContain('cfvsw-filters');
  });
});
