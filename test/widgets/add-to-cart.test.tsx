import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import $ from 'jquery';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { report, scan } from '../../mount/mounts';
import { navigation } from '../../src/cart';
import { installJQueryBridge, resetJQueryBridgeForTests } from '../../src/jquery-bridge';
import { bootPage, realTurns, returnFromPageCache, waitForMount } from '../helpers/page';
import { deferred, json, mockFetch, type RecordedRequest, text } from '../unit/http/fetch-mock';
import { formOf, loopButton, miniCart, miniCartLine, recordEvents, shopSettings } from './cart-helpers';

const page = (buttons = loopButton(11, 'Sale Poster')) =>
  `<div class="widget_shopping_cart"><div class="hide_cart_widget_if_empty">${miniCart([])}</div></div><ul class="products">${buttons}</ul>`;

const added = (lines: string[], hash = 'hash-1') => json({ fragments: { 'div.widget_shopping_cart_content': miniCart(lines) }, cart_hash: hash });

const button = (id = 11) => document.querySelector<HTMLAnchorElement>(`a[data-product_id="${id}"]`)!;
const addRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.includes('wc-ajax=add_to_cart'));

/** Every page load also refreshes the mini cart; answer it with the empty cart unless told otherwise. */
function server(onAdd: (index: number, body: string) => Response | Promise<Response>) {
  let adds = 0;
  return mockFetch((request) => {
    if (request.url.includes('get_refreshed_fragments')) return json({ fragments: { 'div.widget_shopping_cart_content': miniCart([]) }, cart_hash: '' });
    return onAdd(adds++, request.body);
  });
}

