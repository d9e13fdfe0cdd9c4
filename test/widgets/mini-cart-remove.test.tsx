import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { on } from '../../src/bus';
import { navigation } from '../../src/cart';
import { bootPage, waitForMount } from '../helpers/page';
import { deferred, json, mockFetch, text } from '../unit/http/fetch-mock';
import { formOf, loopButton, miniCart, miniCartLine, recordEvents, shopSettings } from './cart-helpers';

const twoLines = [miniCartLine('key-a', 'Mug', 1), miniCartLine('key-b', 'Poster', 2)];
const removeLink = (key: string) => document.querySelector<HTMLAnchorElement>(`a[data-cart_item_key="${key}"]`)!;

/** The mini cart is served filled, and the page's stored copy is current, so no refresh is sent at load. */
function serveFilledMiniCart(): void {
  sessionStorage.setItem('wc_fragments_test', JSON.stringify({ 'div.widget_shopping_cart_content': miniCart(twoLines) }));
  sessionStorage.setItem('wc_cart_hash_test', 'h1');
  sessionStorage.setItem('wc_cart_created', String(Date.now()));
  document.cookie = 'woocommerce_cart_hash=h1; path=/';
}

/** Boots the page and waits until the restored mini cart (which replaces the served one) is mounted. */
async function bootMiniCart(extra = ''): Promise<void> {
  const restored = recordEvents(['fragments:loaded']);
  await bootPage(`<section class="widget_shopping_cart">${miniCart(twoLines)}</section>${extra}`);
  await waitFor(() => expect(restored).toHaveLength(1));
  await waitForMount('mini-cart-remove', removeLink('key-a'));
  await waitForMount('mini-cart-remove', removeLink('key-b'));
}

