import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollAt, scrollTarget, withoutAddToCart } from '../../widgets/wc-notices/logic';
import { bootPage, bootPageOnFakeClock, waitForMount } from '../helpers/page';
import { json, mockFetch } from '../unit/http/fetch-mock';
import { shopSettings } from './cart-helpers';

const storeNotice = (id = 'abc123') =>
  `<p role="complementary" aria-label="Store notice" class="woocommerce-store-notice demo_store" data-notice-id="${id}" style="display:none;">Sale! <a role="button" href="#" class="woocommerce-store-notice__dismiss-link">Dismiss</a></p><main id="main">Shop</main>`;
const notice = () => document.querySelector<HTMLElement>('.woocommerce-store-notice')!;

describe('store notice', () => {
  beforeEach(() => shopSettings());

  it('NTC-01 is shown until dismissed; Enter dismisses it with a session cookie at the site root', async () => {
    await bootPage(storeNotice());
    await waitForMount('store-notice');
    await waitFor(() => expect(notice().style.display).toBe(''));
    const set = vi.spyOn(document, 'cookie', 'set');
    document.querySelector<HTMLElement>('.woocommerce-store-notice__dismiss-link')!.focus();
    await userEvent.keyboard('{Enter}');
    expect(notice().style.display).toBe('none');
    expect(set).toHaveBeenCalledWith(expect.stringMatching(/^store_noticeabc123=hidden; path=\/$/));
  });

  it('NTC-01 stays hidden when its cookie says hidden, and a new notice id shows again', async () => {
    document.cookie = 'store_noticeabc123=hidden; path=/';
    await bootPage(storeNotice());
    await waitForMount('store-notice');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notice().style.display).toBe('none');
    await bootPage(storeNotice('newtext'));
    await waitForMount('store-notice');
    await waitFor(() => expect(notice().style.display).toBe(''));
  });

  it('NTC-01 shows in a theme whose CSS hides it until woocommerce.js shows it, and still dismisses', async () => {
    await bootPage(`<style>.woocommerce-store-notice, p.demo_store { display: none; }</style>${storeNotice()}`);
    await waitForMount('store-notice');
    await waitFor(() => expect(getComputedStyle(notice()).display).toBe('block'));
    document.querySelector<HTMLElement>('.woocommerce-store-notice__dismiss-link')!.click();
    expect(getComputedStyle(notice()).display).toBe('none');
  });

  it('NTC-01 Space and click dismiss too', async () => {
    await bootPage(storeNotice());
    await waitForMount('store-notice');
    await waitFor(() => expect(notice().style.display).toBe(''));
    document.querySelector<HTMLElement>('.woocommerce-store-notice__dismiss-link')!.focus();
    await userEvent.keyboard(' ');
    expect(notice().style.display).toBe('none');
    expect(document.cookie).toContain('store_noticeabc123=hidden');
  });
});

describe('coming-soon banner', () => {
  beforeEach(() => shopSettings());
  const banner = (attrs = 'data-rest-url="/wp-json/wp/v2/users/1" data-rest-nonce="n0nce"') =>
    `<div id="coming-soon-footer-banner"><div class="coming-soon-footer-banner__content">Coming soon mode</div><a class="coming-soon-footer-banner-dismiss" ${attrs}></a></div>`;

  it('NTC-02 hides at once and POSTs coming_soon_banner_dismissed=yes with the X-WP-Nonce header', async () => {
    const requests = mockFetch(() => json({ id: 1 }));
    await bootPage(banner());
    await waitForMount('coming-soon-banner');
    await waitFor(() => expect(document.querySelector('.coming-soon-footer-banner-dismiss')?.getAttribute('role')).toBe('button'));
    await userEvent.click(document.querySelector<HTMLElement>('.coming-soon-footer-banner-dismiss')!);
    expect(document.querySelector<HTMLElement>('#coming-soon-footer-banner')!.style.display).toBe('none');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.url).toContain('/wp-json/wp/v2/users/1');
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.headers.get('X-WP-Nonce')).toBe('n0nce');
    expect(new URLSearchParams(requests[0]!.body).get('woocommerce_meta[coming_soon_banner_dismissed]')).toBe('yes');
  });

  it('NTC-02 a failed save is logged and the banner stays hidden for this page', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await bootPage(banner());
    await waitForMount('coming-soon-banner');
    await userEvent.click(document.querySelector<HTMLElement>('.coming-soon-footer-banner-dismiss')!);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(document.querySelector<HTMLElement>('#coming-soon-footer-banner')!.style.display).toBe('none');
  });

  it('a banner without data-rest-nonce is reported and left as served', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await bootPage(banner('data-rest-url="/wp-json/wp/v2/users/1"'));
    await waitForMount('coming-soon-banner', undefined, 'failed');
    expect(String(error.mock.calls[0]![0])).toContain('coming-soon-banner: invalid data-rest-nonce');
  });
});

