import { fireEvent, waitFor } from '@testing-library/react';
import jQuery from 'jquery';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit } from '../../src/bus';
import { withJQueryOnPage } from '../helpers/jquery-page';
import { bootPage, waitForMount } from '../helpers/page';
import { deferred, mockFetch, text } from '../unit/http/fetch-mock';
import { cartPage as cart, cartPageSettings as settings, formOf, htmlPage as page, recordEvents } from './cart-helpers';

// The cart page in happy-dom, on markup shaped like the reference backend's cart (test/fixtures/cart.ts).

describe('cart-page widget', () => {
  beforeEach(settings);

  it('HLP-05 Update cart posts the form with update_cart; the form and totals are busy meanwhile, then replaced with the notice; updated_wc_div', async () => {
    const answer = deferred<Response>();
    const requests = mockFetch(() => answer.promise);
    const events = recordEvents(['cart:page-updated', 'cart:totals-updated']);
    await bootPage(cart(1, '$10.00'));
    await waitForMount('cart-page');
    const button = document.querySelector<HTMLButtonElement>('[name="update_cart"]')!;
    expect(button.disabled).toBe(true);
    const qty = document.querySelector<HTMLInputElement>('input.qty')!;
    qty.value = '3';
    fireEvent.input(qty);
    expect(button.disabled).toBe(false);
    fireEvent.keyDown(qty, { key: 'Enter' });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(document.querySelector<HTMLElement>('form.woocommerce-cart-form')!.style.opacity).toContain('0.6');
    expect(document.querySelector<HTMLElement>('.cart_totals')!.getAttribute('aria-busy')).toBe('true');
    // The page's own form is posted as the browser would (FormData), plus update_cart as cart.js adds it.
    const posted = Object.fromEntries(requests[0]!.init.body as FormData);
    answer.resolve(text(page(cart(3, '$30.00', '<div class="woocommerce-message" role="alert">Cart updated.</div>'))));
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$30.00'));
    expect(document.querySelector('.woocommerce-message')?.textContent).toBe('Cart updated.');
    expect(document.querySelector<HTMLElement>('.cart_totals')!.getAttribute('aria-busy')).toBeNull();
    expect(posted).toMatchObject({ 'cart[k1][qty]': '3', update_cart: 'Update Cart', 'woocommerce-cart-nonce': 'n-cart' });
    expect(events.map((e) => e.name)).toEqual(['cart:totals-updated', 'cart:page-updated']);
    await waitForMount('cart-page', document.querySelector('form.woocommerce-cart-form')!);
    expect(document.querySelector<HTMLButtonElement>('[name="update_cart"]')!.disabled).toBe(true);
  });

  it("a plugin's field in a cart row (a gift note, an add-on) enables Update cart on input or change, as cart.js does for any row field; the coupon field does not", async () => {
    const giftFields =
      '<td class="product-gift"><label><input type="checkbox" name="cart[k1][gift_wrap]" value="1" /> Gift wrap</label><textarea name="cart[k1][gift_note]"></textarea><select name="cart[k1][card]"><option value="">No card</option><option value="birthday">Birthday</option></select></td>';
    mockFetch(() => text(page(cart(1, '$10.00', '', giftFields))));
    const button = () => document.querySelector<HTMLButtonElement>('[name="update_cart"]')!;
    const mountedCart = async () => {
      await bootPage(cart(1, '$10.00', '', giftFields));
      await waitForMount('cart-page');
      expect(button().disabled).toBe(true);
    };
    await mountedCart();
    const coupon = document.querySelector<HTMLInputElement>('#coupon_code')!;
    coupon.value = 'take10';
    fireEvent.input(coupon);
    expect(button().disabled).toBe(true);
    const note = document.querySelector<HTMLTextAreaElement>('textarea')!;
    note.value = 'Happy birthday';
    fireEvent.input(note);
    expect(button().disabled).toBe(false);
    await mountedCart();
    fireEvent.click(document.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    expect(button().disabled).toBe(false);
    await mountedCart();
    const card = document.querySelector<HTMLSelectElement>('select')!;
    card.value = 'birthday';
    fireEvent.change(card);
    expect(button().disabled).toBe(false);
  });

  it('Enter in a quantity the field refuses (over its max) is left to the browser, which shows why; nothing is posted. A valid one posts the update', async () => {
    const requests = mockFetch(() => text(page(cart(4, '$40.00'))));
    await bootPage(cart(1, '$10.00').replace('min="0"', 'min="0" max="5"'));
    await waitForMount('cart-page');
    const qty = document.querySelector<HTMLInputElement>('input.qty')!;
    qty.value = '9';
    fireEvent.input(qty);
    expect(qty.checkValidity()).toBe(false);
    // Not cancelled: the browser's own Enter then shows the field's validation message, as with cart.js.
    expect(fireEvent.keyDown(qty, { key: 'Enter' })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(requests).toHaveLength(0);
    qty.value = '4';
    fireEvent.input(qty);
    expect(fireEvent.keyDown(qty, { key: 'Enter' })).toBe(false);
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$40.00'));
    expect(requests).toHaveLength(1);
  });

  it('the coupon: apply_coupon with the nonce, its notice shown, applied_coupon, then the cart fetched again', async () => {
    const requests = mockFetch((request) =>
      request.url.includes('wc-ajax=apply_coupon')
        ? text('<div class="woocommerce-message" role="alert">Coupon code applied successfully.</div>')
        : text(page(cart(1, '$9.00'))),
    );
    const applied = recordEvents(['coupon:applied']);
    await bootPage(cart(1, '$10.00'));
    await waitForMount('cart-page');
    const field = document.querySelector<HTMLInputElement>('#coupon_code')!;
    field.value = 'take10';
    fireEvent.click(document.querySelector('[name="apply_coupon"]')!);
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$9.00'));
    expect(formOf(requests[0]!.body)).toEqual({ security: 'n-apply', coupon_code: 'take10' });
    expect(requests[1]!.method).toBe('POST');
    expect(document.querySelector('.woocommerce-message')?.textContent).toContain('Coupon code applied successfully.');
    expect(applied.map((e) => e.detail)).toEqual([{ code: 'take10', context: 'cart' }]);
  });

  it('a refused coupon: its error under the coupon field (WooCommerce 10), the code kept and the field focused and described by it; typing a new code clears it', async () => {
    mockFetch((request) =>
      request.url.includes('wc-ajax=apply_coupon')
        ? text('<ul class="woocommerce-error" role="alert">\n\t\t\t<li>\n\t\t\tCoupon "nope" does not exist!\t\t</li>\n\t</ul>\n')
        : text(page(cart(1, '$10.00'))),
    );
    const applied = recordEvents(['coupon:applied']);
    await bootPage(cart(1, '$10.00'));
    await waitForMount('cart-page');
    const field = () => document.querySelector<HTMLInputElement>('#coupon_code')!;
    field().value = 'nope';
    fireEvent.click(document.querySelector('[name="apply_coupon"]')!);
    await waitFor(() => expect(applied).toHaveLength(1));
    // The cart is drawn again after the answer, and the error is carried onto the new form.
    await waitForMount('cart-page', document.querySelector('form.woocommerce-cart-form')!);
    await waitFor(() => expect(document.querySelector('form.woocommerce-cart-form')!.getAttribute('aria-busy')).toBeNull());
    const error = document.querySelector<HTMLElement>('.coupon #coupon-error-notice.coupon-error-notice')!;
    expect(error.tagName).toBe('P');
    expect(error.textContent).toBe('Coupon "nope" does not exist!');
    expect(error.getAttribute('role')).toBe('alert');
    expect(document.querySelector('.woocommerce-notices-wrapper .woocommerce-error')).toBeNull();
    expect(field().value).toBe('nope');
    expect(field().classList.contains('has-error')).toBe(true);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toBe('coupon-error-notice');
    expect(document.activeElement).toBe(field());
    field().value = 'nope2';
    fireEvent.input(field());
    expect(document.querySelector('.coupon-error-notice')).toBeNull();
    expect(field().classList.contains('has-error')).toBe(false);
    expect(field().hasAttribute('aria-invalid')).toBe(false);
    expect(field().hasAttribute('aria-describedby')).toBe(false);
  });

  it('Enter pressed twice in the coupon field sends one apply_coupon', async () => {
    const requests = mockFetch((request) =>
      request.url.includes('wc-ajax=apply_coupon')
        ? text('<div class="woocommerce-message" role="alert">Coupon code applied successfully.</div>')
        : text(page(cart(1, '$9.00'))),
    );
    await bootPage(cart(1, '$10.00'));
    await waitForMount('cart-page');
    const field = document.querySelector<HTMLInputElement>('#coupon_code')!;
    field.value = 'take10';
    field.focus();
    const form = document.querySelector<HTMLFormElement>('form.woocommerce-cart-form')!;
    // The browser submits the form with no submitter on Enter in a text field; the focus says which.
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$9.00'));
    expect(requests.filter((r) => r.url.includes('wc-ajax=apply_coupon'))).toHaveLength(1);
  });

  it('an apply_coupon answer without any notice (empty, or a PHP warning) is a failure the shopper is told about, not a silent nothing', async () => {
    for (const body of ['', '<br />\n<b>Warning</b>:  Undefined array key "demo"<br />\n{"fragments":{"div']) {
      document.body.replaceChildren();
      const requests = mockFetch(() => text(body));
      const applied = recordEvents(['coupon:applied']);
      await bootPage(cart(1, '$10.00'));
      await waitForMount('cart-page');
      document.querySelector<HTMLInputElement>('#coupon_code')!.value = 'take10';
      fireEvent.click(document.querySelector('[name="apply_coupon"]')!);
      await waitFor(() => expect(document.querySelector('.woocommerce-error')?.textContent).toBe('An unknown error occurred.'));
      expect(requests).toHaveLength(1);
      expect(applied).toEqual([]);
      expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    }
  });

  it('an add to the cart made on the cart page (a cross-sell) fetches the cart form and totals again', async () => {
    const requests = mockFetch(() => text(page(cart(2, '$20.00'))));
    await bootPage(cart(1, '$10.00'));
    await waitForMount('cart-page');
    emit('cart:added', { fragments: {}, cartHash: 'h', button: null });
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$20.00'));
    expect(requests).toHaveLength(1);
    expect((requests[0]!.init.body as FormData).has('update_cart')).toBe(false);
  });

  // Storefront prints the page's notices in a `.woocommerce` of their own above the content (storefront_content_top),
  // outside the cart's: cart.js clears notices on the whole page and shows new ones in the page's first wrapper.
  const storefrontTop = (notice: string) => `<div class="woocommerce"><div class="woocommerce-notices-wrapper">${notice}</div></div>`;

  it('in a theme that prints notices above the cart (Storefront): an update replaces the notice there, none left over', async () => {
    mockFetch(() => text(page(storefrontTop('<div class="woocommerce-message" role="alert">Cart updated.</div>') + cart(3, '$30.00'))));
    await bootPage(storefrontTop('<div class="woocommerce-message" role="alert">“Mug” has been added to your cart.</div>') + cart(1, '$10.00'));
    await waitForMount('cart-page');
    const qty = document.querySelector<HTMLInputElement>('input.qty')!;
    qty.value = '3';
    fireEvent.input(qty);
    fireEvent.click(document.querySelector('[name="update_cart"]')!);
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$30.00'));
    const notices = Array.from(document.querySelectorAll('.woocommerce-message'), (n) => n.textContent);
    expect(notices).toEqual(['Cart updated.']);
    expect(document.querySelector('.woocommerce-notices-wrapper')!.textContent).toBe('Cart updated.');
  });

  it('in a theme that prints notices above the cart (Storefront): removing the last line shows its "removed. Undo?" notice with the empty cart', async () => {
    const emptied = `${storefrontTop('<div class="woocommerce-message" role="alert">“Mug” removed. <a href="/cart/?undo_item=k1" class="restore-item">Undo?</a></div>')}<div class="woocommerce"><div class="woocommerce-notices-wrapper"></div><div class="wc-empty-cart-message"><div class="cart-empty woocommerce-info" role="status">Your cart is currently empty.</div></div></div>`;
    mockFetch(() => text(page(emptied)));
    await bootPage(storefrontTop('') + cart(1, '$10.00'));
    await waitForMount('cart-page');
    fireEvent.click(document.querySelector('a.remove')!);
    await waitFor(() => expect(document.querySelector('.cart-empty')?.textContent).toBe('Your cart is currently empty.'));
    expect(document.querySelectorAll('a.restore-item')).toHaveLength(1);
    expect(document.querySelector('.woocommerce-message')?.textContent).toBe('“Mug” removed. Undo?');
  });

  it('in a theme that prints notices above the cart (Storefront): the Undo link up there restores the line in place, as cart.js hears it on the whole page', async () => {
    const requests = mockFetch(() => text(page(storefrontTop('') + cart(2, '$20.00'))));
    await bootPage(storefrontTop('<div class="woocommerce-message" role="alert">“Cap” removed. <a href="/cart/?undo_item=k9&amp;_wpnonce=n" class="restore-item">Undo?</a></div>') + cart(1, '$10.00'));
    await waitForMount('cart-page');
    const undo = document.querySelector<HTMLAnchorElement>('a.restore-item')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    undo.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$20.00'));
    expect(requests[0]!.url).toContain('undo_item=k9');
  });

  it('HTTP-07 a 500 on the update: the shopper sees why, the cart is unblocked, its form kept', async () => {
    mockFetch(() => text('<p>critical</p>', { status: 500 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await bootPage(cart(1, '$10.00'));
    await waitForMount('cart-page');
    const qty = document.querySelector<HTMLInputElement>('input.qty')!;
    qty.value = '2';
    fireEvent.input(qty);
    fireEvent.click(document.querySelector('[name="update_cart"]')!);
    await waitFor(() => expect(document.querySelector('.woocommerce-error')?.textContent).toBe('An unknown error occurred.'));
    expect(document.querySelector('form.woocommerce-cart-form')!.getAttribute('aria-busy')).toBeNull();
    expect(document.querySelector('.order-total td')?.textContent).toBe('$10.00');
  });
});

describe("cart-page widget with a plugin on jQuery that changed the cart and asks cart.js to draw it again (wc_update_cart)", () => {
  let leaveJQuery: () => void;
  beforeEach(() => {
    settings();
    leaveJQuery = withJQueryOnPage();
  });
  afterEach(() => {
    leaveJQuery();
  });

  it('wc_update_cart on document posts the form as cart.js does (no update_cart: the server only draws it) and shows the new cart; the old notice goes', async () => {
    const requests = mockFetch(() => text(page(cart(4, '$40.00'))));
    await bootPage(cart(1, '$10.00', '<div class="woocommerce-message" role="alert">Mug added.</div>'));
    await waitForMount('cart-page');
    // The plugin changed the quantity on the server (its own ajax), then asks the cart page to catch up.
    jQuery(document).trigger('wc_update_cart');
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$40.00'));
    expect(document.querySelector<HTMLInputElement>('input.qty')!.value).toBe('4');
    expect(requests).toHaveLength(1);
    const posted = Object.fromEntries(requests[0]!.init.body as FormData);
    expect(posted).toMatchObject({ 'cart[k1][qty]': '1', 'woocommerce-cart-nonce': 'n-cart' });
    expect(posted).not.toHaveProperty('update_cart');
    expect(document.querySelector('.woocommerce-message')).toBeNull();
  });

  it('wc_update_cart with preserve_notices (fired on body) keeps the notice on screen; a failed update says why and loses nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let status = 200;
    mockFetch(() => (status === 200 ? text(page(cart(2, '$20.00'))) : text('', { status })));
    await bootPage(cart(1, '$10.00', '<div class="woocommerce-message" role="alert">Mug added.</div>'));
    await waitForMount('cart-page');
    jQuery(document.body).trigger('wc_update_cart', [true]);
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$20.00'));
    expect(document.querySelector('.woocommerce-message')?.textContent).toBe('Mug added.');
    status = 500;
    jQuery(document).trigger('wc_update_cart');
    await waitFor(() => expect(document.querySelector('.woocommerce-error')?.textContent).toBe('An unknown error occurred.'));
    expect(document.querySelector('.order-total td')?.textContent).toBe('$20.00');
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('a wc_update_cart fired while the form is swapped (the old widget gone, the new one not started) is not lost', async () => {
    let answers = 0;
    const requests = mockFetch(() => text(page(cart(2, answers++ === 0 ? '$20.00' : '$25.00'))));
    await bootPage(cart(1, '$10.00'));
    await waitForMount('cart-page');
    // Runs after the mount layer's own observer (registered first): the old form's widget has just been unmounted and
    // the new form's has not started. A plugin's updated_wc_div handler that asks again lands in that moment.
    let fired = false;
    const inTheGap = new MutationObserver(() => {
      if (fired) return;
      fired = true;
      jQuery(document).trigger('wc_update_cart');
    });
    inTheGap.observe(document.body, { childList: true, subtree: true });
    const qty = document.querySelector<HTMLInputElement>('input.qty')!;
    qty.value = '2';
    fireEvent.input(qty);
    fireEvent.click(document.querySelector('[name="update_cart"]')!);
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$25.00'));
    inTheGap.disconnect();
    expect(fired).toBe(true);
    expect(requests).toHaveLength(2);
    expect(Object.fromEntries(requests[0]!.init.body as FormData)).toHaveProperty('update_cart');
    expect(Object.fromEntries(requests[1]!.init.body as FormData)).not.toHaveProperty('update_cart');
  });

  it('a line removed with its remove link: item_removed_from_classic_cart on body, once, without arguments, after updated_wc_div (as cart.js), also when the removal failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let status = 200;
    mockFetch(() => (status === 200 ? text(page(cart(1, '$5.00', '<div class="woocommerce-message" role="alert">“Mug” removed.</div>'))) : text('', { status })));
    await bootPage(cart(1, '$10.00'));
    await waitForMount('cart-page');
    const heard: Array<{ name: string; args: unknown[] }> = [];
    jQuery(document.body).on('item_removed_from_classic_cart updated_wc_div', (event, ...args) => heard.push({ name: event.type, args }));
    fireEvent.click(document.querySelector('.product-remove > a')!);
    await waitFor(() => expect(heard.map((h) => h.name)).toContain('item_removed_from_classic_cart'));
    expect(heard).toEqual([
      { name: 'updated_wc_div', args: [] },
      { name: 'item_removed_from_classic_cart', args: [] },
    ]);
    expect(document.querySelector('.order-total td')?.textContent).toBe('$5.00');
    await waitForMount('cart-page', document.querySelector('form.woocommerce-cart-form')!);
    heard.length = 0;
    status = 500;
    fireEvent.click(document.querySelector('.product-remove > a')!);
    await waitFor(() => expect(heard.map((h) => h.name)).toEqual(['item_removed_from_classic_cart']));
  });

  it("a theme's quantity buttons (the field set, change triggered with jQuery) enable Update cart, which then posts the new quantity", async () => {
    const requests = mockFetch(() => text(page(cart(3, '$30.00'))));
    await bootPage(cart(1, '$10.00'));
    await waitForMount('cart-page');
    const button = () => document.querySelector<HTMLButtonElement>('[name="update_cart"]')!;
    expect(button().disabled).toBe(true);
    // jQuery runs its own handlers only: no DOM event reaches the page.
    jQuery('input.qty').val('3').trigger('change');
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$30.00'));
    expect(Object.fromEntries(requests[0]!.init.body as FormData)).toMatchObject({ 'cart[k1][qty]': '3', update_cart: 'Update Cart' });
  });

  it('a wc_update_cart made while Update cart is on its way is drawn after it, on the form then on the page: the page ends with the server\'s cart', async () => {
    const first = deferred<Response>();
    let answers = 0;
    let answersAfterFirst: Promise<Response> = Promise.resolve(text(page(cart(5, '$50.00'))));
    const requests = mockFetch(() => (answers++ === 0 ? first.promise : answersAfterFirst));
    await bootPage(cart(1, '$10.00'));
    await waitForMount('cart-page');
    const qty = document.querySelector<HTMLInputElement>('input.qty')!;
    qty.value = '3';
    fireEvent.input(qty);
    fireEvent.click(document.querySelector('[name="update_cart"]')!);
    await waitFor(() => expect(requests).toHaveLength(1));
    // A plugin changed the cart meanwhile (to 5) and asks for it to be drawn again.
    jQuery(document).trigger('wc_update_cart');
    const second = deferred<Response>();
    answersAfterFirst = second.promise;
    // The server's own rule makes the 3 a 4 in its answer: the form it draws is not the one Update cart posted.
    first.resolve(text(page(cart(4, '$40.00'))));
    await waitFor(() => expect(requests).toHaveLength(2));
    // The form the first answer drew is the one shown busy while the second request is on its way.
    await waitFor(() => expect(document.querySelector('form.woocommerce-cart-form')!.getAttribute('aria-busy')).toBe('true'));
    second.resolve(text(page(cart(5, '$50.00'))));
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$50.00'));
    expect(document.querySelector('form.woocommerce-cart-form')!.getAttribute('aria-busy')).toBeNull();
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('input.qty')!.value).toBe('5'));
    expect(document.querySelectorAll('form.woocommerce-cart-form')).toHaveLength(1);
    // The second request posted the form then on the page (the first answer's), as cart.js looks it up again.
    expect(Object.fromEntries(requests[1]!.init.body as FormData)).toMatchObject({ 'cart[k1][qty]': '4' });
  });
});
