import jQuery from 'jquery';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withJQueryOnPage } from '../helpers/jquery-page';
import { bootPage, waitForMount } from '../helpers/page';
import { mockFetch, text } from '../unit/http/fetch-mock';
import { cartPage as cart, cartPageSettings, htmlPage as page } from './cart-helpers';

// A file of its own: the cart page's code must arrive for the first time in this test, after the plugin has asked
// (in cart-page.test.tsx an earlier test has loaded it already).

describe('cart-page widget, a plugin that asks before its code has arrived', () => {
  let leaveJQuery: () => void;
  beforeEach(() => {
    cartPageSettings();
    leaveJQuery = withJQueryOnPage();
  });
  afterEach(() => leaveJQuery());

  it('a wc_update_cart fired before the cart page\'s code has arrived is served once it starts: the new cart shows, after one request', async () => {
    const requests = mockFetch(() => text(page(cart(2, '$20.00'))));
    // The plugin's own request came back before Vitrine's cart page was there (cart.js, a blocking script, always was).
    await bootPage(cart(1, '$10.00'), { beforeScan: () => jQuery(document).trigger('wc_update_cart') });
    await waitForMount('cart-page');
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$20.00'));
    expect(document.querySelector<HTMLInputElement>('input.qty')!.value).toBe('2');
    expect(requests).toHaveLength(1);
    expect(Object.fromEntries(requests[0]!.init.body as FormData)).not.toHaveProperty('update_cart');
    // The widget on the form the update drew starts on the server's cart, and asks for nothing more.
    await waitForMount('cart-page', document.querySelector('form.woocommerce-cart-form')!);
    expect(requests).toHaveLength(1);
  });

});