describe('add-to-cart widget', () => {
  beforeEach(() => shopSettings());
  afterEach(() => {
    delete (window as { jQuery?: unknown }).jQuery;
  });

  it('ATC-01 ATC-04 ATC-08 adds without a page load, posting every data attribute, and replaces the fragments', async () => {
    const requests = server(() => added([miniCartLine('k1', 'Sale Poster', 1)]));
    const events = recordEvents(['cart:adding', 'cart:added', 'cart:button-updated', 'fragments:loaded']);
    await bootPage(page());
    await waitForMount('add-to-cart');
    await userEvent.click(button());
    await waitFor(() => expect(document.querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1));
    const [request] = addRequests(requests);
    expect(request!.method).toBe('POST');
    expect(formOf(request!.body)).toEqual({
      quantity: '1',
      product_id: '11',
      product_sku: 'SKU-11',
      success_message: '“Sale Poster” has been added to your cart',
    });
    expect(events.map((e) => e.name)).toEqual(expect.arrayContaining(['cart:adding', 'cart:added', 'cart:button-updated', 'fragments:loaded']));
    expect(location.search).toBe('');
  });

  it('ATC-02 ATC-09 goes loading → added with one view-cart link, and announces the success message', async () => {
    const answer = deferred<Response>();
    let calls = 0;
    server(() => (calls++ === 0 ? answer.promise : added([miniCartLine('k1', 'Sale Poster', 2)])));
    await bootPage(page());
    await waitForMount('add-to-cart');
    await userEvent.click(button());
    expect(button().classList.contains('loading')).toBe(true);
    expect(button().getAttribute('aria-busy')).toBe('true');
    answer.resolve(added([miniCartLine('k1', 'Sale Poster', 1)]));
    await waitFor(() => expect(button().classList.contains('added')).toBe(true));
    expect(button().classList.contains('loading')).toBe(false);
    expect(button().hasAttribute('aria-busy')).toBe(false);
    const link = document.querySelector<HTMLAnchorElement>('a.added_to_cart.wc-forward')!;
    expect(link.getAttribute('href')).toBe('/cart/');
    expect(link.textContent).toBe('View cart');
    expect(button().nextElementSibling).toBe(link);
    await userEvent.click(button());
    await waitFor(() => expect(document.querySelector('.quantity')?.textContent).toContain('2'));
    expect(document.querySelectorAll('a.added_to_cart')).toHaveLength(1);
    await waitFor(() => expect(document.querySelector('.widget_shopping_cart_live_region')?.textContent).toBe('“Sale Poster” has been added to your cart'), {
      timeout: 30_000, // a deadline for a hang, not a timing
    });
    expect(document.querySelector('.widget_shopping_cart_live_region')?.getAttribute('role')).toBe('status');
  });

  it('ATC-09 shows no view-cart link on the cart page', async () => {
    shopSettings({ is_cart: '1' });
    server(() => added([miniCartLine('k1', 'Sale Poster', 1)]));
    await bootPage(page());
    await waitForMount('add-to-cart');
    await userEvent.click(button());
    await waitFor(() => expect(button().classList.contains('added')).toBe(true));
    expect(document.querySelector('a.added_to_cart')).toBeNull();
  });

  it('ATC-03 a second click queues a second add, sent only after the first answered, never merged', async () => {
    const first = deferred<Response>();
    const requests = server((index) => (index === 0 ? first.promise : added([miniCartLine('k1', 'Sale Poster', 2)], 'hash-2')));
    await bootPage(page());
    await waitForMount('add-to-cart');
    await userEvent.click(button());
    await userEvent.click(button());
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(addRequests(requests)).toHaveLength(1);
    expect(button().classList.contains('loading')).toBe(true);
    first.resolve(added([miniCartLine('k1', 'Sale Poster', 1)]));
    await waitFor(() => expect(addRequests(requests)).toHaveLength(2));
    await waitFor(() => expect(button().classList.contains('loading')).toBe(false));
    expect(document.querySelector('.quantity')?.textContent).toContain('2');
  });

  it("ATC-08 an add on the cart page while it shows no cart (a suggested product under 'Your cart is empty') reloads it, as cart.js does; with the cart form there, no reload", async () => {
    shopSettings({ is_cart: '1' });
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => {});
    const requests = server(() => added([miniCartLine('k1', 'Sale Poster', 1)]));
    await bootPage(`<div class="woocommerce"><div class="wc-empty-cart-message"><div class="cart-empty woocommerce-info">Your cart is currently empty.</div></div></div>${page()}`);
    await waitForMount('add-to-cart');
    await userEvent.click(button());
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // The cart page with its form: the cart page widget draws the new line itself (cart:added), nothing reloads.
    document.body.insertAdjacentHTML('afterbegin', '<form class="woocommerce-cart-form" action="/cart/" method="post"></form>');
    await waitFor(() => expect(button().classList.contains('loading')).toBe(false));
    await userEvent.click(button());
    await waitFor(() => expect(button().classList.contains('loading')).toBe(false));
    await realTurns();
    expect(addRequests(requests)).toHaveLength(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ATC-06 an error with product_url sends the shopper to the product page', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    server(() => json({ error: true, product_url: '/product/limited-art-print/' }));
    await bootPage(page());
    await waitForMount('add-to-cart');
    await userEvent.click(button());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/product/limited-art-print/'));
    expect(document.querySelector('a.added_to_cart')).toBeNull();
  });

  it('ATC-07 a site set to redirect after adding sends the shopper to the cart', async () => {
    shopSettings({ cart_redirect_after_add: 'yes', cart_url: '/basket/' });
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    server(() => added([miniCartLine('k1', 'Sale Poster', 1)]));
    await bootPage(page());
    await waitForMount('add-to-cart');
    await userEvent.click(button());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/basket/'));
    // Leaving: the button stays busy until the browser moves on.
    await realTurns();
    expect(button().classList).toContain('loading');
    // Back from the page cache the page is as it was left: the button must not spin for ever.
    returnFromPageCache();
    expect(button().classList).not.toContain('loading');
    expect(button().hasAttribute('aria-busy')).toBe(false);
  });

  it('ATC-11 an empty answer is ignored: the button leaves loading and nothing else changes', async () => {
    server(() => text(''));
    await bootPage(page());
    await waitForMount('add-to-cart');
    await userEvent.click(button());
    await waitFor(() => expect(button().classList.contains('loading')).toBe(false));
    expect(button().classList.contains('added')).toBe(false);
    expect(document.querySelector('a.added_to_cart, .vitrine-add-to-cart-error')).toBeNull();
  });

  for (const [label, failure, message] of [
    ['a 500 error page', () => text('<html>critical error</html>', { status: 500 }), 'An unknown error occurred.'],
    ['invalid JSON', () => text('<b>Warning</b>: oops {"fragments":{}}'), 'The response is not a valid JSON response.'],
    ['a dropped connection', () => Promise.reject(new TypeError('Failed to fetch')), 'You are probably offline.'],
    ['a number instead of an object', () => text('-1'), 'An unknown error occurred.'],
  ] as const) {
    it(`ATC-11 ${label}: loading is removed, the error is logged and shown, and the next queued add still goes through`, async () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const failed = recordEvents(['cart:failed']);
      const first = deferred<void>();
      const requests = server(async (index) => {
        if (index > 0) return added([miniCartLine('k1', 'Sale Poster', 1)]);
        await first.promise;
        return failure();
      });
      await bootPage(page(loopButton(11, 'Sale Poster') + loopButton(12, 'Mug')));
      await waitForMount('add-to-cart', button(12));
      await userEvent.click(button(11));
      await userEvent.click(button(12));
      first.resolve();
      await waitFor(() => expect(document.querySelector('[role="alert"].vitrine-add-to-cart-error')?.textContent).toBe(message));
      expect(button(11).classList.contains('loading')).toBe(false);
      expect(error).toHaveBeenCalled();
      expect(failed[0]?.detail).toMatchObject({ message });
      await waitFor(() => expect(button(12).classList.contains('added')).toBe(true));
      expect(formOf(addRequests(requests)[1]!.body).product_id).toBe('12');
    });
  }

  it('ATC-05 a button without product_id is left alone and its link followed', async () => {
    const requests = server(() => added([]));
    await bootPage(page('<a href="?add-to-cart=5" class="button ajax_add_to_cart" data-vitrine-widget="add-to-cart" data-quantity="1">Add</a>'));
    await waitForMount('add-to-cart', undefined, 'skipped');
    const link = document.querySelector('a[href="?add-to-cart=5"]')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(addRequests(requests)).toHaveLength(0);
  });

  it("ATC-01 leaves the Product Button block's button (.wc-interactive, added through the Store API by the block itself) alone, as add-to-cart.js does", async () => {
    const requests = server(() => added([miniCartLine('k1', 'Sale Poster', 1)]));
    // ProductButton.php's markup for an ajax button (Product Collection block in a classic theme).
    const blockButton = `<li class="wc-block-product"><div class="wp-block-button wc-block-components-product-button" data-wp-interactive="woocommerce/product-button" data-wp-context='{"quantityToAdd":1,"productId":21,"productType":"simple"}' data-wp-init="actions.refreshCartItems"><button class="wp-block-button__link wp-element-button wc-block-components-product-button__button add_to_cart_button ajax_add_to_cart product_type_simple wc-interactive" style="" type="button" data-product_id="21" data-product_sku="SKU-21" aria-label="Add to cart: “Beanie”" data-wp-on--click="actions.addCartItem"><span data-wp-text="state.addToCartText">Add to cart</span></button></div></li>`;
    await bootPage(page(blockButton + loopButton(11, 'Sale Poster')));
    await waitForMount('add-to-cart');
    const block = document.querySelector<HTMLButtonElement>('button.wc-interactive')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    block.dispatchEvent(click);
    await realTurns();
    expect(click.defaultPrevented).toBe(false);
    expect(block.classList.contains('loading')).toBe(false);
    expect(addRequests(requests)).toHaveLength(0);
  });

  it('ATC-05 where WooCommerce printed no wc_add_to_cart_params (AJAX add to cart off in its settings), the button stays a link that adds by a page load', async () => {
    // WooCommerce prints ajax_add_to_cart on every simple product whatever the setting; only its script and settings
    // follow the setting.
    delete (window as { wc_add_to_cart_params?: unknown }).wc_add_to_cart_params;
    const requests = server(() => added([]));
    await bootPage(page());
    await waitForMount('add-to-cart', undefined, 'skipped');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button().dispatchEvent(click);
    await realTurns();
    expect(click.defaultPrevented).toBe(false);
    expect(button().classList.contains('loading')).toBe(false);
    expect(addRequests(requests)).toHaveLength(0);
  });

  it("ATC-01 WooCommerce 8.1–8.5's Product Button block (its own click handler, no wc-interactive yet) on a page without add-to-cart.js is left to the block: one add", async () => {
    // Those releases dequeue wc-add-to-cart where the block is, so its settings are not printed.
    delete (window as { wc_add_to_cart_params?: unknown }).wc_add_to_cart_params;
    const requests = server(() => added([]));
    const blockButton = `<div class="wp-block-button wc-block-components-product-button" data-wc-interactive='{"namespace":"woocommerce/product-button"}'><button class="wp-block-button__link wp-element-button wc-block-components-product-button__button add_to_cart_button ajax_add_to_cart product_type_simple" data-product_id="21" data-product_sku="SKU-21" data-wc-on--click="actions.addToCart"><span>Add to cart</span></button></div>`;
    await bootPage(page(blockButton));
    await waitForMount('add-to-cart', undefined, 'skipped');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button.ajax_add_to_cart')!.dispatchEvent(click);
    await realTurns();
    expect(click.defaultPrevented).toBe(false);
    expect(addRequests(requests)).toHaveLength(0);
  });

  it('rejects a malformed data-product_id with one console error and leaves the link working', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server(() => added([]));
    await bootPage(page(loopButton(11, 'Poster').replace('data-product_id="11"', 'data-product_id="eleven"')));
    await waitForMount('add-to-cart', undefined, 'failed');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toContain('add-to-cart: invalid data-product_id');
    expect(report().find((row) => row.widget === 'add-to-cart')?.state).toBe('failed');
  });

  it('Space presses the role=button link, Enter too (keyboard)', async () => {
    const requests = server(() => added([miniCartLine('k1', 'Sale Poster', 1)]));
    await bootPage(page());
    await waitForMount('add-to-cart');
    button().focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(addRequests(requests)).toHaveLength(1));
  });

  it('theme code hearing added_to_cart finds the new mini cart and the updated button, after WooCommerce\'s own events', async () => {
    (window as { jQuery?: unknown }).jQuery = $;
    installJQueryBridge();
    server(() => added([miniCartLine('k1', 'Sale Poster', 1)], 'h-9'));
    await bootPage(`<div class="widget_shopping_cart_content"></div>${page()}`);
    await waitForMount('add-to-cart');
    const heard: string[] = [];
    let seen: { line: string | null; added: boolean; link: boolean; loading: boolean } | undefined;
    $(document.body).on('wc_cart_button_updated wc_fragments_loaded added_to_cart', (event) => heard.push(event.type));
    $(document.body).on('added_to_cart', () => {
      seen = {
        line: document.querySelector('.woocommerce-mini-cart-item')?.textContent ?? null,
        added: button().classList.contains('added'),
        link: button().parentElement?.querySelector('a.added_to_cart') !== null,
        loading: button().classList.contains('loading'),
      };
    });
    await userEvent.click(button());
    await waitFor(() => expect(heard).toContain('added_to_cart'));
    expect(heard).toEqual(['wc_cart_button_updated', 'wc_fragments_loaded', 'added_to_cart']);
    expect(seen).toEqual({ line: expect.stringContaining('Sale Poster'), added: true, link: true, loading: false });
    $(document.body).off();
  });

  it('honours the jQuery veto and fires WooCommerce jQuery events with their argument order', async () => {
    (window as { jQuery?: unknown }).jQuery = $;
    installJQueryBridge();
    const requests = server(() => added([miniCartLine('k1', 'Sale Poster', 1)], 'h-9'));
    await bootPage(page());
    await waitForMount('add-to-cart');
    let veto = true;
    const notSent = vi.fn();
    const addedToCart = vi.fn();
    $(document.body).on('should_send_ajax_request.adding_to_cart', () => (veto ? false : undefined));
    $(document.body).on('ajax_request_not_sent.adding_to_cart', notSent);
    $(document.body).on('added_to_cart', (_e, fragments, hash, $button) => addedToCart(Object.keys(fragments), hash, $button[0]));
    await userEvent.click(button());
    expect(notSent).toHaveBeenCalledOnce();
    expect(addRequests(requests)).toHaveLength(0);
    veto = false;
    await userEvent.click(button());
    await waitFor(() => expect(addedToCart).toHaveBeenCalledWith(['div.widget_shopping_cart_content'], 'h-9', button()));
    $(document.body).off();
  });

  it('a vetoed add: ajax_request_not_sent.adding_to_cart gets [false, false, $button] (a jQuery object), and the button is left as add-to-cart.js leaves it (neither loading nor added, wc_cart_button_updated heard first)', async () => {
    (window as { jQuery?: unknown }).jQuery = $;
    installJQueryBridge();
    const requests = server(() => added([miniCartLine('k1', 'Sale Poster', 1)], 'h-9'));
    await bootPage(page());
    await waitForMount('add-to-cart');
    await userEvent.click(button());
    await waitFor(() => expect(button().classList.contains('added')).toBe(true));
    const heard: Array<{ name: string; args: unknown[] }> = [];
    $(document.body).on('should_send_ajax_request.adding_to_cart', () => false);
    $(document.body).on('ajax_request_not_sent.adding_to_cart wc_cart_button_updated', (event, ...args) => heard.push({ name: event.type, args }));
    await userEvent.click(button());
    expect(heard.map((h) => h.name)).toEqual(['wc_cart_button_updated', 'ajax_request_not_sent']);
    const [fragments, hash, $button] = heard[1]!.args as [unknown, unknown, JQuery];
    expect([fragments, hash]).toEqual([false, false]);
    expect($button.jquery).toBeDefined();
    expect($button[0]).toBe(button());
    expect((heard[0]!.args[0] as JQuery)[0]).toBe(button());
    expect(button().classList.contains('loading')).toBe(false);
    expect(button().classList.contains('added')).toBe(false);
    expect(addRequests(requests)).toHaveLength(1);
    $(document.body).off();
  });

  it("ATC-02 ATC-09 an added_to_cart a quick view fires with its own button: that button leaves loading, shows added and its View cart link, wc_cart_button_updated, and its success message is announced, as add-to-cart.js does", async () => {
    (window as { jQuery?: unknown }).jQuery = $;
    // Earlier tests took every body handler off, the bridge's too: it listens again.
    resetJQueryBridgeForTests();
    installJQueryBridge();
    server(() => added([]));
    await bootPage(`${page()}<div class="quick-view"><form class="cart-quick"><button type="button" class="quick_add button alt loading" data-success_message="“Quick Mug” has been added to your cart">Add to cart</button></form></div>`);
    await waitForMount('add-to-cart');
    const quick = document.querySelector<HTMLButtonElement>('button.quick_add')!;
    const updated: unknown[] = [];
    $(document.body).on('wc_cart_button_updated', (_event, $button) => updated.push($button[0]));
    // The quick view's own request answered; it tells the page as WooCommerce's scripts do.
    $(document.body).trigger('added_to_cart', [{ 'div.widget_shopping_cart_content': miniCart([miniCartLine('k1', 'Quick Mug', 1)]) }, 'h-1', $(quick)]);
    expect(quick.classList.contains('loading')).toBe(false);
    expect(quick.classList.contains('added')).toBe(true);
    expect(quick.nextElementSibling?.matches('a.added_to_cart.wc-forward[href="/cart/"]')).toBe(true);
    expect(updated).toEqual([quick]);
    await waitFor(() => expect(document.querySelector('.woocommerce-mini-cart-item')?.textContent).toContain('Quick Mug'));
    await waitFor(() => expect(document.querySelector('.widget_shopping_cart_live_region')?.textContent).toBe('“Quick Mug” has been added to your cart'), {
      timeout: 30_000, // a deadline for a hang, not a timing
    });
    // Without fragments (a plugin that only says "something was added"), the button only leaves loading.
    const other = document.createElement('a');
    other.className = 'button loading';
    document.querySelector('.quick-view')!.append(other);
    $(document.body).trigger('added_to_cart', [undefined, undefined, $(other)]);
    expect(other.className).toBe('button');
    expect(other.nextElementSibling).toBeNull();
    expect(updated).toEqual([quick, other]);
    $(document.body).off();
  });

  it("ATC-01 a quick view's or a bundle's jQuery trigger('click') on the add to cart link adds without a page load", async () => {
    (window as { jQuery?: unknown }).jQuery = $;
    installJQueryBridge();
    const requests = server(() => added([miniCartLine('k1', 'Sale Poster', 1)]));
    await bootPage(page());
    await waitForMount('add-to-cart');
    const before = location.href;
    // jQuery never clicks a link natively (it would follow it): the bridge makes this one the browser's click.
    $(button()).trigger('click');
    await waitFor(() => expect(document.querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1));
    expect(addRequests(requests)).toHaveLength(1);
    expect(location.href).toBe(before);
  });

  it("ATC-01 a quick view that adds a link and triggers its click in the same task: the click waits for the widget, then adds; never a page load", async () => {
    (window as { jQuery?: unknown }).jQuery = $;
    installJQueryBridge();
    const requests = server(() => added([miniCartLine('k1', 'Quick Mug', 1)]));
    await bootPage(page());
    await waitForMount('add-to-cart');
    // The entry's public API (mount/index.ts): the bridge asks it to scan an element the mount layer has not seen yet.
    (window.vitrine as unknown as { rescan: typeof scan }).rescan = scan;
    const before = location.href;
    $('ul.products').append(loopButton(12, 'Quick Mug'));
    $('a[data-product_id="12"]').trigger('click');
    await waitFor(() => expect(addRequests(requests)).toHaveLength(1));
    expect(formOf(addRequests(requests)[0]!.body).product_id).toBe('12');
    expect(location.href).toBe(before);
  });
});
