/**
 * A refused coupon's error under the cart's coupon field, as WooCommerce 10's cart.js shows it (show_coupon_error):
 * `p#coupon-error-notice.coupon-error-notice` at the end of the field's `.coupon` wrapper, and the field marked
 * `has-error`, `aria-invalid` and described by it. Themes style that markup, so it stays plain DOM (docs/decisions.md,
 * "The checkout's notices stay WooCommerce's markup").
 */
import css from '../../styles/coupon-error.css?inline';
import { injectStyle } from '../../src/styles';

const ERROR_ID = 'coupon-error-notice';

const couponField = (root: ParentNode) => root.querySelector<HTMLInputElement>('#coupon_code');

/**
 * Shows `message` under the coupon field of `root`; false when there is no field in a `.coupon` wrapper to show it
 * under. `live`: announced at once (role=alert).
 */
export function showCouponError(message: string, root: ParentNode, live = false): boolean {
  const field = couponField(root);
  const wrapper = field?.closest('.coupon');
  if (!field || !wrapper || !message) return false;
  injectStyle('coupon-error', css);
  wrapper.querySelector('.coupon-error-notice')?.remove();
  const notice = document.createElement('p');
  notice.className = 'coupon-error-notice';
  notice.id = ERROR_ID;
  notice.textContent = message;
  // Live only once the field has the focus: a screen reader reads it then (cart.js update_wc_div).
  if (live) notice.setAttribute('role', 'alert');
  field.classList.add('has-error');
  field.setAttribute('aria-invalid', 'true');
  field.setAttribute('aria-describedby', ERROR_ID);
  wrapper.append(notice);
  return true;
}

/** The shopper changes the code: the error goes (cart.js remove_coupon_error). */
export function clearCouponError(field: HTMLInputElement): void {
  field.classList.remove('has-error');
  field.removeAttribute('aria-invalid');
  field.removeAttribute('aria-describedby');
  field.closest('.coupon')?.querySelector('.coupon-error-notice')?.remove();
}

/** The error shown now and the code it is about, which an update that keeps the notices carries onto the new form. */
export function shownCouponError(root: ParentNode): { code: string; message: string } | null {
  const field = couponField(root);
  const message = field?.closest('.coupon')?.querySelector('.coupon-error-notice')?.textContent ?? '';
  return field && message ? { code: field.value, message } : null;
}

/** On the form an update drew: the code typed again, the field focused, then the error, read out (cart.js). */
export function carryCouponError(root: ParentNode, { code, message }: { code: string; message: string }): void {
  const field = couponField(root);
  if (!field) return;
  field.value = code;
  field.focus();
  showCouponError(message, root, true);
}
