/**
 * Placing the order (wc-ajax=checkout): the vetoes, the request, and what its answer ends in: the redirect,
 * a reload, or the refusal's messages above the form, each beside its field.
 */
import { emit } from '../../src/bus';
import { setBusy } from '../../src/cart';
import { orderOutcome, parseCheckoutAnswer, redirectLeavesPage } from '../../src/checkout/answers';
import type { CheckoutCycle } from '../../src/checkout/cycle';
import { allowedByAll, placeOrderVetoes, SUCCESS_VETO } from '../../src/checkout/vetoes';
import { MESSAGES, messageFor, postFormText } from '../../src/http';
import { jquery, jqueryAllows } from '../../src/jquery';
import { navigation } from '../../src/navigation';
import { noticeNodes, prependNoticeGroup, scrollToNotice } from '../../src/notices';
import { textWithLinks } from '../../src/checkout/text-with-links';
import { giveFormBack, NOTICES, removeAll } from './form';
import type { PaymentMethods } from './payment-methods';
import { markInvalidFields, validateAll } from './validation';

interface PlaceOrderParts {
  form: HTMLFormElement;
  container: HTMLElement;
  checkoutUrl: string;
  /** WooCommerce's i18n_checkout_error (it holds a link to the order history). */
  checkoutError: string;
  cycle: CheckoutCycle<Element>;
  payment: PaymentMethods;
  requestUpdate: () => void;
}