describe('mini-cart-remove widget', () => {
  beforeEach(() => {
    shopSettings();
    serveFilledMiniCart();
  });

  it('MCR-01 MCR-02 HLP-05 blocks the line with the 0.6 overlay, posts remove_from_cart and applies the fragments', async () => {
    const answer = deferred<Response>();
    const requests = mockFetch(() => answer.promise);
    const events = recordEvents(['cart:removed', 'fragments:loaded']);
    await bootMiniCart();
    await userEvent.click(removeLink('key-a'));
    const line = removeLink('key-a').closest<HTMLElement>('.woocommerce-mini-cart-item')!;
    expect(line.style.opacity).toContain('0.6');
    expect(line.getAttribute('aria-busy')).toBe('true');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toContain('wc-ajax=remove_from_cart');
    expect(formOf(requests[0]!.body)).toEqual({ cart_item_key: 'key-a' });
    answer.resolve(json({ fragments: { 'div.widget_shopping_cart_content': miniCart([twoLines[1]!]) }, cart_hash: 'h2' }));
    await waitFor(() => expect(document.querySelector('a[data-cart_item_key="key-a"]')).toBeNull());
    expect(document.querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1);
    expect(events.find((e) => e.name === 'cart:removed')?.detail).toMatchObject({ cartHash: 'h2' });
    expect(sessionStorage.getItem('wc_cart_hash_test')).toBe('h2');
    expect(localStorage.getItem('wc_cart_hash_test')).toBe('h2');
  });

  it('a double press (click, then Enter on the focused link) sends one removal, not two', async () => {
    const answer = deferred<Response>();
    const requests = mockFetch(() => answer.promise);
    await bootMiniCart();
    const link = removeLink('key-a');
    // The overlay's pointer-events stop a second mouse click; the keyboard is not stopped by CSS.
    fireEvent.click(link);
    link.focus();
    await userEvent.keyboard('{Enter}');
    fireEvent.click(link);
    expect(requests).toHaveLength(1);
    answer.resolve(json({ fragments: { 'div.widget_shopping_cart_content': miniCart([twoLines[1]!]) }, cart_hash: 'h2' }));
    await waitFor(() => expect(document.querySelectorAll('.woocommerce-mini-cart-item')).toHaveLength(1));
    expect(requests).toHaveLength(1);
  });

  it('a listener of removed_from_cart (cart:removed) finds the new mini cart in place', async () => {
    mockFetch(() => json({ fragments: { 'div.widget_shopping_cart_content': miniCart([twoLines[1]!]) }, cart_hash: 'h2' }));
    await bootMiniCart();
    const linesSeen: number[] = [];
    on('cart:removed', () => linesSeen.push(document.querySelectorAll('.woocommerce-mini-cart-item').length));
    await userEvent.click(removeLink('key-a'));
    await waitFor(() => expect(linesSeen).toEqual([1]));
  });

  it('MCR-03 a failed call follows the remove link', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    mockFetch(() => text('<html>error</html>', { status: 500 }));
    await bootMiniCart();
    const href = removeLink('key-b').href;
    await userEvent.click(removeLink('key-b'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(href));
    expect(href).toContain('remove_item=key-b&_wpnonce=abc');
  });

  it('MCR-03 an answer without fragments follows the remove link', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    mockFetch(() => json({ success: false }));
    await bootMiniCart();
    await userEvent.click(removeLink('key-a'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringContaining('remove_item=key-a')));
  });

  it('ATC-03 a removal waits in the cart queue behind an add', async () => {
    const add = deferred<Response>();
    const requests = mockFetch((request) =>
      request.url.includes('add_to_cart') ? add.promise : json({ fragments: { 'div.widget_shopping_cart_content': miniCart([]) }, cart_hash: '' }),
    );
    await bootMiniCart(`<ul>${loopButton(11, 'Poster')}</ul>`);
    await waitForMount('add-to-cart');
    await userEvent.click(document.querySelector<HTMLElement>('a.ajax_add_to_cart')!);
    await userEvent.click(removeLink('key-a'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(requests.map((r) => new URL(r.url, 'http://x').searchParams.get('wc-ajax'))).toEqual(['add_to_cart']);
    add.resolve(json({ fragments: { 'div.widget_shopping_cart_content': miniCart(twoLines) }, cart_hash: 'h3' }));
    await waitFor(() => expect(requests.map((r) => new URL(r.url, 'http://x').searchParams.get('wc-ajax'))).toEqual(['add_to_cart', 'remove_from_cart']));
  });

  it('keyboard: Space on the focused remove link removes the line and focus moves to the next line', async () => {
    mockFetch(() => json({ fragments: { 'div.widget_shopping_cart_content': miniCart([twoLines[1]!]) }, cart_hash: 'h2' }));
    await bootMiniCart();
    removeLink('key-a').focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(document.activeElement).toBe(removeLink('key-b')));
  });

  it('keyboard: before WooCommerce 10.0 the remove link is a plain link (no role=button): Space is left to scroll, Enter removes', async () => {
    const lines = twoLines.map((line) => line.replace('<a role="button" ', '<a '));
    sessionStorage.setItem('wc_fragments_test', JSON.stringify({ 'div.widget_shopping_cart_content': miniCart(lines) }));
    const requests = mockFetch(() => json({ fragments: { 'div.widget_shopping_cart_content': miniCart([lines[1]!]) }, cart_hash: 'h2' }));
    const restored = recordEvents(['fragments:loaded']);
    await bootPage(`<section class="widget_shopping_cart">${miniCart(lines)}</section>`);
    await waitFor(() => expect(restored).toHaveLength(1));
    await waitForMount('mini-cart-remove', removeLink('key-a'));
    removeLink('key-a').focus();
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    removeLink('key-a').dispatchEvent(space);
    expect(space.defaultPrevented).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests.filter((r) => r.url.includes('remove_from_cart'))).toHaveLength(0);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(requests.filter((r) => r.url.includes('remove_from_cart'))).toHaveLength(1));
  });
});
