import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appearanceFor,
  billingAddressForStore,
  buttonHeight,
  buttonTheme,
  buttonType,
  cartTotal,
  checkoutPayload,
  clickRates,
  type ExpressCart,
  failureMessage,
  isEmail,
  isExpressCart,
  isPhone,
  isSlug,
  isUrl,
  lineItems,
  loginMessage,
  orderOutcome,
  parseConfirmationHash,
  payLaterFontSize,
  shippingAddressForStore,
  shippingRates,
  stripPhone,
  transformPrice,
} from '../../../widgets/express-checkout/logic';

const money = { stripeMinor: 2, pricesIncludeTax: false };
const item = (name: string, subtotal: string, extra: Partial<ExpressCart['items'][number]> = {}) => ({ key: name, name, quantity: 1, totals: { line_subtotal: subtotal, line_subtotal_tax: '0' }, ...extra });
const cart = (over: Partial<ExpressCart> = {}, totals: Partial<ExpressCart['totals']> = {}): ExpressCart => ({
  items: [item('Mug', '1000')],
  totals: { total_price: '1500', total_shipping: '500', total_tax: '0', currency_code: 'USD', currency_minor_unit: 2, ...totals },
  ...over,
});
const rate = (i: number, selected = false) => ({ rate_id: `r${i}`, name: `Rate ${i}`, price: String(i * 100), taxes: '0', selected });

describe('express wallet rules', () => {
  it('EXP-15 line items: products, shipping, tax; dropped entirely when the total is less than their sum', () => {
    expect(lineItems(cart(), money)).toEqual([
      { name: 'Mug', amount: 1000 },
      { name: 'Shipping', amount: 500 },
    ]);
    expect(lineItems(cart({}, { total_price: '1499' }), money)).toEqual([]);
  });

  it('EXP-15 bundled child items are filtered out', () => {
    const bundled = cart({ items: [item('Bundle', '1000'), item('Child', '0', { extensions: { bundles: { bundled_by: 'Bundle' } } })] });
    expect(lineItems(bundled, money).map((l) => l.name)).toEqual(['Bundle', 'Shipping']);
  });

  it('EXP-15 property: line items never add up to more than the total', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100000 }), { maxLength: 6 }), fc.integer({ min: 0, max: 700000 }), (subtotals, total) => {
        const c = cart({ items: subtotals.map((s, i) => item(`i${i}`, String(s))) }, { total_price: String(total), total_shipping: '0' });
        const sum = lineItems(c, money).reduce((a, l) => a + l.amount, 0);
        expect(sum).toBeLessThanOrEqual(cartTotal(c));
      }),
    );
  });

  it('EXP-16 at most 9 rates, the selected one first', () => {
    const c = cart({ shipping_rates: [{ package_id: 0, shipping_rates: Array.from({ length: 12 }, (_, i) => rate(i, i === 10)) }] });
    const out = shippingRates(c, money);
    expect(out).toHaveLength(9);
    expect(out[0]?.id).toBe('r10');
    expect(out.slice(1).map((r) => r.id)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
    expect(clickRates([])).toEqual([{ id: 'pending', displayName: 'Pending', amount: 0 }]);
  });

  it('EXP-28 minor units: currency decimals default 2; narrowing rounds (JPY with 2 WooCommerce decimals)', () => {
    expect(transformPrice('1234', 2)).toBe(1234);
    expect(transformPrice('123456', 2, 0)).toBe(1235);
    expect(transformPrice('1234', 0, 2)).toBe(123400);
  });

  it("EXP-13 the billing last name falls back to '-'; the shipping one does not", () => {
    expect(billingAddressForStore({ expressPaymentType: 'google_pay', billingDetails: { name: 'Cher' } })).toMatchObject({ first_name: 'Cher', last_name: '-' });
    expect(billingAddressForStore({ expressPaymentType: 'google_pay', billingDetails: { name: 'Jane Q Doe' } })).toMatchObject({ first_name: 'Jane', last_name: 'Q Doe' });
    expect(shippingAddressForStore('Cher', {})).toMatchObject({ first_name: 'Cher', last_name: '' });
  });

  it('EXP-17 phone stripped of brackets, spaces and hyphens', () => {
    expect(stripPhone('+1 (555) 123-4567')).toBe('+15551234567');
    const payload = checkoutPayload({ expressPaymentType: 'apple_pay', billingDetails: { name: 'A B', phone: '(01) 23-45', email: 'a@b.c' }, shippingAddress: { name: 'A B', address: { postal_code: 'SW1A 1', country: 'GB' } } }, 'pm_1', 'tok');
    expect(payload.billing_address).toMatchObject({ phone: '012345' });
    expect(payload.shipping_address).toMatchObject({ phone: '012345', postcode: 'SW1A1' });
    expect(payload.payment_data).toContainEqual({ key: 'wcpay-payment-method', value: 'pm_1' });
  });

  it('postcode: only the first space goes', () => {
    expect(shippingAddressForStore('', { postal_code: 'A B C' }).postcode).toBe('AB C');
  });

  it('EXP-14 button height clamped to 40–55, default 48', () => {
    expect(buttonHeight('30')).toBe(40);
    expect(buttonHeight(60)).toBe(55);
    expect(buttonHeight(undefined)).toBe(48);
    expect(buttonHeight('44')).toBe(44);
    expect(buttonTheme('light-outline')).toEqual({ applePay: 'white-outline', googlePay: 'white' });
    expect(buttonType('default')).toEqual({ applePay: 'plain', googlePay: 'plain' });
    expect(buttonType('check-out')).toEqual({ applePay: 'check-out', googlePay: 'buy' });
  });

  it('EXP-27 dark theme at brightness ≤ 125, radius 4px, spacing 6px, pay-later factor 0.875', () => {
    expect(appearanceFor({ background: 'rgb(125, 125, 125)' })).toMatchObject({ theme: 'night', variables: { borderRadius: '4px', spacingUnit: '6px' } });
    expect(appearanceFor({ background: 'rgb(126, 126, 126)' }).theme).toBe('stripe');
    expect(appearanceFor({ background: '#fff', radius: '8px' }).variables.borderRadius).toBe('8px');
    expect(payLaterFontSize(16)).toBe('14px');
  });

  it('EXP-03 the confirmation hash; order-pay pages take the order id from the address', () => {
    expect(parseConfirmationHash('/r/#wcpay-confirm-pi:12:pi_1_secret_2:abc')).toEqual({ type: 'pi', orderId: '12', clientSecret: 'pi_1_secret_2', nonce: 'abc' });
    expect(parseConfirmationHash('/r/#wcpay-confirm-si:12:seti_1_secret_2:abc', '/checkout/order-pay/77/?key=k')?.orderId).toBe('77');
    expect(parseConfirmationHash('/checkout/order-received/12/')).toBeNull();
  });

  it('EXP-11 EXP-24 the order counts only with payment_status success; otherwise its message or the default', () => {
    expect(orderOutcome({ payment_result: { payment_status: 'success', redirect_url: '/ok' } })).toEqual({ ok: true, redirect: '/ok' });
    expect(orderOutcome({ payment_result: { payment_status: 'success', redirect_url: '', payment_details: [{ key: 'redirect', value: '/ok#wcpay-confirm-pi:1:s:n' }] } })).toEqual({ ok: true, redirect: '/ok#wcpay-confirm-pi:1:s:n' });
    expect(orderOutcome({ payment_result: { payment_status: 'pending' } })).toEqual({ ok: false, message: 'There was a problem processing the order.' });
    expect(orderOutcome({ payment_result: { payment_status: 'failure', payment_details: [{ key: 'errorMessage', value: 'Declined' }] } })).toEqual({ ok: false, message: 'Declined' });
  });

  it('EXP-20 the login message names the wallet', () => {
    expect(loginMessage('To complete your transaction with **the selected payment method**, you must log in.', 'apple_pay')).toBe('To complete your transaction with Apple Pay, you must log in.');
    expect(loginMessage('a **b** c **d**', 'klarna')).toBe('a b c d');
  });

  it('EXP-19 generic rules: email, phone 6–15 digits, URL, slug', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isPhone('12345')).toBe(false);
    expect(isPhone('(123) 456')).toBe(true);
    expect(isPhone('1234567890123456')).toBe(false);
    expect(isUrl('https://shop.test/x')).toBe(true);
    expect(isUrl('javascript:alert(1)')).toBe(false);
    expect(isSlug('blue-tee')).toBe(true);
    expect(isSlug('Blue Tee')).toBe(false);
  });
});

