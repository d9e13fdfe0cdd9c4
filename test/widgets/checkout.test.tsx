import { fireEvent, waitFor } from '@testing-library/react';
import jQuery from 'jquery';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit } from '../../src/bus';
import { navigation } from '../../src/navigation';
import { resetSettingsCache } from '../../src/settings';
import { ADDRESS_I18N_PARAMS, COUNTRY_SELECT_PARAMS } from '../fixtures/address-data';
import { withJQueryOnPage } from '../helpers/jquery-page';
import { bootPage, waitForMount } from '../helpers/page';
import { deferred, json, mockFetch, text } from '../unit/http/fetch-mock';
import { formOf, recordEvents } from './cart-helpers';
import { everythingInView } from '../helpers/in-view.ts';
import { resetI18nReadyForTests } from '../../widgets/address-fields/AddressFields';

// The checkout and the country fields in happy-dom, on markup shaped like the captured checkout.html and
// the reference backend's answers (test/server/routes/checkout.ts).

function settings(): void {
  const w = window as unknown as Record<string, unknown>;
  w.woocommerce_params = { ajax_url: '/wp-admin/admin-ajax.php', wc_ajax_url: '/?wc-ajax=%%endpoint%%' };
  w.wc_checkout_params = {
    ajax_url: '/wp-admin/admin-ajax.php',
    wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    update_order_review_nonce: 'n-review',
    apply_coupon_nonce: 'n-apply',
    remove_coupon_nonce: 'n-remove',
    option_guest_checkout: 'yes',
    checkout_url: '/?wc-ajax=checkout',
    is_checkout: '1',
    debug_mode: '',
    i18n_checkout_error: 'There was an error processing your order. Review your <a href="/my-account/orders/">order history</a> <img src=x onerror="alert(1)">before placing the order again.',
  };
  w.wc_country_select_params = COUNTRY_SELECT_PARAMS;
  w.wc_address_i18n_params = ADDRESS_I18N_PARAMS;
  resetSettingsCache();
  everythingInView();
}

const review = (label: string) => `<table class="shop_table woocommerce-checkout-review-order-table"><tfoot><tr class="order-total"><th>Total</th><td>${label}</td></tr></tfoot></table>`;
const payment = (checked: 'cheque' | 'bacs') => `<div id="payment" class="woocommerce-checkout-payment"><ul class="wc_payment_methods payment_methods methods">
<li class="wc_payment_method payment_method_cheque"><input id="payment_method_cheque" type="radio" class="input-radio" name="payment_method" value="cheque" ${checked === 'cheque' ? 'checked' : ''} data-order_button_text="" /><label for="payment_method_cheque">Check payments</label><div class="payment_box payment_method_cheque"><p>Send a check.</p></div></li>
<li class="wc_payment_method payment_method_bacs"><input id="payment_method_bacs" type="radio" class="input-radio" name="payment_method" value="bacs" ${checked === 'bacs' ? 'checked' : ''} data-order_button_text="Place order and show bank details" /><label for="payment_method_bacs">Direct bank transfer</label><div class="payment_box payment_method_bacs" style="display:none;"><p>Pay by transfer.</p></div></li>
</ul><div class="form-row place-order"><p class="form-row validate-required"><label><input type="checkbox" class="input-checkbox" name="terms" id="terms" /> terms</label><input type="hidden" name="terms-field" value="1" /></p><button type="submit" class="button alt" name="woocommerce_checkout_place_order" id="place_order" value="Place order" data-value="Place order">Place order</button><input type="hidden" name="woocommerce-process-checkout-nonce" value="n-process" /></div></div>`;
const answer = (label: string, checked: 'cheque' | 'bacs' = 'cheque') => ({
  result: 'success',
  messages: '',
  reload: false,
  fragments: { '.woocommerce-checkout-review-order-table': review(label), '.woocommerce-checkout-payment': payment(checked) },
});

const CHECKOUT = `<div class="woocommerce"><div class="woocommerce-notices-wrapper"></div>
<form name="checkout" method="post" class="checkout woocommerce-checkout" action="/checkout/">
<div class="woocommerce-billing-fields"><div class="woocommerce-billing-fields__field-wrapper">
<p class="form-row form-row-first validate-required" id="billing_first_name_field" data-priority="10"><label for="billing_first_name" class="required_field">First name&nbsp;<span class="required" aria-hidden="true">*</span></label><span class="woocommerce-input-wrapper"><input type="text" class="input-text " name="billing_first_name" id="billing_first_name" value="" aria-required="true" /></span></p>
<p class="form-row form-row-wide address-field update_totals_on_change validate-required" id="billing_country_field" data-priority="40"><label for="billing_country">Country / Region&nbsp;<span class="required" aria-hidden="true">*</span></label><span class="woocommerce-input-wrapper"><select name="billing_country" id="billing_country" class="country_to_state"><option value="US" selected>United States (US)</option><option value="GB">United Kingdom (UK)</option><option value="AT">Austria</option></select></span></p>
<p class="form-row form-row-wide address-field validate-required" id="billing_city_field" data-priority="70"><label for="billing_city">Town / City&nbsp;<span class="required" aria-hidden="true">*</span></label><span class="woocommerce-input-wrapper"><input type="text" class="input-text " name="billing_city" id="billing_city" value="" /></span></p>
<p class="form-row form-row-wide address-field validate-required validate-state" id="billing_state_field" data-priority="80"><label for="billing_state">State&nbsp;<span class="required" aria-hidden="true">*</span></label><span class="woocommerce-input-wrapper"><select name="billing_state" id="billing_state" data-input-classes="" data-placeholder="Select an option…"><option value="">Select an option…</option><option value="CA" selected>California</option><option value="NY">New York</option></select></span></p>
<p class="form-row form-row-wide address-field validate-required validate-postcode" id="billing_postcode_field" data-priority="90"><label for="billing_postcode">ZIP Code&nbsp;<span class="required" aria-hidden="true">*</span></label><span class="woocommerce-input-wrapper"><input type="text" class="input-text " name="billing_postcode" id="billing_postcode" value="" /></span></p>
</div></div>
<div id="order_review" class="woocommerce-checkout-review-order">${review('$37.50')}${payment('cheque')}</div>
</form></div>`;

