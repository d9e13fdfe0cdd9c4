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
    expect(changed.map((e) => (e.detail as { country: string }).country)).toEqual(['GB', 'AT', 'US']);
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
