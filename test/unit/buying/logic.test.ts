import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldLocaleFor, isRequired, sortedByPriority, stateFieldFor } from '../../../widgets/address-fields/logic';
import { chosenShippingMethods, fieldsChanged, submitIntent } from '../../../widgets/cart-page/logic';
import { parseCheckoutAnswer } from '../../../src/checkout/answers';
import { fieldProblems, orderReviewAddress } from '../../../src/checkout/fields';
import { filterChoices, firstMatchIndex, fold } from '../../../widgets/select-combobox/logic';
import { LOCALE, STATES } from '../../fixtures/address-data';

// The captured wc_country_select_params / wc_address_i18n_params (WooCommerce 10.0.2), as the widgets read them.
const states = Object.fromEntries(Object.entries(STATES).map(([code, list]) => [code, Array.isArray(list) ? {} : list]));
const locale = LOCALE as Parameters<typeof fieldLocaleFor>[0];

describe('cart page rules (cart.js)', () => {
  it.each([
    ['apply_coupon', null, 'apply_coupon'],
    [null, 'coupon_code', 'apply_coupon'],
    ['update_cart', null, 'update_cart'],
    ['update_cart', 'coupon_code', 'update_cart'],
    [null, 'cart[abc][qty]', 'update_cart'],
    [null, null, 'default'],
    ['proceed', null, 'default'],
    [null, 'something_else', 'default'],
  ] as const)('submit by %s with %s focused → %s', (submitter, focused, intent) => {
    expect(submitIntent(submitter, focused)).toBe(intent);
  });

  it('chosen shipping methods: the checked radio, a lone hidden input or a select, per package index', () => {
    expect(
      chosenShippingMethods([
        { index: '0', value: 'flat_rate:1', type: 'radio', checked: false },
        { index: '0', value: 'local_pickup:3', type: 'radio', checked: true },
        { index: '1', value: 'flat_rate:4', type: 'hidden', checked: false },
        { index: '2', value: 'free_shipping:2', type: 'select-one', checked: false },
        { index: null, value: 'x', type: 'text', checked: false },
      ]),
    ).toEqual({ 0: 'local_pickup:3', 1: 'flat_rate:4', 2: 'free_shipping:2' });
  });

  it('Update cart is enabled exactly when a cart row field differs from what the server rendered', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ value: fc.string(), defaultValue: fc.string() })), (inputs) => {
        expect(fieldsChanged(inputs)).toBe(inputs.some((i) => i.value !== i.defaultValue));
      }),
    );
  });
});

describe('checkout rules (checkout.js)', () => {
  it('reads success, failure, reload and refresh answers', () => {
    expect(parseCheckoutAnswer('{"result":"success","redirect":"\\/checkout\\/order-received\\/1\\/"}')).toMatchObject({ kind: 'success', redirect: '/checkout/order-received/1/' });
    expect(parseCheckoutAnswer('{"result":"failure","messages":"<ul class=\\"woocommerce-error\\"><li>x</li></ul>","refresh":false,"reload":false}')).toEqual({
      kind: 'failure',
      messages: '<ul class="woocommerce-error"><li>x</li></ul>',
      refresh: false,
      reload: false,
    });
    expect(parseCheckoutAnswer('{"result":"failure","messages":"","reload":true}')).toMatchObject({ kind: 'failure', reload: true });
    expect(parseCheckoutAnswer('{"result":"failure","refresh":true}')).toMatchObject({ kind: 'failure', refresh: true, messages: '' });
  });

  it('repairs an answer a PHP notice was printed before, as checkout.js does', () => {
    const noisy = '<br />\n<b>Warning</b>: Undefined index in x.php on line 3<br />\n{"result":"success","redirect":"/thanks/"}';
    expect(parseCheckoutAnswer(noisy)).toMatchObject({ kind: 'success', redirect: '/thanks/' });
  });

  it.each(['', '-1', '0', '<!DOCTYPE html><p>There has been a critical error</p>', '{"result":"success"}', '{"result":"success","redirect":""}', '[]', 'null', '{"fragments":{}}'])(
    'garbage is invalid, never a redirect: %j',
    (body) => {
      expect(parseCheckoutAnswer(body)).toEqual({ kind: 'invalid' });
    },
  );

  it('any text: a success always carries a non-empty redirect', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (body) => {
        const answer = parseCheckoutAnswer(body);
        if (answer.kind === 'success') expect(answer.redirect.length).toBeGreaterThan(0);
      }),
    );
  });

  it.each([
    [{ required: true, email: false, phone: false, type: 'text', checked: false, value: '' }, ['required']],
    [{ required: true, email: false, phone: false, type: 'text', checked: false, value: 'Ada' }, []],
    [{ required: true, email: false, phone: false, type: 'checkbox', checked: false, value: 'on' }, ['required']],
    [{ required: true, email: false, phone: false, type: 'checkbox', checked: true, value: 'on' }, []],
    [{ required: false, email: true, phone: false, type: 'email', checked: false, value: 'ada@' }, ['email']],
    [{ required: false, email: true, phone: false, type: 'email', checked: false, value: '' }, []],
    [{ required: true, email: true, phone: false, type: 'email', checked: false, value: '' }, ['required']],
    [{ required: false, email: true, phone: false, type: 'email', checked: false, value: 'ada@example.com' }, []],
    [{ required: false, email: false, phone: true, type: 'tel', checked: false, value: '+1 (555) 010-99#2' }, []],
    [{ required: false, email: false, phone: true, type: 'tel', checked: false, value: '555-CALL' }, ['phone']],
  ])('field %j has problems %j', (field, problems) => {
    expect(fieldProblems(field)).toEqual(problems);
  });

  it('update_order_review sends billing as s_* unless the shipping address is used', () => {
    const billing = { country: 'US', state: 'NY', postcode: '12207', city: 'Albany', address: '1 Main St', address_2: '' };
    const shipping = { country: 'GB', state: '', postcode: 'SW1', city: 'London', address: '2 Road', address_2: 'Flat 3' };
    expect(orderReviewAddress(billing, null)).toMatchObject({ country: 'US', s_country: 'US', s_address: '1 Main St' });
    expect(orderReviewAddress(billing, shipping)).toMatchObject({ country: 'US', city: 'Albany', s_country: 'GB', s_city: 'London', s_address_2: 'Flat 3' });
  });
});

