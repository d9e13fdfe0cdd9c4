import { describe, expect, it } from 'vitest';
import { heldPressOutcome, orderOutcome, parseCheckoutAnswer, redirectLeavesPage, updateOutcome } from '../../../src/checkout/answers';
import { allowedByAll, placeOrderVetoes } from '../../../src/checkout/vetoes';

const allowed = () => true;
const vetoed = () => false;

describe('checkout answers: what placing the order ends in', () => {
  it('a success goes to its redirect, unless checkout_place_order_success says no: then the checkout error', () => {
    const success = parseCheckoutAnswer('{"result":"success","redirect":"/checkout/order-received/7/?key=k"}');
    expect(orderOutcome(success, allowed)).toEqual({ do: 'redirect', url: '/checkout/order-received/7/?key=k' });
    expect(orderOutcome(success, vetoed)).toEqual({ do: 'error', cause: 'vetoed', refresh: false });
  });

  it('a refusal shows its messages and asks for a refresh when the server says so; reload wins over both', () => {
    const refused = parseCheckoutAnswer('{"result":"failure","messages":"<ul class=\\"woocommerce-error\\"><li>No.</li></ul>","refresh":true}');
    expect(orderOutcome(refused, allowed)).toEqual({ do: 'messages', messages: '<ul class="woocommerce-error"><li>No.</li></ul>', refresh: true });
    expect(orderOutcome(parseCheckoutAnswer('{"result":"failure","messages":"x","reload":true}'), allowed)).toEqual({ do: 'reload' });
  });

  it('a refusal without messages, and any answer that is not a checkout result, show the checkout error; never a redirect', () => {
    expect(orderOutcome(parseCheckoutAnswer('{"result":"failure"}'), allowed)).toEqual({ do: 'error', cause: 'no-messages', refresh: false });
    for (const text of ['', '<html>critical error</html>', '{"result":"success"}', '{"result":"success","redirect":""}', 'null']) {
      expect(orderOutcome(parseCheckoutAnswer(text), allowed)).toEqual({ do: 'error', cause: 'invalid', refresh: false });
    }
  });

  it('the success veto is asked only for a success', () => {
    let asked = 0;
    const ask = () => {
      asked += 1;
      return true;
    };
    orderOutcome(parseCheckoutAnswer('{"result":"failure","messages":"x"}'), ask);
    orderOutcome(parseCheckoutAnswer('garbage'), ask);
    expect(asked).toBe(0);
    orderOutcome(parseCheckoutAnswer('{"result":"success","redirect":"/r"}'), ask);
    expect(asked).toBe(1);
  });
});

describe('checkout answers: the success as gateways see it', () => {
  it('checkout_place_order_success is asked with the server\'s whole answer, and a redirect a handler changed is followed', () => {
    const success = parseCheckoutAnswer('{"result":"success","redirect":"/checkout/order-received/7/","order_id":7,"payment_intent_secret":"pi_s"}');
    let seen: Record<string, unknown> | undefined;
    const outcome = orderOutcome(success, (result) => {
      seen = result;
      result.redirect = '#confirm-pi-pi_s';
      return true;
    });
    expect(seen).toMatchObject({ order_id: 7, payment_intent_secret: 'pi_s' });
    expect(outcome).toEqual({ do: 'redirect', url: '#confirm-pi-pi_s' });
  });

  it('a redirect that only changes the hash of this page does not leave it (3-D Secure); any other does', () => {
    const here = 'https://shop.test/checkout/';
    expect(redirectLeavesPage('#confirm-pi-pi_1_secret_2:%2Fthanks', here)).toBe(false);
    expect(redirectLeavesPage('https://shop.test/checkout/#wcpay-confirm-pi:7:pi_s:n', `${here}#old`)).toBe(false);
    expect(redirectLeavesPage('https://shop.test/checkout/order-received/7/?key=k', here)).toBe(true);
    expect(redirectLeavesPage('https://shop.test/checkout/', `${here}#old`)).toBe(true);
    expect(redirectLeavesPage('https://pay.example/3ds#x', here)).toBe(true);
    expect(redirectLeavesPage('/checkout/?pay=1#x', here)).toBe(true);
  });
});