describe('page helpers', () => {
  beforeEach(() => {
    shopSettings();
    (window as unknown as Record<string, unknown>).woocommerce_params = { i18n_password_show: 'Show password', i18n_password_hide: 'Hide password' };
  });

  it('HLP-01 the password toggle is a named button that shows and hides the password', async () => {
    await bootPage('<div class="woocommerce"><form class="login"><input class="woocommerce-Input" type="password" id="password" name="password"></form></div>');
    await waitForMount('password-toggle');
    const toggle = await waitFor(() => {
      const found = document.querySelector<HTMLButtonElement>('span.password-input > button.show-password-input');
      if (!found) throw new Error('no toggle yet');
      return found;
    });
    const input = document.querySelector<HTMLInputElement>('#password')!;
    expect(input.parentElement?.matches('span.password-input')).toBe(true);
    expect(toggle.type).toBe('button');
    expect(toggle.getAttribute('aria-label')).toBe('Show password');
    await userEvent.click(toggle);
    expect(input.type).toBe('text');
    expect(toggle.classList.contains('display-password')).toBe(true);
    expect(toggle.getAttribute('aria-label')).toBe('Hide password');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(input.type).toBe('password');
  });

  it('HLP-01 a click on the toggle puts the shopper back in the field; a key press leaves the focus on the toggle', async () => {
    await bootPage('<div class="woocommerce"><form class="login"><input class="woocommerce-Input" type="password" id="password" name="password"></form></div>');
    await waitForMount('password-toggle');
    const toggle = await waitFor(() => {
      const found = document.querySelector<HTMLButtonElement>('button.show-password-input');
      if (!found) throw new Error('no toggle yet');
      return found;
    });
    const input = document.querySelector<HTMLInputElement>('#password')!;
    await userEvent.click(toggle);
    // As woocommerce.js does: the shopper who clicked the eye goes on typing.
    expect(document.activeElement).toBe(input);
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(input.type).toBe('password');
    // From the keyboard the toggle keeps the focus, so its new state (aria-pressed) is what is read next.
    expect(document.activeElement).toBe(toggle);
  });

  it('HLP-03 the result count is re-announced after 2000 ms', async () => {
    await bootPageOnFakeClock('<p class="woocommerce-result-count" role="alert" aria-relevant="all">Showing 1–12 of 14 results</p>', 'result-count');
    const count = document.querySelector('.woocommerce-result-count')!;
    await vi.advanceTimersByTimeAsync(1999);
    expect(count.textContent).toBe('Showing 1–12 of 14 results');
    await vi.advanceTimersByTimeAsync(1);
    // Emptied, then the same text in a later task: screen readers hear a change and speak it.
    expect(count.textContent).toBe('');
    await vi.advanceTimersByTimeAsync(50);
    expect(count.textContent).toBe('Showing 1–12 of 14 results');
    vi.useRealTimers();
  });

  it('HLP-03 a sorted list\'s count keeps "Sorted by" for screen readers only, and is hidden from them until re-announced', async () => {
    // WooCommerce 9.4+ on a sorted list: the sorting is said to screen readers, not shown.
    await bootPageOnFakeClock(
      '<p class="woocommerce-result-count" role="alert" aria-relevant="all" data-is-sorted-by="true">Showing all 12 results<span class="screen-reader-text">Sorted by price: low to high</span></p>',
      'result-count',
    );
    const count = document.querySelector('.woocommerce-result-count')!;
    // Not read twice: once at load by the page, once re-announced.
    expect(count.getAttribute('aria-hidden')).toBe('true');
    await vi.advanceTimersByTimeAsync(2050);
    expect(count.getAttribute('aria-hidden')).toBe('false');
    expect(count.innerHTML).toBe('Showing all 12 results<span class="screen-reader-text">Sorted by price: low to high</span>');
    vi.useRealTimers();
  });

  it('HLP-03 a theme that prints the count above and below the products (Storefront) has it re-announced once, by the first', async () => {
    const line = '<p class="woocommerce-result-count" role="alert" aria-relevant="all">Showing 1–12 of 14 results</p>';
    await bootPageOnFakeClock(`${line}<ul class="products"></ul>${line}`, 'result-count');
    const [first, second] = Array.from(document.querySelectorAll('.woocommerce-result-count'));
    const emptied = vi.fn();
    new MutationObserver(emptied).observe(second!, { childList: true });
    await vi.advanceTimersByTimeAsync(2050);
    await Promise.resolve();
    expect(first!.getAttribute('aria-hidden')).toBe('false');
    expect(second!.hasAttribute('aria-hidden')).toBe(false);
    expect(emptied).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('HLP-03 a count printed without a live region (WooCommerce before 9.4) is left as it is: no blink', async () => {
    await bootPageOnFakeClock('<p class="woocommerce-result-count">Showing 1–12 of 14 results</p>', 'result-count', { waitForTimer: false });
    const count = document.querySelector('.woocommerce-result-count')!;
    const emptied = vi.fn();
    new MutationObserver(emptied).observe(count, { childList: true });
    await vi.advanceTimersByTimeAsync(2100);
    await Promise.resolve();
    expect(emptied).not.toHaveBeenCalled();
    expect(count.hasAttribute('aria-hidden')).toBe(false);
    vi.useRealTimers();
  });

  it('HLP-03 a notice is focused 500 ms after load', async () => {
    await bootPageOnFakeClock('<div class="woocommerce-notices-wrapper"><div class="woocommerce-message" role="alert">Cart updated.</div></div>', 'wc-notices');
    const message = document.querySelector<HTMLElement>('.woocommerce-message')!;
    await vi.advanceTimersByTimeAsync(499);
    expect(document.activeElement).not.toBe(message);
    await vi.advanceTimersByTimeAsync(1);
    expect(document.activeElement).toBe(message);
    vi.useRealTimers();
  });

  it('after a plain add-to-cart link (no redirect in WooCommerce), the address and the sort form lose ?add-to-cart, so a reload or a new sort order does not add again', async () => {
    const before = window.location.href;
    window.history.replaceState(null, '', '/shop/?orderby=price&add-to-cart=10&quantity=5&variation_id=0&paged=2');
    try {
      await bootPage(
        '<div class="woocommerce-notices-wrapper"><div class="woocommerce-message" role="alert">5 × “Simple Mug” have been added to your cart.</div></div>' +
          // WooCommerce's sort form carries the query as hidden fields; the product form posts its own add-to-cart.
          '<form class="woocommerce-ordering" method="get"><select name="orderby"><option value="price">Price</option></select><input type="hidden" name="add-to-cart" value="10"><input type="hidden" name="quantity" value="5"><input type="hidden" name="paged" value="2"></form>' +
          '<form class="cart" method="post"><input type="hidden" name="add-to-cart" value="10"><input type="hidden" name="quantity" value="5"></form>',
      );
      await waitForMount('wc-notices');
      await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/shop/?orderby=price&paged=2'));
      const fields = (form: string) => [...new FormData(document.querySelector<HTMLFormElement>(form)!).keys()];
      expect(fields('form.woocommerce-ordering')).toEqual(['orderby', 'paged']);
      expect(fields('form.cart')).toEqual(['add-to-cart', 'quantity']);
    } finally {
      window.history.replaceState(null, '', before);
    }
  });

  it('an address with no add-to-cart in it is left as it is', () => {
    expect(withoutAddToCart('https://shop.test/shop/?quantity=2&orderby=price')).toBeNull();
    expect(withoutAddToCart('https://shop.test/product/tee/?add-to-cart=12&attribute_pa_color=blue#reviews')).toBe('https://shop.test/product/tee/?attribute_pa_color=blue#reviews');
  });

  it('HLP-03 a notice printed with the page does not take the focus from a field the shopper is typing in', async () => {
    await bootPageOnFakeClock('<div class="woocommerce-notices-wrapper"><div class="woocommerce-message" role="alert">Simple Mug has been added to your cart.</div></div><form><input id="billing_email" type="email"><button id="place_order">Place order</button></form>', 'wc-notices');
    const message = document.querySelector<HTMLElement>('.woocommerce-message')!;
    const email = document.querySelector<HTMLInputElement>('#billing_email')!;
    email.focus();
    const scrolls = vi.spyOn(window, 'scrollTo');
    await vi.advanceTimersByTimeAsync(2000);
    expect(document.activeElement).toBe(email);
    expect(scrolls).not.toHaveBeenCalled();
    // A notice that answers the shopper's own action takes the focus, even from the field they acted in (the cart
    // page's quantity, updated by Enter).
    message.after(Object.assign(document.createElement('div'), { className: 'woocommerce-error', textContent: 'Billing email is a required field.' }));
    await vi.advanceTimersByTimeAsync(500);
    expect(document.activeElement).toBe(message);
    scrolls.mockRestore();
    vi.useRealTimers();
  });

  it('HLP-02 the scroll arithmetic: 100 px above the notice, over 1000 ms (the scroll itself: test/e2e/product-page.test.ts)', () => {
    expect(scrollTarget(1500)).toBe(1400);
    expect(scrollTarget(40)).toBe(0);
    expect(scrollAt(0, 1000, 0)).toBe(0);
    expect(scrollAt(0, 1000, 500)).toBeCloseTo(500);
    expect(scrollAt(0, 1000, 1000)).toBe(1000);
    expect(scrollAt(0, 1000, 5000)).toBe(1000);
  });

  it('select.orderby submits its form when the shopper picks an order', async () => {
    await bootPage(
      '<form class="woocommerce-ordering" method="get"><select name="orderby" class="orderby" aria-label="Shop order"><option value="menu_order" selected>Default</option><option value="price">Price</option></select><input type="hidden" name="paged" value="1"></form>',
    );
    await waitForMount('catalog-ordering');
    const form = document.querySelector('form')!;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    await userEvent.selectOptions(document.querySelector('select')!, 'price');
    expect(submitted).toHaveBeenCalledOnce();
  });
});