describe('country and state rules (country-select.js, address-i18n.js) on the captured data', () => {
  it('a state select for the United States, a text field for the United Kingdom, a hidden field for Austria', () => {
    const us = stateFieldFor(states, 'US');
    expect(us.kind).toBe('select');
    expect(us.kind === 'select' && us.options.find(([code]) => code === 'NY')).toEqual(['NY', 'New York']);
    expect(stateFieldFor(states, 'GB')).toEqual({ kind: 'text' });
    expect(stateFieldFor(states, 'AT')).toEqual({ kind: 'hidden' });
  });

  it('labels and required marks follow the country: County (optional) in the UK, State (required) in the US, ZIP Code', () => {
    const gb = fieldLocaleFor(locale, 'GB', 'state');
    expect(gb.label).toBe('County');
    expect(isRequired(gb)).toBe(false);
    const us = fieldLocaleFor(locale, 'US', 'state');
    expect(us.label).toBe('State');
    expect(isRequired(us)).toBe(true);
    expect(fieldLocaleFor(locale, 'US', 'postcode').label).toBe('ZIP Code');
    // A country without its own locale gets the default.
    expect(fieldLocaleFor(locale, 'ZZ', 'postcode').label).toBe('Postcode / ZIP');
    // A hidden field is never required, whatever the locale says.
    expect(isRequired({ required: true, hidden: true })).toBe(false);
  });

  it('rows sort by priority; a row without one follows the previous; ties keep their order', () => {
    expect(sortedByPriority([10, 20, 40, 50, 60, 70, 80, 90])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // A locale that moves the postcode (65) and the state (66) before the city (70).
    expect(sortedByPriority([10, 20, 40, 50, 60, 70, 66, 65])).toEqual([0, 1, 2, 3, 4, 7, 6, 5]);
    expect(sortedByPriority([null, 20, null, 10])).toEqual([0, 3, 1, 2]);
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 1, max: 200 }), { nil: null })), (priorities) => {
        const order = sortedByPriority(priorities);
        expect([...order].sort((a, b) => a - b)).toEqual(priorities.map((_, i) => i));
      }),
    );
  });
});

describe('select combobox rules', () => {
  const countries = [
    { value: 'AX', label: 'Åland Islands' },
    { value: 'AT', label: 'Austria' },
    { value: 'AU', label: 'Australia' },
    { value: 'GB', label: 'United Kingdom (UK)' },
    { value: 'US', label: 'United States (US)' },
    { value: 'UM', label: 'United States (US) Minor Outlying Islands' },
  ];

  it('folds case and accents', () => {
    expect(fold('  Åland ')).toBe('aland');
  });

  it('names starting with the text come first, then names containing it, then an exact code', () => {
    expect(filterChoices(countries, 'aland').map((c) => c.value)).toEqual(['AX']);
    expect(filterChoices(countries, 'aus').map((c) => c.value)).toEqual(['AT', 'AU']);
    expect(filterChoices(countries, 'states').map((c) => c.value)).toEqual(['US', 'UM']);
    expect(filterChoices(countries, 'gb').map((c) => c.value)).toEqual(['GB']);
    expect(filterChoices(countries, '').length).toBe(countries.length);
    expect(filterChoices(countries, 'zzz')).toEqual([]);
  });

  it('typed text highlights its first match; nothing typed (spaces only) or nothing matching highlights nothing', () => {
    expect(firstMatchIndex(countries, 'aus')).toBe(0);
    expect(firstMatchIndex(countries, 'gb')).toBe(0);
    expect(firstMatchIndex(countries, '')).toBe(-1);
    expect(firstMatchIndex(countries, '  ')).toBe(-1);
    expect(firstMatchIndex(countries, 'zzz')).toBe(-1);
  });
});
