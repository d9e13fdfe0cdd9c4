/** The coupon form above the checkout (apply_coupon) and the remove links in the review (remove_coupon). */
import { emit } from '../../src/bus';
import { setBusy } from '../../src/cart';
import { messageFor, wcAjaxHtml } from '../../src/http';
import { errorNotice, requiredNotices } from '../../src/notices';
import { fieldValue, NOTICES, removeAll, show, toggleBlock } from './form';

interface CouponParts {
  form: HTMLFormElement;
  container: HTMLElement;
  applyNonce: string;
  removeNonce: string;
  /** After a coupon is applied or removed the totals change: an update without re-choosing shipping. */
  requestTotals: () => void;
}

export function createCoupons({ form, container, applyNonce, removeNonce, requestTotals }: CouponParts) {
  const couponForm = () => container.querySelector<HTMLFormElement>('form.checkout_coupon');
  const showLink = () => container.querySelector<HTMLElement>('a.showcoupon');
  const close = () => {
    show(couponForm(), false);
    showLink()?.setAttribute('aria-expanded', 'false');
  };

  const toggle = (link: HTMLElement) => {
    const f = couponForm();
    if (toggleBlock(link, f)) f?.querySelector<HTMLElement>('input, button')?.focus();
  };

  /** A refused code: the message beside the field (described by it, focused), the form kept open. */
  const refuse = (field: HTMLInputElement | null, notices: Node[]) => {
    const message = document.createElement('span');
    message.className = 'coupon-error-notice';
    message.id = 'coupon-error-notice';
    message.setAttribute('role', 'alert');
    message.textContent = notices.map((n) => n.textContent ?? '').join(' ').trim();
    field?.parentElement?.append(message);
    field?.setAttribute('aria-invalid', 'true');
    field?.setAttribute('aria-describedby', 'coupon-error-notice');
    field?.focus();
  };

  const apply = async (f: HTMLFormElement) => {
    if (f.classList.contains('processing')) return;
    const field = f.querySelector<HTMLInputElement>('input[name="coupon_code"]');
    const code = field?.value ?? '';
    f.classList.add('processing');
    setBusy(f, true);
    field?.removeAttribute('aria-invalid');
    f.querySelector('.coupon-error-notice')?.remove();
    try {
      const markup = await wcAjaxHtml('apply_coupon', { security: applyNonce, coupon_code: code, billing_email: fieldValue('input[name="billing_email"]') });
      const notices = requiredNotices(markup);
      removeAll(container, `${NOTICES}, .checkout-inline-error-message`);
      if (/woocommerce-error|is-error/.test(markup)) refuse(field, notices);
      else {
        close();
        f.before(...notices);
        if (field) field.value = '';
        showLink()?.focus();
      }
      emit('coupon:applied', { code, context: 'checkout' });
      requestTotals();
    } catch (error) {
      console.error('[vitrine] checkout: apply_coupon failed.', error);
      f.before(errorNotice(messageFor(error)));
    } finally {
      f.classList.remove('processing');
      setBusy(f, false);
    }
  };

  const remove = async (link: HTMLElement) => {
    const review = link.closest<HTMLElement>('.woocommerce-checkout-review-order') ?? form;
    const code = link.getAttribute('data-coupon') ?? '';
    setBusy(review, true);
    try {
      const notices = requiredNotices(await wcAjaxHtml('remove_coupon', { security: removeNonce, coupon: code }));
      removeAll(container, NOTICES);
      form.before(...notices);
      emit('coupon:removed', { code, context: 'checkout' });
      requestTotals();
      const field = couponForm()?.querySelector<HTMLInputElement>('input[name="coupon_code"]');
      if (field) field.value = '';
      close();
    } catch (error) {
      console.error('[vitrine] checkout: remove_coupon failed.', error);
      form.before(errorNotice(messageFor(error)));
    } finally {
      setBusy(review, false);
    }
  };

  return { toggle, apply, remove };
}
