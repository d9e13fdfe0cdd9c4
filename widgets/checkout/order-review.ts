/**
 * update_order_review: the request built from the form, and its answer applied to the review table and the
 * payment methods, keeping what the shopper had typed, ticked and focused there.
 */
import { emit } from '../../src/bus';
import { liveMarkup, setBusy } from '../../src/cart';
import type { CheckoutCycle } from '../../src/checkout/cycle';
import { orderReviewAddress } from '../../src/checkout/fields';
import { updateOutcome } from '../../src/checkout/answers';
import { type FormObject, formEncode, isAborted, messageFor, wcAjax } from '../../src/http';
import { navigation } from '../../src/navigation';
import { errorNotice, focusKey, noticeNodes, prependNoticeGroup, restoreFocus, scrollToNotice } from '../../src/notices';
import { addressOf, NOTICES, removeAll, shipsToDifferentAddress } from './form';
import type { PaymentMethods } from './payment-methods';
import { validateAll } from './validation';

const UPDATE_NOTICES = '.woocommerce-NoticeGroup-updateOrderReview';
const PAYMENT_DETAILS = '.payment_box input, .payment_box select, .payment_box textarea';
export const CHOSEN_SHIPPING = 'select.shipping_method, input[name^="shipping_method"][type="radio"]:checked, input[name^="shipping_method"][type="hidden"]';

/** How an update_order_review ended: its answer applied, overtaken by a newer one (or aborted), or failed. */
export type UpdateEnd = 'applied' | 'stale' | 'failed';

interface OrderReviewParts {
  form: HTMLFormElement;
  container: HTMLElement;
  nonce: string;
  cycle: CheckoutCycle<Element>;
  payment: PaymentMethods;
}

/** The request's fields: the nonce, the payment method, both addresses, whether the address is complete, the form. */
function requestFields(form: HTMLFormElement, nonce: string, paymentMethod: string, updateShippingMethod: boolean) {
  const requiredEmpty = Array.from(form.querySelectorAll<HTMLElement>('.address-field.validate-required'))
    .filter((row) => row.offsetParent !== null)
    .some((row) => (row.querySelector<HTMLInputElement>('input, select, textarea')?.value ?? '') === '');
  const fields: Record<string, FormObject[string]> = {
    security: nonce,
    payment_method: paymentMethod,
    ...orderReviewAddress(addressOf('billing'), shipsToDifferentAddress(form) ? addressOf('shipping') : null),
    has_full_address: String(!requiredEmpty),
    post_data: formEncode(new FormData(form)).toString(),
  };
  if (updateShippingMethod) {
    const methods: Record<string, string> = {};
    for (const input of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(CHOSEN_SHIPPING)) {
      methods[input.getAttribute('data-index') ?? '0'] = input.value;
    }
    fields.shipping_method = methods;
  }
  return fields;
}

/** What the shopper entered in the payment boxes and the terms box, which the new fragments would otherwise reset. */
function keepShopperEntries() {
  const terms = document.querySelector<HTMLInputElement>('#terms')?.checked ?? false;
  const details = new Map<string, string | boolean>();
  for (const input of document.querySelectorAll<HTMLInputElement>(PAYMENT_DETAILS)) {
    if (input.id) details.set(input.id, input.type === 'checkbox' || input.type === 'radio' ? input.checked : input.value);
  }
  return () => {
    const termsBox = document.querySelector<HTMLInputElement>('#terms');
    if (terms && termsBox) termsBox.checked = true;
    for (const [id, value] of details) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement && (input.type === 'checkbox' || input.type === 'radio')) input.checked = value === true;
      else if ((input instanceof HTMLInputElement || input instanceof HTMLSelectElement || input instanceof HTMLTextAreaElement) && input.value === '') input.value = String(value);
    }
  };
}

export function createOrderReview({ form, container, nonce, cycle, payment }: OrderReviewParts) {
  let lastFragments: Record<string, string> = {};
  const reviewBlocks = () => document.querySelectorAll<HTMLElement>('.woocommerce-checkout-payment, .woocommerce-checkout-review-order-table');
  const block = (busy: boolean) => {
    for (const el of reviewBlocks()) setBusy(el, busy);
  };
  const showNotices = (nodes: Node[]) => scrollToNotice(prependNoticeGroup(form, 'updateOrderReview', nodes));

  return async function update(updateShippingMethod: boolean): Promise<UpdateEnd> {
    const ticket = cycle.startUpdate();
    const fields = requestFields(form, nonce, payment.current(), updateShippingMethod);
    block(true);
    try {
      const data = await wcAjax<Record<string, unknown>>('update_order_review', fields, { signal: ticket.signal });
      if (!ticket.current()) return 'stale'; // a newer update is on its way: this answer is stale
      const outcome = updateOutcome(data, lastFragments);
      if (outcome.do === 'reload') {
        navigation.reload();
        return 'failed';
      }
      removeAll(document, UPDATE_NOTICES);
      const focus = focusKey();
      const restoreEntries = keepShopperEntries();
      for (const [selector, html] of outcome.changed) {
        // Scripts in them run, as checkout.js's replaceWith runs them: a gateway's fields set themselves up again.
        for (const target of document.querySelectorAll(selector)) target.replaceWith(liveMarkup(target, html));
      }
      lastFragments = outcome.fragments;
      restoreEntries();
      if (outcome.failure !== null) {
        removeAll(container, NOTICES);
        if (outcome.failure) showNotices(noticeNodes(outcome.failure));
        validateAll(form);
      }
      payment.init();
      restoreFocus(focus, form);
      emit('checkout:updated', { data });
      return outcome.error ? 'failed' : 'applied';
    } catch (error) {
      if (isAborted(error) || !ticket.current()) return 'stale';
      console.error('[vitrine] checkout: update_order_review failed.', error);
      removeAll(document, UPDATE_NOTICES);
      showNotices([errorNotice(messageFor(error))]);
      return 'failed';
    } finally {
      if (ticket.settled()) block(false);
    }
  };
}