export function createPlaceOrder({ form, container, checkoutUrl, checkoutError, cycle, payment, requestUpdate }: PlaceOrderParts) {
  /** After a success that stayed on this page: stops following the form's `processing` class (see `stayOnPage`). */
  let stopFollowing: (() => void) | undefined;
  const busy = (on: boolean) => {
    stopFollowing?.();
    form.classList.toggle('processing', on);
    setBusy(form, on);
  };

  /**
   * A success whose redirect only changed this page's hash (a gateway's 3-D Secure modal): the order stays on its way
   * while the form is `processing`, as checkout.js leaves it. The gateway takes the class away when the shopper fails or
   * closes its check (Stripe's and WooPayments' error path: `removeClass('processing').unblock()`); then the form is
   * the shopper's again and Place order sends the order anew, which checkout.js allows once the class is gone.
   */
  const stayOnPage = () => {
    const observer = new MutationObserver(() => {
      if (!form.classList.contains('processing')) busy(false);
    });
    observer.observe(form, { attributes: true, attributeFilter: ['class'] });
    stopFollowing = () => {
      observer.disconnect();
      stopFollowing = undefined;
      cycle.placingFailed();
    };
    // A success handler may have given the form back already.
    if (!form.classList.contains('processing')) busy(false);
  };

  /** A refusal or failure: its notices above the form, focused and scrolled to; the shopper may try again. */
  const refused = (content: Node[], messages: string) => {
    removeAll(container, `.woocommerce-NoticeGroup-checkout, ${NOTICES}`);
    const group = prependNoticeGroup(form, 'checkout', content);
    cycle.placingFailed();
    busy(false);
    giveFormBack(form);
    validateAll(form);
    scrollToNotice(group);
    // A block theme's notices are banners (checkout.js focuses either).
    group.querySelector<HTMLElement>('.woocommerce-error[tabindex="-1"], .wc-block-components-notice-banner.is-error[tabindex="-1"]')?.focus({ preventScroll: true });
    emit('checkout:error', { messages });
  };

  /**
   * checkout.js's `wc_checkout_form`, which the vetoes get as their last argument: the parts gateways call from there
   * (the form, the review, the chosen method, `submit_error` for their own refusal, `blockOnSubmit`). Its timers and
   * request are Vitrine's own and are not offered.
   */
  const checkoutFormObject = (): unknown[] => {
    const $ = jquery() as ((target: unknown) => { block?: (options: unknown) => unknown; data(key: string): unknown }) | undefined;
    if (!$) return [];
    return [
      {
        $checkout_form: $(form),
        $order_review: $('#order_review'),
        get_payment_method: () => payment.current(),
        submit_error: (markup: unknown) => refused(noticeNodes(String(markup)), String(markup)),
        // blockUI, when the page has it: gateways pair this with their own `.unblock()`.
        blockOnSubmit: ($target: { block?: (options: unknown) => unknown; data(key: string): unknown }) => {
          if ($target?.block && $target.data('blockUI.isBlocked') !== 1) $target.block({ message: null, overlayCSS: { background: '#fff', opacity: 0.6 } });
        },
      },
    ];
  };

  /** WooCommerce's own error text, after a reason of ours when there is one. */
  const genericError = (lead: string) => {
    const notice = document.createElement('div');
    notice.className = 'woocommerce-error';
    notice.tabIndex = -1;
    notice.setAttribute('role', 'alert');
    notice.append(document.createTextNode(lead ? `${lead} ` : ''), ...textWithLinks(checkoutError));
    refused([notice], notice.outerHTML);
  };

  /** The server's messages, focusable, each `li[data-id]` a link to its field and a message beside the field. */
  const showMessages = (messages: string) => {
    const wrapper = document.createElement('div');
    wrapper.setAttribute('role', 'alert');
    for (const node of noticeNodes(messages)) {
      if (node instanceof HTMLElement) {
        node.removeAttribute('role');
        node.tabIndex = -1;
        for (const item of node.querySelectorAll('li[data-id]')) {
          const link = document.createElement('a');
          link.href = `#${item.getAttribute('data-id')}`;
          link.append(...Array.from(item.childNodes));
          item.append(link);
        }
      }
      wrapper.append(node);
    }
    refused([wrapper], wrapper.outerHTML);
    markInvalidFields(wrapper);
  };

  /**
   * The vetoes (checkout_place_order, checkout_place_order_<gateway>), asked at the press itself: a gateway may open its
   * window or sheet only from the shopper's click, so they run before a press waits for an update (held-press.ts).
   */
  const allowed = () => {
    cycle.stopWaiting();
    const formObject = checkoutFormObject();
    return allowedByAll(placeOrderVetoes(payment.current()), (name) => jqueryAllows(name, form, formObject));
  };

  /** The order on its way: the request, and what its answer ends in. */
  const send = async (submitter: HTMLElement | null) => {
    const formObject = checkoutFormObject();
    cycle.startPlacing();
    busy(true);
    const body = new FormData(form);
    if (submitter instanceof HTMLButtonElement && submitter.name) body.set(submitter.name, submitter.value);
    let text: string;
    try {
      text = await postFormText(checkoutUrl, body);
    } catch (error) {
      console.error('[vitrine] checkout: the order request failed.', error);
      genericError(messageFor(error));
      return;
    }
    removeAll(document, '.checkout-inline-error-message');
    const answer = parseCheckoutAnswer(text);
    const outcome = orderOutcome(answer, (result) => jqueryAllows(SUCCESS_VETO, form, [result, ...formObject]));
    if (outcome.do === 'redirect') {
      emit('checkout:placed', { redirect: outcome.url });
      if (!redirectLeavesPage(outcome.url, window.location.href)) stayOnPage();
      navigation.assign(outcome.url);
      return;
    }
    if (outcome.do === 'reload') {
      navigation.reload();
      return;
    }
    if (outcome.do === 'messages') showMessages(outcome.messages);
    else {
      if (outcome.cause === 'invalid') console.error('[vitrine] checkout: the order answer is not a checkout result.', text.slice(0, 200));
      genericError(outcome.cause === 'invalid' ? MESSAGES.invalid_json : '');
    }
    // After the refusal, so the order is no longer on its way: an update asked while it was would be refused.
    if (outcome.refresh) requestUpdate();
  };

  return { allowed, send };
}
