import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockPage, showExpressError } from '../../../widgets/express-checkout/page';

// EXP-26 where a failed wallet step's message goes: the first notices area, in place of that area's earlier
// errors, and nowhere else.

const CHECKOUT = `<main>
  <div class="woocommerce-notices-wrapper"><ul class="woocommerce-error" role="alert"><li>The wallet's earlier failure.</li></ul><div class="woocommerce-message">Coupon applied.</div></div>
  <form class="checkout woocommerce-checkout">
    <div class="woocommerce-NoticeGroup woocommerce-NoticeGroup-checkout"><ul class="woocommerce-error" role="alert"><li><strong>Billing Postcode</strong> is not a valid postcode.</li></ul></div>
    <p class="form-row"><input id="billing_postcode" name="billing_postcode" value="x"></p>
  </form>
</main>`;

const texts = (selector: string) => Array.from(document.querySelectorAll(selector), (el) => el.textContent?.trim());

describe('EXP-26 the wallet error notice', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("replaces the notices area's earlier error, keeps its other notices and the checkout form's own errors, and unblocks the page", () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    document.body.innerHTML = CHECKOUT;
    blockPage(true);
    showExpressError('Error: Your card was declined.');
    expect(texts('.woocommerce-notices-wrapper > .woocommerce-error')).toEqual(['Error: Your card was declined.']);
    expect(document.querySelector('.woocommerce-notices-wrapper')?.firstElementChild?.textContent).toBe('Error: Your card was declined.');
    expect(texts('.woocommerce-notices-wrapper .woocommerce-message')).toEqual(['Coupon applied.']);
    expect(texts('.woocommerce-NoticeGroup-checkout .woocommerce-error')).toEqual(['Billing Postcode is not a valid postcode.']);
    expect(document.querySelector('.vitrine-express-overlay')).toBeNull();
    expect(document.body.hasAttribute('aria-busy')).toBe(false);
  });

  it('a second failure replaces the first: one wallet error in the area', () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    document.body.innerHTML = CHECKOUT;
    showExpressError('The shipping address could not be checked. Please try again.');
    showExpressError('Your session has expired. Please try again.', { unblock: false });
    expect(texts('.woocommerce-notices-wrapper > .woocommerce-error')).toEqual(['Your session has expired. Please try again.']);
    expect(texts('.woocommerce-error')).toHaveLength(2);
  });
});
