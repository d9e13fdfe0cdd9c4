import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emit } from '../../src/bus';
import { applyFragments, startCartFragments } from '../../src/cart';
import { bootPage, returnFromPageCache, waitForMount } from '../helpers/page';
import { deferred, json, mockFetch, type RecordedRequest, text } from '../unit/http/fetch-mock';
import { formOf, miniCart, miniCartLine, recordEvents, shopSettings } from './cart-helpers';

const served = '<section class="widget_shopping_cart"><div class="hide_cart_widget_if_empty"><div class="widget_shopping_cart_content"></div></div></section><span class="count">0</span>';
const fresh = (lines: string[], hash: string) => json({ fragments: { 'div.widget_shopping_cart_content': miniCart(lines), 'span.count': `<span class="count">${lines.length}</span>` }, cart_hash: hash });
const refreshes = (requests: RecordedRequest[]) => requests.filter((r) => r.url.includes('get_refreshed_fragments'));

function store(hash: string, createdAt: number, lines = [miniCartLine('k', 'Stored Mug', 1)]) {
  sessionStorage.setItem('wc_fragments_test', JSON.stringify({ 'div.widget_shopping_cart_content': miniCart(lines) }));
  sessionStorage.setItem('wc_cart_hash_test', hash);
  sessionStorage.setItem('wc_cart_created', String(createdAt));
}