describe('checkout answers: an update_order_review answer', () => {
  const review = '<table class="woocommerce-checkout-review-order-table">$42</table>';
  const payment = '<div class="woocommerce-checkout-payment">cheque</div>';

  it('replaces only the fragments that changed since the last answer applied', () => {
    const first = updateOutcome({ result: 'success', fragments: { '.review': review, '.payment': payment } }, {});
    expect(first).toMatchObject({ do: 'apply', changed: [['.review', review], ['.payment', payment]], failure: null });
    if (first.do !== 'apply') throw new Error('expected apply');
    const second = updateOutcome({ result: 'success', fragments: { '.review': '<table>$50</table>', '.payment': payment } }, first.fragments);
    expect(second).toMatchObject({ do: 'apply', changed: [['.review', '<table>$50</table>']] });
  });

  it('a refusal carries its messages (empty when it has none); reload wins; garbage applies nothing', () => {
    expect(updateOutcome({ result: 'failure', messages: '<ul class="woocommerce-error"><li>Bad postcode</li></ul>' }, {})).toMatchObject({
      failure: '<ul class="woocommerce-error"><li>Bad postcode</li></ul>',
    });
    expect(updateOutcome({ result: 'failure' }, {})).toMatchObject({ failure: '' });
    expect(updateOutcome({ reload: true, fragments: { '.review': review } }, {})).toEqual({ do: 'reload' });
    for (const garbage of [null, 'text', 42, [], { fragments: 'x' }, { fragments: { '.review': 7 } }]) {
      expect(updateOutcome(garbage, {})).toEqual({ do: 'apply', changed: [], fragments: {}, failure: null, error: false });
    }
  });

  it('an error in the answer is an error; an informational notice, for which WooCommerce also answers "failure", is not', () => {
    expect(updateOutcome({ result: 'failure', messages: '<ul class="woocommerce-error"><li>Bad postcode</li></ul>' }, {})).toMatchObject({ error: true });
    expect(updateOutcome({ result: 'failure', messages: '<div class="wc-block-components-notice-banner is-error">Bad postcode</div>' }, {})).toMatchObject({ error: true });
    expect(updateOutcome({ result: 'failure', messages: '<div class="woocommerce-info">Add $5 more for free shipping.</div>' }, {})).toMatchObject({ error: false });
    expect(updateOutcome({ result: 'success', messages: '' }, {})).toMatchObject({ error: false });
  });
});

describe('a Place order press that waited for an order review update', () => {
  const seen = { total: '$37.50', choices: 'cheque flat_rate:1' };
  it('goes when the order is what the shopper saw; a new total, or a new payment or shipping choice at the same total, is said instead', () => {
    expect(heldPressOutcome(seen, { ...seen })).toBe('place');
    expect(heldPressOutcome(seen, { ...seen, total: '$52.50' })).toBe('total-changed');
    expect(heldPressOutcome(seen, { total: '$52.50', choices: 'bacs flat_rate:4' })).toBe('total-changed');
    expect(heldPressOutcome(seen, { ...seen, choices: 'bacs flat_rate:1' })).toBe('order-changed');
  });
});

describe('checkout vetoes', () => {
  it('checkout_place_order, then the gateway’s own; the first refusal stops the chain', () => {
    expect(placeOrderVetoes('stripe')).toEqual(['checkout_place_order', 'checkout_place_order_stripe']);
    const asked: string[] = [];
    const refuseFirst = (name: string) => {
      asked.push(name);
      return name !== 'checkout_place_order';
    };
    expect(allowedByAll(placeOrderVetoes('stripe'), refuseFirst)).toBe(false);
    expect(asked).toEqual(['checkout_place_order']);
    expect(allowedByAll(placeOrderVetoes('cheque'), () => true)).toBe(true);
  });
});