describe('EXP-26 what a failed wallet step tells the shopper', () => {
  const step = 'The shipping address could not be checked. Please try again.';
  it('an expired or missing nonce asks to try again (the refusal carried a fresh nonce)', () => {
    expect(failureMessage({ code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.' }, step)).toBe('Your session has expired. Please try again.');
    expect(failureMessage({ code: 'woocommerce_rest_missing_nonce', message: 'Missing the Nonce header.' }, step)).toBe('Your session has expired. Please try again.');
  });
  it('an error page, garbage or an unknown failure gets the step\'s message, never transport jargon', () => {
    for (const code of ['http_error', 'unknown_error', 'invalid_json']) expect(failureMessage({ code, message: 'The response is not a valid JSON response.' }, step)).toBe(step);
  });
  it('offline and a refusal the shop worded keep their words', () => {
    expect(failureMessage({ code: 'fetch_error', message: 'You are probably offline.' }, step)).toBe('You are probably offline.');
    expect(failureMessage({ code: 'woocommerce_rest_checkout_process_payment_error', message: 'Error: Your card was declined.' }, step)).toBe('Error: Your card was declined.');
    expect(failureMessage({ code: 'some_code', message: '  ' }, step)).toBe(step);
  });
  it('only an object with items and totals is a cart (an empty body, a page or an error is not)', () => {
    expect(isExpressCart({ items: [], totals: {} })).toBe(true);
    for (const answer of [null, undefined, '', '<html>', [], { items: [] }, { totals: {} }, { items: {}, totals: {} }, { code: 'x', message: 'y' }]) expect(isExpressCart(answer)).toBe(false);
  });
});