describe('cart-fragments store', () => {
  beforeEach(() => shopSettings());

  it("FRG-01 the blocks' cart changes refresh the classic mini cart, and Vitrine's own adds are told to the blocks (no jQuery)", async () => {
    const requests = mockFetch(() => fresh([miniCartLine('k5', 'Block Added Mug', 1)], 'h5'));
    document.body.innerHTML = served;
    startCartFragments();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = refreshes(requests).length;
    // The Cart block (or a product button block) added to the cart.
    document.body.dispatchEvent(new CustomEvent('wc-blocks_added_to_cart', { bubbles: true, detail: { preserveCartData: false } }));
    await waitFor(() => expect(document.querySelector('.woocommerce-mini-cart-item')?.textContent).toContain('Block Added Mug'));
    expect(refreshes(requests)).toHaveLength(before + 1);
    // Vitrine's listing button added: the Mini-Cart block hears it, and Vitrine does not refresh on its own echo.
    const told: CustomEvent<{ preserveCartData: boolean }>[] = [];
    document.body.addEventListener('wc-blocks_added_to_cart', (event) => told.push(event as CustomEvent<{ preserveCartData: boolean }>));
    const added = { 'div.widget_shopping_cart_content': miniCart([miniCartLine('k6', 'Listing Mug', 2)]) };
    applyFragments(added);
    emit('cart:added', { fragments: added, cartHash: 'h6', button: null });
    expect(told).toHaveLength(1);
    expect(told[0]!.detail.preserveCartData).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(refreshes(requests)).toHaveLength(before + 1);
  });

  it('FRG-02 restores the stored mini cart without a request when it is fresh and matches the cookie', async () => {
    store('h1', Date.now() - 60_000);
    document.cookie = 'woocommerce_cart_hash=h1; path=/';
    document.cookie = 'woocommerce_items_in_cart=1; path=/';
    const requests = mockFetch(() => fresh([], ''));
    const events = recordEvents(['fragments:loaded']);
    await bootPage(served);
    await waitForMount('cart-fragments');
    await waitFor(() => expect(document.querySelector('.woocommerce-mini-cart-item')?.textContent).toContain('Stored Mug'));
    expect(requests).toHaveLength(0);
    expect(events).toHaveLength(1);
  });

  it('FRG-02 a cart change made while the stored copy waits to be restored (a task after the start) is neither overwritten by that copy nor refetched, whatever the cookie says', async () => {
    store('h1', Date.now() - 60_000);
    document.cookie = 'woocommerce_cart_hash=h1; path=/';
    const requests = mockFetch(() => fresh([], ''));
    document.body.innerHTML = served;
    startCartFragments();
    // The add-to-cart widget's answer, in the same task: its fragments applied, then announced.
    const added = { 'div.widget_shopping_cart_content': miniCart([miniCartLine('k3', 'Just Added Tee', 1)]) };
    applyFragments(added);
    emit('cart:added', { fragments: added, cartHash: 'h3', button: null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('.woocommerce-mini-cart-item')?.textContent).toContain('Just Added Tee');
    expect(sessionStorage.getItem('wc_fragments_test')).toContain('Just Added Tee');
    expect(requests).toHaveLength(0);
  });

  it('FRG-02 after a cart change that came before the delayed restore, the stored copy still turns stale 24 h after it was made', async () => {
    // A copy made 24 h less 50 ms ago: stale in 50 ms.
    store('h1', Date.now() - 86_400_000 + 50);
    document.cookie = 'woocommerce_cart_hash=h1; path=/';
    const requests = mockFetch(() => fresh([miniCartLine('k4', 'Refreshed Mug', 1)], 'h4'));
    document.body.innerHTML = served;
    startCartFragments();
    const added = { 'div.widget_shopping_cart_content': miniCart([miniCartLine('k3', 'Just Added Tee', 1)]) };
    applyFragments(added);
    emit('cart:added', { fragments: added, cartHash: 'h1', button: null });
    await waitFor(() => expect(refreshes(requests)).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.woocommerce-mini-cart-item')?.textContent).toContain('Refreshed Mug'));
  });

  it('FRG-01 FRG-02 a copy older than 24 h is refetched with a timestamp and stored again', async () => {
    store('h1', Date.now() - 86_400_001);
    document.cookie = 'woocommerce_cart_hash=h1; path=/';
    const requests = mockFetch(() => fresh([miniCartLine('k2', 'Fresh Poster', 1)], 'h2'));
    const events = recordEvents(['fragments:refreshed', 'fragments:loaded']);
    await bootPage(served);
    await waitFor(() => expect(document.querySelector('.woocommerce-mini-cart-item')?.textContent).toContain('Fresh Poster'));
    expect(Number(formOf(refreshes(requests)[0]!.body).time)).toBeGreaterThan(Date.now() - 10_000);
    expect(document.querySelector('span.count')?.textContent).toBe('1');
    expect(JSON.parse(sessionStorage.getItem('wc_fragments_test')!)['span.count']).toContain('1');
    expect(localStorage.getItem('wc_cart_hash_test')).toBe('h2');
    // As in WooCommerce: a refresh is wc_fragments_refreshed only, never wc_fragments_loaded.
    expect(events.map((e) => e.name)).toEqual(['fragments:refreshed']);
  });

  it('FRG-03 a copy whose hash differs from the cookie (the cart changed elsewhere) is refetched', async () => {
    store('old', Date.now());
    document.cookie = 'woocommerce_cart_hash=new; path=/';
    const requests = mockFetch(() => fresh([], ''));
    await bootPage(served);
    await waitFor(() => expect(refreshes(requests)).toHaveLength(1));
  });

  it('FRG-04 a failed refresh fires the ajax error event only and leaves the page as it was', async () => {
    const error = vi.spyOn(console, 'error');
    mockFetch(() => text('oops', { status: 500 }));
    const events = recordEvents(['fragments:failed', 'fragments:refreshed']);
    await bootPage(served);
    await waitFor(() => expect(events.map((e) => e.name)).toEqual(['fragments:failed']));
    expect(error).not.toHaveBeenCalled();
    expect(document.querySelector('.widget_shopping_cart_content')?.innerHTML).toBe('');
  });

  it('refreshes when another tab changed the cart (storage event), on wc_fragment_refresh, and from the back-forward cache', async () => {
    const requests = mockFetch(() => fresh([miniCartLine('k', 'Other Tab Mug', 3)], 'h9'));
    await bootPage(served);
    await waitFor(() => expect(refreshes(requests)).toHaveLength(1));
    // Same hash in both storages: not a change from another tab.
    window.dispatchEvent(new StorageEvent('storage', { key: 'wc_cart_hash_test' }));
    localStorage.setItem('wc_cart_hash_test', 'from-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: 'wc_cart_hash_test' }));
    await waitFor(() => expect(refreshes(requests)).toHaveLength(2));
    emit('fragments:refresh-requested', { reason: 'wc_fragment_refresh' });
    await waitFor(() => expect(refreshes(requests)).toHaveLength(3));
    returnFromPageCache();
    await waitFor(() => expect(refreshes(requests)).toHaveLength(4));
  });

  it('a refresh answer older than a cart change applied meanwhile is dropped', async () => {
    const slow = deferred<Response>();
    const requests = mockFetch(() => slow.promise);
    await bootPage(served);
    await waitFor(() => expect(refreshes(requests)).toHaveLength(1));
    emit('cart:added', { fragments: {}, cartHash: 'newer', button: null });
    slow.resolve(fresh([miniCartLine('k', 'Stale', 1)], 'stale'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(document.querySelector('.woocommerce-mini-cart-item')).toBeNull();
    expect(sessionStorage.getItem('wc_cart_hash_test')).toBe('newer');
  });

  it('shows .hide_cart_widget_if_empty only while the cart has items, and as soon as an add starts', async () => {
    mockFetch(() => fresh([], ''));
    await bootPage(served);
    await waitForMount('cart-fragments');
    const widget = document.querySelector<HTMLElement>('.widget_shopping_cart')!;
    await waitFor(() => expect(widget.style.display).toBe('none'));
    emit('cart:adding', { button: document.body, data: {} });
    expect(widget.style.display).toBe('');
  });
});