const reviewCalls = <R extends { url: string }>(requests: R[]) => requests.filter((r) => r.url.includes('wc-ajax=update_order_review'));

/**
 * The checkout mounted with its first order review update applied and the review no longer busy. Every later update
 * answers with `later` (a promise the test settles), every order with `orderAnswer`.
 */
async function checkoutWithALaterUpdate(later: Promise<Response>, orderAnswer: () => Response) {
  let reviews = 0;
  const requests = mockFetch((request) => {
    if (request.url.includes('wc-ajax=checkout')) return orderAnswer();
    reviews += 1;
    return reviews === 1 ? json(answer('$37.50')) : later;
  });
  await bootPage(CHECKOUT);
  await waitFor(() => expect(reviewCalls(requests)).toHaveLength(1));
  await waitFor(() => expect(document.querySelector('.woocommerce-checkout-payment')?.getAttribute('aria-busy')).toBeNull());
  return { requests, orders: () => requests.filter((r) => r.url.includes('wc-ajax=checkout')) };
}

describe('checkout widget', () => {
  beforeEach(settings);
  afterEach(() => vi.restoreAllMocks());

  it('init_checkout asks for one order review update; its fragments replace the review and payment blocks; updated_checkout follows', async () => {
    const requests = mockFetch(() => json(answer('$42.00')));
    const events = recordEvents(['checkout:init', 'checkout:update-requested', 'checkout:updated']);
    await bootPage(CHECKOUT);
    await waitForMount('checkout');
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$42.00'));
    expect(reviewCalls(requests)).toHaveLength(1);
    const sent = formOf(reviewCalls(requests)[0]!.body);
    expect(sent).toMatchObject({ security: 'n-review', payment_method: 'cheque', country: 'US', state: 'CA', s_country: 'US', has_full_address: 'false' });
    expect(sent.post_data).toContain('billing_country=US');
    // (React's StrictMode runs the widget's effect twice in development: the first run is undone.)
    const names = events.map((e) => e.name);
    expect(names.slice(-3)).toEqual(['checkout:init', 'checkout:update-requested', 'checkout:updated']);
    expect(names.filter((n) => n === 'checkout:updated')).toHaveLength(1);
  });

  it('a newer update while one is in flight cancels it, and the stale answer never reaches the page', async () => {
    const first = deferred<Response>();
    let calls = 0;
    const requests = mockFetch(() => {
      calls += 1;
      if (calls === 1) return json(answer('$37.50'));
      if (calls === 2) return first.promise;
      return json(answer('$52.50 (GB)'));
    });
    await bootPage(CHECKOUT);
    await waitFor(() => expect(reviewCalls(requests)).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.woocommerce-checkout-payment')?.getAttribute('aria-busy')).toBeNull());
    emit('checkout:update-requested', {});
    await waitFor(() => expect(reviewCalls(requests)).toHaveLength(2));
    emit('checkout:update-requested', {});
    await waitFor(() => expect(document.querySelector('.order-total td')?.textContent).toBe('$52.50 (GB)'));
    expect((requests[1]!.init.signal as AbortSignal).aborted).toBe(true);
    first.resolve(json(answer('$20.00 (stale)')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('.order-total td')?.textContent).toBe('$52.50 (GB)');
  });

  it('the payment choice survives an update whose answer checks another gateway; its description shows', async () => {
    const requests = mockFetch(() => json(answer('$37.50', 'cheque')));
    const selected = recordEvents(['checkout:payment-method-selected']);
    await bootPage(CHECKOUT);
    // The first update has been asked for, so the widget is there: on a loaded machine the payment block was not busy
    // yet only because nothing had started, and the click below reached the server markup alone.
    await waitFor(() => expect(reviewCalls(requests)).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.woocommerce-checkout-payment')?.getAttribute('aria-busy')).toBeNull());
    fireEvent.click(document.querySelector<HTMLInputElement>('#payment_method_bacs')!);
    expect(document.querySelector<HTMLElement>('.payment_box.payment_method_bacs')!.style.display).toBe('');
    expect(document.querySelector<HTMLElement>('.payment_box.payment_method_cheque')!.style.display).toBe('none');
    expect(document.querySelector('#place_order')!.textContent).toBe('Place order and show bank details');
    emit('checkout:update-requested', {});
    await waitFor(() => expect(document.querySelector('.woocommerce-checkout-payment')?.getAttribute('aria-busy')).toBeNull());
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#payment_method_bacs')!.checked).toBe(true));
    expect(document.querySelector<HTMLElement>('.payment_box.payment_method_bacs')!.style.display).toBe('');
    expect(selected.map((e) => (e.detail as { method: string }).method)).toContain('bacs');
  });

  it('HTTP-07 a 500 on checkout: the checkout error with its link kept and its markup otherwise dropped, the form usable, checkout_error fired', async () => {
    const requests = mockFetch((request) =>
      request.url.includes('wc-ajax=checkout') ? text('<html><body>critical error</body></html>', { status: 500 }) : json(answer('$37.50')),
    );
    const errors = recordEvents(['checkout:error']);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await bootPage(CHECKOUT);
    await waitFor(() => expect(reviewCalls(requests)).toHaveLength(1));
    fireEvent.submit(document.querySelector('form.checkout')!);
    await waitFor(() => expect(document.querySelector('.woocommerce-NoticeGroup-checkout')).not.toBeNull());
    const notice = document.querySelector<HTMLElement>('.woocommerce-NoticeGroup-checkout .woocommerce-error')!;
    expect(notice.textContent).toContain('There was an error processing your order.');
    expect(notice.querySelector('a')?.getAttribute('href')).toBe('/my-account/orders/');
    expect(notice.querySelector('img')).toBeNull();
    expect(document.activeElement).toBe(notice);
    expect(document.querySelector('form.checkout')!.classList.contains('processing')).toBe(false);
    expect(document.querySelector('form.checkout')!.getAttribute('aria-busy')).toBeNull();
    expect(errors).toHaveLength(1);
  });

  it('a refused order: the messages above the form, each field named in them marked invalid with its message beside it', async () => {
    const refused = {
      result: 'failure',
      messages: '<ul class="woocommerce-error" role="alert"><li data-id="billing_first_name"><strong>Billing First name</strong> is a required field.</li><li>Invalid payment method.</li></ul>',
      refresh: false,
      reload: false,
    };
    mockFetch((request) => (request.url.includes('wc-ajax=checkout') ? json(refused) : json(answer('$37.50'))));
    await bootPage(CHECKOUT);
    fireEvent.submit(document.querySelector('form.checkout')!);
    await waitFor(() => expect(document.querySelector('#billing_first_name_description')).not.toBeNull());
    const field = document.querySelector('#billing_first_name')!;
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe('billing_first_name_description');
    expect(document.querySelector('#billing_first_name_description')!.textContent).toBe('Billing First name is a required field.');
    const list = document.querySelector<HTMLElement>('.woocommerce-NoticeGroup-checkout .woocommerce-error')!;
    expect(list.getAttribute('role')).toBeNull();
    expect(list.closest('[role="alert"]')).not.toBeNull();
    expect(list.querySelector('a[href="#billing_first_name"]')).not.toBeNull();
    expect(document.activeElement).toBe(list);
  });

  it('a refused order in a block theme: its notice banner (wc-block-components-notice-banner is-error) is focused, as checkout.js does', async () => {
    const refused = {
      result: 'failure',
      messages:
        '<div class="wc-block-components-notice-banner is-error" role="alert"><div class="wc-block-components-notice-banner__content">Invalid payment method.</div></div>',
      refresh: false,
      reload: false,
    };
    mockFetch((request) => (request.url.includes('wc-ajax=checkout') ? json(refused) : json(answer('$37.50'))));
    await bootPage(CHECKOUT);
    await waitForMount('checkout');
    fireEvent.submit(document.querySelector('form.checkout')!);
    await waitFor(() => expect(document.querySelector('.woocommerce-NoticeGroup-checkout')).not.toBeNull());
    expect(document.activeElement).toBe(document.querySelector('.woocommerce-NoticeGroup-checkout .wc-block-components-notice-banner'));
  });

  it('a refused order whose answer asks for a refresh: the messages shown, then a new order review update', async () => {
    const refused = { result: 'failure', messages: '<ul class="woocommerce-error" role="alert"><li>The totals changed.</li></ul>', refresh: true, reload: false };
    const requests = mockFetch((request) => (request.url.includes('wc-ajax=checkout') ? json(refused) : json(answer('$37.50'))));
    await bootPage(CHECKOUT);
    await waitFor(() => expect(reviewCalls(requests)).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.woocommerce-checkout-payment')?.getAttribute('aria-busy')).toBeNull());
    fireEvent.submit(document.querySelector('form.checkout')!);
    await waitFor(() => expect(document.querySelector('.woocommerce-NoticeGroup-checkout')?.textContent).toContain('The totals changed.'));
    await waitFor(() => expect(reviewCalls(requests)).toHaveLength(2));
  });

  it('while another script holds the form "processing" (a gateway at work), Place order sends nothing, as checkout.js refuses', async () => {
    const requests = mockFetch((request) => (request.url.includes('wc-ajax=checkout') ? json({ result: 'failure', messages: '' }) : json(answer('$37.50'))));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await bootPage(CHECKOUT);
    await waitForMount('checkout');
    const form = document.querySelector('form.checkout')!;
    const orders = () => requests.filter((r) => r.url.includes('wc-ajax=checkout')).length;
    form.classList.add('processing');
    fireEvent.submit(form);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(orders()).toBe(0);
    form.classList.remove('processing');
    fireEvent.submit(form);
    await waitFor(() => expect(orders()).toBe(1));
  });

  it('the terms link opens and closes the terms text with WooCommerce\'s --open / --closed classes (its CSS turns the arrow)', async () => {
    mockFetch(() => json({ result: 'success', messages: '', reload: false, fragments: {} }));
    const withTerms = CHECKOUT.replace(' terms</label>', ' <a href="/terms/" class="woocommerce-terms-and-conditions-link">terms</a></label>').replace(
      '<div class="form-row place-order">',
      '<div class="form-row place-order"><div class="woocommerce-terms-and-conditions" style="display: none;"><p>Terms.</p></div>',
    );
    await bootPage(withTerms);
    await waitForMount('checkout');
    const link = document.querySelector<HTMLElement>('a.woocommerce-terms-and-conditions-link')!;
    const text = document.querySelector<HTMLElement>('.woocommerce-terms-and-conditions')!;
    fireEvent.click(link);
    expect(text.style.display).toBe('');
    expect(link.classList.contains('woocommerce-terms-and-conditions-link--open')).toBe(true);
    expect(link.classList.contains('woocommerce-terms-and-conditions-link--closed')).toBe(false);
    expect(link.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(link);
    expect(text.style.display).toBe('none');
    expect(link.classList.contains('woocommerce-terms-and-conditions-link--open')).toBe(false);
    expect(link.classList.contains('woocommerce-terms-and-conditions-link--closed')).toBe(true);
  });

  it('a field\'s description (WooCommerce\'s stylesheet hides it) shows while the shopper is in the field, as woocommerce.js shows it', async () => {
    mockFetch(() => json(answer('$37.50')));
    const described = CHECKOUT.replace(
      'id="billing_city" value="" /></span>',
      'id="billing_city" value="" aria-describedby="billing_city-description" /><span class="description" id="billing_city-description" aria-hidden="true">As on your ID card.</span></span>',
    );
    await bootPage(`<style>.woocommerce-input-wrapper .description { display: none; }</style>${described}`);
    await waitForMount('checkout');
    // The descriptions' code comes on its own, for a page that has a described field.
    await vi.dynamicImportSettled();
    const description = document.getElementById('billing_city-description')!;
    expect(getComputedStyle(description).display).toBe('none');
    document.getElementById('billing_city')!.focus();
    expect(getComputedStyle(description).display).toBe('block');
    document.getElementById('billing_first_name')!.focus();
    expect(getComputedStyle(description).display).toBe('none');
  });

  it('"Create an account?": ticking it empties a password the browser filled in (checkout.js toggle_create_account), as it does at load', async () => {
    mockFetch(() => json(answer('$37.50')));
    const account = `<div class="woocommerce-account-fields"><p class="form-row form-row-wide create-account"><label class="woocommerce-form__label checkbox"><input class="woocommerce-form__input input-checkbox" id="createaccount" type="checkbox" name="createaccount" value="1" checked /> <span>Create an account?</span></label></p>
<div class="create-account"><p class="form-row validate-required" id="account_password_field"><label for="account_password">Create account password</label><span class="woocommerce-input-wrapper"><input type="password" class="input-text" name="account_password" id="account_password" value="" autocomplete="new-password" /></span></p></div></div>`;
    await bootPage(CHECKOUT.replace('</form>', `${account}</form>`), {
      beforeScan: () => {
        document.querySelector<HTMLInputElement>('#account_password')!.value = 'autofilled-1';
      },
    });
    await waitForMount('checkout');
    const password = document.querySelector<HTMLInputElement>('#account_password')!;
    const box = document.querySelector<HTMLInputElement>('#createaccount')!;
    expect(password.value).toBe('');
    const changes: string[] = [];
    password.addEventListener('change', () => changes.push(password.value));
    fireEvent.click(box); // unticked: the fields hide; the password stays as it is
    expect(document.querySelector<HTMLElement>('div.create-account')!.style.display).toBe('none');
    password.value = 'autofilled-2';
    fireEvent.click(box);
    expect(password.value).toBe('');
    expect(changes).toEqual(['']);
    expect(document.querySelector<HTMLElement>('div.create-account')!.style.display).toBe('');
  });

  it('a second submit while the order is on its way sends nothing more', async () => {
    const order = deferred<Response>();
    const requests = mockFetch((request) => (request.url.includes('wc-ajax=checkout') ? order.promise : json(answer('$37.50'))));
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    await bootPage(CHECKOUT);
    const form = document.querySelector('form.checkout')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.submit(form);
    order.resolve(json({ result: 'success', redirect: '/checkout/order-received/7/?key=k' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/order-received/7/?key=k'));
    expect(requests.filter((r) => r.url.includes('wc-ajax=checkout'))).toHaveLength(1);
  });

  /** The checkout mounted and its first update applied; then an update whose answer the test gives (`later`). */
  async function pressDuringUpdate(later: Promise<Response>, orderAnswer: () => Response) {
    const { requests, orders } = await checkoutWithALaterUpdate(later, orderAnswer);
    const payment = () => document.querySelector('.woocommerce-checkout-payment')!;
    emit('checkout:update-requested', {});
    await waitFor(() => expect(reviewCalls(requests)).toHaveLength(2));
    expect(payment().getAttribute('aria-busy')).toBe('true');
    const form = document.querySelector('form.checkout')!;
    // Pressed twice while the review is greyed.
    fireEvent.submit(form);
    fireEvent.submit(form);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(orders(), 'nothing sent while the update is on its way').toHaveLength(0);
    return { orders };
  }

  it('Place order pressed (twice) while an order review update is on its way waits for it; the total unchanged, one order goes', async () => {
    const update = deferred<Response>();
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    const { orders } = await pressDuringUpdate(update.promise, () => json({ result: 'success', redirect: '/checkout/order-received/8/?key=k' }));
    update.resolve(json(answer('$37.50')));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/order-received/8/?key=k'));
    expect(orders()).toHaveLength(1);
  });

  it('Place order pressed while an update is on its way that changes the total: no order, a notice with the new total, focused', async () => {
    const update = deferred<Response>();
    const { orders } = await pressDuringUpdate(update.promise, () => json({ result: 'success', redirect: '/checkout/order-received/9/?key=k' }));
    update.resolve(json(answer('<span class="woocommerce-Price-amount amount">$52.50</span> <small>(includes $4.20 VAT)</small>')));
    await waitFor(() => expect(document.querySelector('.woocommerce-NoticeGroup-checkout')).not.toBeNull());
    const notice = document.querySelector<HTMLElement>('.woocommerce-NoticeGroup-checkout .woocommerce-info')!;
    expect(notice.textContent).toBe('Your order total is now $52.50. Check your order, then place it again.');
    expect(document.activeElement).toBe(notice);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(orders()).toHaveLength(0);
  });

  it('Place order pressed while an update is on its way that takes the chosen payment method away: no order, a notice that the order changed', async () => {
    const update = deferred<Response>();
    const { orders } = await pressDuringUpdate(update.promise, () => json({ result: 'success', redirect: '/checkout/order-received/11/?key=k' }));
    const onlyTransfer = payment('bacs').replace(/<li class="wc_payment_method payment_method_cheque">.*?<\/li>/s, '');
    update.resolve(json({ ...answer('$37.50'), fragments: { '.woocommerce-checkout-review-order-table': review('$37.50'), '.woocommerce-checkout-payment': onlyTransfer } }));
    await waitFor(() => expect(document.querySelector('.woocommerce-NoticeGroup-checkout .woocommerce-info')?.textContent).toBe('Your order has changed. Check it, then place it again.'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(orders()).toHaveLength(0);
  });

  it('Place order pressed while an update is on its way whose answer carries an informational notice (WooCommerce then says "failure"): the order goes', async () => {
    const update = deferred<Response>();
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    const { orders } = await pressDuringUpdate(update.promise, () => json({ result: 'success', redirect: '/checkout/order-received/12/?key=k' }));
    update.resolve(json({ ...answer('$37.50'), result: 'failure', messages: '<div class="woocommerce-info">Add $12.50 more for free shipping.</div>' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/order-received/12/?key=k'));
    expect(orders()).toHaveLength(1);
  });

  it('Place order pressed in the 5 ms before an asked-for update is sent (a postcode, then Enter): the update goes at once and the order waits for it', async () => {
    const update = deferred<Response>();
    const { requests, orders } = await checkoutWithALaterUpdate(update.promise, () => json({ result: 'success', redirect: '/checkout/order-received/13/?key=k' }));
    emit('checkout:update-requested', {});
    fireEvent.submit(document.querySelector('form.checkout')!);
    expect(reviewCalls(requests), 'the update sent at the press').toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(orders()).toHaveLength(0);
    update.resolve(json(answer('$52.50 (GB)')));
    await waitFor(() => expect(document.querySelector('.woocommerce-NoticeGroup-checkout .woocommerce-info')?.textContent).toBe('Your order total is now $52.50 (GB). Check your order, then place it again.'));
    expect(orders()).toHaveLength(0);
  });

  it('Place order pressed while an update is on its way that fails (500): no order, the update\'s own message', async () => {
    const update = deferred<Response>();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { orders } = await pressDuringUpdate(update.promise, () => json({ result: 'success', redirect: '/checkout/order-received/10/?key=k' }));
    update.resolve(text('<html>critical error</html>', { status: 500 }));
    await waitFor(() => expect(document.querySelector('.woocommerce-NoticeGroup-updateOrderReview')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(orders()).toHaveLength(0);
    expect(document.querySelector('.woocommerce-NoticeGroup-checkout')).toBeNull();
  });
});

// checkout/form-pay.php: the pay-for-order page (body.woocommerce-order-pay), whose form is form#order_review.
const PAY_FOR_ORDER = `<div class="woocommerce"><div class="woocommerce-notices-wrapper"></div>
<form id="order_review" method="post" action="/checkout/order-pay/12/?pay_for_order=true&amp;key=k">
<table class="shop_table"><tfoot><tr><th scope="row" colspan="2">Total:</th><td class="product-total">$37.50</td></tr></tfoot></table>
<div id="payment"><ul class="wc_payment_methods payment_methods methods">
<li class="wc_payment_method payment_method_cheque"><input id="payment_method_cheque" type="radio" class="input-radio" name="payment_method" value="cheque" checked="checked" data-order_button_text="" /><label for="payment_method_cheque">Check payments</label><div class="payment_box payment_method_cheque"><p>Send a check.</p></div></li>
<li class="wc_payment_method payment_method_bacs"><input id="payment_method_bacs" type="radio" class="input-radio" name="payment_method" value="bacs" data-order_button_text="Pay and show bank details" /><label for="payment_method_bacs">Direct bank transfer</label><div class="payment_box payment_method_bacs" style="display:none;"><p>Pay by transfer.</p></div></li>
</ul><div class="form-row"><input type="hidden" name="woocommerce_pay" value="1" />
<div class="woocommerce-terms-and-conditions-wrapper"><div class="woocommerce-terms-and-conditions" style="display: none; max-height: 200px; overflow: auto;"><p>Terms.</p></div><p class="form-row validate-required"><label class="woocommerce-form__label woocommerce-form__label-for-checkbox checkbox"><input type="checkbox" class="woocommerce-form__input woocommerce-form__input-checkbox input-checkbox" name="terms" id="terms" /> <span class="woocommerce-terms-and-conditions-checkbox-text">I have read and agree to the website <a href="/terms/" class="woocommerce-terms-and-conditions-link" target="_blank">terms and conditions</a></span>&nbsp;<abbr class="required">*</abbr></label><input type="hidden" name="terms-field" value="1" /></p></div>
<button type="submit" class="button alt" id="place_order" value="Pay for order" data-value="Pay for order">Pay for order</button>
<input type="hidden" name="woocommerce-pay-nonce" value="n-pay" /></div></div>
</form></div>`;

describe('checkout widget on the pay-for-order page (form#order_review)', () => {
  beforeEach(() => {
    settings();
    document.body.classList.add('woocommerce-checkout', 'woocommerce-order-pay');
  });
  afterEach(() => {
    document.body.classList.remove('woocommerce-checkout', 'woocommerce-order-pay');
    vi.restoreAllMocks();
  });

  it('choosing a method opens its payment box, sets the button text and fires payment_method_selected; the form posts itself, greyed', async () => {
    const requests = mockFetch(() => json({}));
    const selected = recordEvents(['checkout:payment-method-selected']);
    await bootPage(PAY_FOR_ORDER);
    const form = document.querySelector<HTMLFormElement>('form#order_review')!;
    await waitForMount('checkout', form);
    expect(form.getAttribute('novalidate')).toBe('novalidate');
    fireEvent.click(document.querySelector('#payment_method_bacs')!);
    expect(document.querySelector<HTMLElement>('.payment_box.payment_method_bacs')!.style.display).toBe('');
    expect(document.querySelector<HTMLElement>('.payment_box.payment_method_cheque')!.style.display).toBe('none');
    expect(document.querySelector('#place_order')!.textContent).toBe('Pay and show bank details');
    // (React's StrictMode runs the effect twice in development: the first run's "cheque" comes twice.)
    expect(selected.map((e) => (e.detail as { method: string }).method).slice(-2)).toEqual(['cheque', 'bacs']);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    // The order is paid by the page's own post (WooCommerce's form handler): no ajax, the default kept, the form blocked.
    expect(submit.defaultPrevented).toBe(false);
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(requests).toHaveLength(0);
  });
});

describe('checkout widget with a payment gateway on jQuery (a kept script on wc-checkout)', () => {
  let leaveJQuery: () => void;
  beforeEach(() => {
    settings();
    leaveJQuery = withJQueryOnPage();
  });
  afterEach(() => {
    leaveJQuery();
    vi.restoreAllMocks();
  });

  it('the gateway vetoes the first submit (checkout_place_order_<id>), adds its token and submits with jQuery: one checkout POST, with the token', async () => {
    const requests = mockFetch((request) => (request.url.includes('wc-ajax=checkout') ? json({ result: 'success', redirect: '/checkout/order-received/8/?key=k' }) : json(answer('$37.50'))));
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    const nativeSubmit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    await bootPage(CHECKOUT);
    await waitForMount('checkout');
    const $form = jQuery('form.checkout');
    const asked: unknown[] = [];
    // How gateways written on checkout.js's contract tokenize: veto, then add the token and submit again.
    $form.on('checkout_place_order_cheque', () => {
      asked.push('cheque');
      if ($form.find('input[name="fixture_token"]').length) return true;
      setTimeout(() => {
        $form.append('<input type="hidden" name="fixture_token" value="tok_123">');
        $form.trigger('submit');
      }, 5);
      return false;
    });
    fireEvent.click(document.querySelector('#place_order')!);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/order-received/8/?key=k'));
    const orders = requests.filter((r) => r.url.includes('wc-ajax=checkout'));
    expect(orders).toHaveLength(1);
    expect(asked).toEqual(['cheque', 'cheque']);
    expect(formOf(orders[0]!.body).fixture_token).toBe('tok_123');
    expect(nativeSubmit).not.toHaveBeenCalled();
  });
  it('a success whose redirect stays on the page (3-D Secure "#confirm-pi-…"): the form stays processing until the gateway takes it away, then Place order sends the order again', async () => {
    let orders = 0;
    mockFetch((request) => {
      if (!request.url.includes('wc-ajax=checkout')) return json(answer('$37.50'));
      orders += 1;
      return json({ result: 'success', redirect: '#confirm-pi-pi_1_secret_2:%2Fthanks' });
    });
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    // blockUI's unblock, which the kept gateway's page has (vitrine_helpers).
    const fn = jQuery.fn as unknown as Record<string, unknown>;
    fn.unblock = function (this: unknown) {
      return this;
    };
    try {
      await bootPage(CHECKOUT);
      await waitForMount('checkout');
      const form = document.querySelector<HTMLFormElement>('form.checkout')!;
      fireEvent.submit(form);
      await waitFor(() => expect(assign).toHaveBeenCalledWith('#confirm-pi-pi_1_secret_2:%2Fthanks'));
      expect(form.classList.contains('processing')).toBe(true);
      // While the gateway's modal is open the form is processing: a press does nothing (checkout.js ~645).
      fireEvent.submit(form);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(orders).toBe(1);
      // The card was declined in the modal: the gateway shows its error and gives the form back (Stripe's showErrorCheckout).
      (jQuery(form).removeClass('processing') as unknown as { unblock(): void }).unblock();
      await waitFor(() => expect(form.getAttribute('aria-busy')).toBeNull());
      fireEvent.submit(form);
      await waitFor(() => expect(orders).toBe(2));
    } finally {
      delete fn.unblock;
    }
  });

  it('the vetoes get checkout.js\'s wc_checkout_form and the success veto the server\'s own result: a gateway reads order_id and changes the redirect', async () => {
    mockFetch((request) =>
      request.url.includes('wc-ajax=checkout')
        ? json({ result: 'success', redirect: '/checkout/order-received/9/?key=k', order_id: 9, payment_intent_secret: 'pi_9_secret' })
        : json(answer('$37.50')),
    );
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    await bootPage(CHECKOUT);
    await waitForMount('checkout');
    const $form = jQuery('form.checkout');
    const seen: unknown[] = [];
    type FormObject = { $checkout_form: ArrayLike<Element>; $order_review: ArrayLike<Element>; get_payment_method(): string };
    $form.on('checkout_place_order', (_event, checkoutForm: FormObject) => {
      seen.push(checkoutForm.$checkout_form[0] === $form[0], checkoutForm.get_payment_method(), checkoutForm.$order_review[0]?.id);
    });
    $form.on('checkout_place_order_cheque', (_event, checkoutForm: FormObject) => {
      seen.push(checkoutForm.$checkout_form[0] === $form[0]);
    });
    $form.on('checkout_place_order_success', (_event, result: Record<string, unknown>, checkoutForm: FormObject) => {
      seen.push(result.order_id, result.payment_intent_secret, typeof checkoutForm.get_payment_method);
      result.redirect = `#confirm-pi-${String(result.payment_intent_secret)}`;
    });
    fireEvent.submit(document.querySelector('form.checkout')!);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('#confirm-pi-pi_9_secret'));
    expect(seen).toEqual([true, 'cheque', 'order_review', true, 9, 'pi_9_secret', 'function']);
  });

  it('a gateway that refuses with wc_checkout_form.submit_error(html): the error shown above the form as a checkout error, focused, checkout_error fired, no order sent', async () => {
    const requests = mockFetch(() => json(answer('$37.50')));
    const errors: unknown[] = [];
    await bootPage(CHECKOUT);
    await waitForMount('checkout');
    const $form = jQuery('form.checkout');
    jQuery(document.body).on('checkout_error', (_event, html) => errors.push(html));
    $form.on('checkout_place_order_cheque', (_event, checkoutForm: { submit_error(html: string): void }) => {
      checkoutForm.submit_error('<div class="woocommerce-error" tabindex="-1">Your card was declined.</div>');
      return false;
    });
    fireEvent.submit(document.querySelector('form.checkout')!);
    const notice = document.querySelector<HTMLElement>('form.checkout > .woocommerce-NoticeGroup-checkout .woocommerce-error')!;
    expect(notice.textContent).toBe('Your card was declined.');
    expect(document.activeElement).toBe(notice);
    expect(errors).toEqual(['<div class="woocommerce-error" tabindex="-1">Your card was declined.</div>']);
    expect(requests.filter((r) => r.url.includes('wc-ajax=checkout'))).toHaveLength(0);
    expect(document.querySelector('form.checkout')!.classList.contains('processing')).toBe(false);
  });

  /** blockUI as a page gives it to jQuery (its veil a `.blockUI` child of the element, `blockUI.isBlocked` in its data). */
  function withBlockUI(): () => void {
    const fn = jQuery.fn as unknown as Record<string, unknown>;
    fn.block = function (this: JQuery<HTMLElement>) {
      return this.each((_index, element) => {
        if (jQuery(element).data('blockUI.isBlocked') === 1) return;
        element.append(Object.assign(document.createElement('div'), { className: 'blockUI blockOverlay' }));
        jQuery(element).data('blockUI.isBlocked', 1);
      });
    };
    fn.unblock = function (this: JQuery<HTMLElement>) {
      return this.each((_index, element) => {
        for (const veil of element.querySelectorAll(':scope > .blockUI')) veil.remove();
        jQuery(element).data('blockUI.isBlocked', 0);
      });
    };
    return () => {
      delete fn.block;
      delete fn.unblock;
    };
  }
  const veiled = () => document.querySelectorAll('form.checkout > .blockUI').length;

  it('a gateway that blocks the form in its veto, tokenizes and submits again (Stripe\'s classic script), then a refused order: the error shown and the form given back, as checkout.js\'s submit_error does (no veil, not processing)', async () => {
    const leaveBlockUI = withBlockUI();
    try {
      const requests = mockFetch((request) =>
        request.url.includes('wc-ajax=checkout')
          ? json({ result: 'failure', messages: '<ul class="woocommerce-error" role="alert"><li>Your card was declined.</li></ul>', refresh: false, reload: false })
          : json(answer('$37.50')),
      );
      await bootPage(CHECKOUT);
      await waitForMount('checkout');
      const $form = jQuery('form.checkout') as JQuery<HTMLElement> & { block(options: unknown): unknown };
      $form.on('checkout_place_order_cheque', () => {
        if ($form.find('input[name="fixture_token"]').length) return true;
        $form.block({ message: null });
        setTimeout(() => {
          $form.append('<input type="hidden" name="fixture_token" value="tok_declined">');
          $form.trigger('submit');
        }, 5);
        return false;
      });
      fireEvent.click(document.querySelector('#place_order')!);
      expect(veiled(), 'the gateway blocked the form').toBe(1);
      await waitFor(() => expect(document.querySelector('.woocommerce-NoticeGroup-checkout .woocommerce-error')?.textContent).toBe('Your card was declined.'));
      expect(requests.filter((r) => r.url.includes('wc-ajax=checkout'))).toHaveLength(1);
      expect(veiled(), "the gateway's veil over the form").toBe(0);
      expect(document.querySelector('form.checkout')!.classList.contains('processing')).toBe(false);
    } finally {
      leaveBlockUI();
    }
  });

  /**
   * A veto that blocks the form and lets the press go (wc_checkout_form.blockOnSubmit), pressed while an update is on its
   * way: the press waits for the update the test answers.
   */
  async function heldPressUnderAVeil() {
    const update = deferred<Response>();
    const { requests, orders } = await checkoutWithALaterUpdate(update.promise, () => json({ result: 'success', redirect: '/checkout/order-received/14/?key=k' }));
    const $form = jQuery('form.checkout');
    $form.on('checkout_place_order_cheque', (_event, checkoutForm: { blockOnSubmit(target: unknown): void }) => {
      checkoutForm.blockOnSubmit($form);
      return true;
    });
    emit('checkout:update-requested', {});
    await waitFor(() => expect(reviewCalls(requests)).toHaveLength(2));
    fireEvent.submit(document.querySelector('form.checkout')!);
    expect(veiled(), 'the veto blocked the form').toBe(1);
    return { update, orders };
  }

  it('a gateway that blocks the form in a veto that lets the press go (wc_checkout_form.blockOnSubmit), a press held for an update that changes the total: the notice, no order, and the form given back', async () => {
    const leaveBlockUI = withBlockUI();
    try {
      const { update, orders } = await heldPressUnderAVeil();
      update.resolve(json(answer('<span class="woocommerce-Price-amount amount">$52.50</span>')));
      await waitFor(() => expect(document.querySelector('.woocommerce-NoticeGroup-checkout .woocommerce-info')?.textContent).toBe('Your order total is now $52.50. Check your order, then place it again.'));
      expect(veiled(), "the gateway's veil over the form").toBe(0);
      expect(orders()).toHaveLength(0);
    } finally {
      leaveBlockUI();
    }
  });

  it('the same veto, and a held press whose update fails (a 500): no order, and the form given back', async () => {
    const leaveBlockUI = withBlockUI();
    try {
      const { update, orders } = await heldPressUnderAVeil();
      update.resolve(text('Internal Server Error', { status: 500 }));
      await waitFor(() => expect(veiled(), "the gateway's veil over the form").toBe(0));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(orders()).toHaveLength(0);
    } finally {
      leaveBlockUI();
    }
  });

  it('country-select.js\'s and address-i18n.js\'s jQuery events: wc_address_i18n_ready once, then at load and at every change country_to_state_changed and country_to_state_changing [country, $wrapper]', async () => {
    mockFetch(() => json(answer('$37.50')));
    resetI18nReadyForTests();
    const heard: string[] = [];
    jQuery(document.body).on('wc_address_i18n_ready', () => heard.push('ready'));
    for (const name of ['country_to_state_changed', 'country_to_state_changing']) {
      jQuery(document.body).on(name, (_event, country: string, $wrapper: ArrayLike<HTMLElement>) => {
        heard.push(`${name} ${country} ${$wrapper[0]?.className}`);
        // address-i18n.js's locale is applied by then: the UK's county is optional.
        if (name === 'country_to_state_changing' && country === 'GB') heard.push(document.querySelector('label[for="billing_state"]')!.textContent!.replace(/\s+/g, ' ').trim());
      });
    }
    await bootPage(CHECKOUT);
    const country = document.querySelector<HTMLSelectElement>('#billing_country')!;
    await waitForMount('address-fields', country);
    await waitFor(() => expect(heard).toContain('country_to_state_changing US woocommerce-billing-fields'));
    // (React's StrictMode mounts twice in development; the page-load events are the last three.)
    expect(heard.filter((h) => h === 'ready')).toHaveLength(1);
    expect(heard.slice(-2)).toEqual(['country_to_state_changed US woocommerce-billing-fields', 'country_to_state_changing US woocommerce-billing-fields']);
    heard.length = 0;
    country.value = 'GB';
    fireEvent.change(country);
    expect(heard).toEqual(['country_to_state_changed GB woocommerce-billing-fields', 'country_to_state_changing GB woocommerce-billing-fields', 'County (optional)']);
  });

  it('code that speaks jQuery (an address lookup, a gateway) is heard: a country set with trigger("change"), the form\'s "update", a field\'s "validate"', async () => {
    const requests = mockFetch(() => json(answer('$37.50')));
    const updates = () => requests.filter((r) => r.url.includes('wc-ajax=update_order_review')).length;
    await bootPage(CHECKOUT);
    await waitForMount('checkout');
    const country = document.querySelector<HTMLSelectElement>('#billing_country')!;
    await waitForMount('address-fields', country);
    await waitFor(() => expect(updates()).toBe(1));
    // jQuery runs its own handlers only: no DOM event reaches the page for any of these.
    jQuery('#billing_country').val('GB').trigger('change');
    expect(document.querySelector<HTMLInputElement>('#billing_state')!.type).toBe('text');
    expect(document.querySelector('label[for="billing_state"]')!.textContent).toContain('County');
    await waitFor(() => expect(updates()).toBe(2));
    jQuery('form.checkout').trigger('update');
    await waitFor(() => expect(updates()).toBe(3));
    jQuery('#billing_first_name').trigger('validate');
    expect(document.querySelector('#billing_first_name_field')!.classList.contains('woocommerce-invalid-required-field')).toBe(true);
  });
});

describe('address-fields widget (captured wc_country_select_params / wc_address_i18n_params)', () => {
  beforeEach(settings);

  it('the state field becomes text for the UK (County, optional), hidden for Austria, a select again for the US; country_to_state_changed each time', async () => {
    mockFetch(() => json(answer('$37.50')));
    const changed = recordEvents(['address:country-changed']);
    await bootPage(CHECKOUT);
    const country = document.querySelector<HTMLSelectElement>('#billing_country')!;
    await waitForMount('address-fields', country);
    country.value = 'GB';
    fireEvent.change(country);
    const state = () => document.querySelector<HTMLInputElement | HTMLSelectElement>('#billing_state')!;
    expect(state()).toBeInstanceOf(HTMLInputElement);
    expect((state() as HTMLInputElement).type).toBe('text');
    expect(state().getAttribute('name')).toBe('billing_state');
    const label = document.querySelector('label[for="billing_state"]')!;
    expect(label.textContent).toContain('County');
    expect(label.querySelector('.optional')).not.toBeNull();
    expect(label.querySelector('.required')).toBeNull();
    expect(document.querySelector('#billing_state_field')!.classList.contains('validate-required')).toBe(false);
    expect(document.querySelector('label[for="billing_postcode"]')!.textContent).toContain('Postcode');
    country.value = 'AT';
    fireEvent.change(country);
    expect((state() as HTMLInputElement).type).toBe('hidden');
    expect(document.querySelector<HTMLElement>('#billing_state_field')!.style.display).toBe('none');
    country.value = 'US';
    fireEvent.change(country);
    expect(state()).toBeInstanceOf(HTMLSelectElement);
    expect(state().querySelectorAll('option').length).toBeGreaterThan(50);
    expect(document.querySelector<HTMLElement>('#billing_state_field')!.style.display).toBe('');
    expect(document.querySelector('label[for="billing_state"]')!.querySelector('.required')).not.toBeNull();
    // After the page load's own (country-select.js lays out the filled-in country at load too).
    expect(changed.map((e) => (e.detail as { country: string }).country).slice(-3)).toEqual(['GB', 'AT', 'US']);
  });

  it('Botswana and Cyprus: the state\'s locale "hidden" is not address-i18n.js\'s to act on, so the field shows as optional text (District for Botswana); the postcode is hidden', async () => {
    mockFetch(() => json(answer('$37.50')));
    await bootPage(CHECKOUT.replace('<option value="AT">Austria</option>', '<option value="AT">Austria</option><option value="BW">Botswana</option><option value="CY">Cyprus</option>'));
    const country = document.querySelector<HTMLSelectElement>('#billing_country')!;
    await waitForMount('address-fields', country);
    const row = () => document.querySelector<HTMLElement>('#billing_state_field')!;
    for (const [code, label] of [['BW', 'District'], ['CY', 'State / County']] as const) {
      country.value = code;
      fireEvent.change(country);
      expect((document.querySelector('#billing_state') as HTMLInputElement).type).toBe('text');
      expect(row().style.display).toBe('');
      expect(document.querySelector('label[for="billing_state"]')!.textContent).toContain(label);
      expect(row().querySelector('.optional')).not.toBeNull();
    }
    country.value = 'BW';
    fireEvent.change(country);
    expect(document.querySelector<HTMLElement>('#billing_postcode_field')!.style.display).toBe('none');
  });

  it('reads the live country at mount: a country chosen before the code came lays the fields out for it', async () => {
    mockFetch(() => json(answer('$37.50')));
    await bootPage(CHECKOUT, {
      beforeScan: () => {
        document.querySelector<HTMLSelectElement>('#billing_country')!.value = 'GB';
      },
    });
    await waitForMount('address-fields', document.querySelector('#billing_country')!);
    await waitFor(() => expect((document.querySelector('#billing_state') as HTMLInputElement).type).toBe('text'));
  });
});
