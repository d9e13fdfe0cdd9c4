import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { emit, on } from '../../src/bus';
import { addressComplete, type ChangedField, updateOnChange, updateOnKey } from '../../src/checkout/fields';
import { createCheckoutCycle } from '../../src/checkout/cycle';
import { listen, spacePressesLinks } from '../../src/dom';
import { onJQuery } from '../../src/jquery';
import { injectStyle } from '../../src/styles';
import css from '../../styles/checkout.css?inline';
import { wakeAddressSuggestions } from './address-wake';
import { createCoupons } from './coupons';
import { emptyAccountPassword, initTermsLink, syncToggles, toggleBlock, toggleTerms } from './form';
import { createHeldPress } from './held-press';
import { createOrderReview } from './order-review';
import { startPayForm } from './pay-form';
import { createPaymentMethods } from './payment-methods';
import { createPlaceOrder } from './place-order';
import type { CheckoutProps } from './schema';
import { clearField, VALIDATED, validateField } from './validation';

const UPDATES_TOTALS =
  'select.shipping_method, input[name^="shipping_method"], #ship-to-different-address input, .update_totals_on_change select, .update_totals_on_change input[type="radio"], .update_totals_on_change input[type="checkbox"]';
const TYPED_ADDRESS = '.address-field input.input-text:not(.vitrine-select-combobox__input), .update_totals_on_change input.input-text:not(.vitrine-select-combobox__input)';

const kindOf = (target: Element): ChangedField => ({
  updatesTotals: target.matches(UPDATES_TOTALS),
  addressSelect: target.matches('.address-field select'),
  typedAddress: target.matches(TYPED_ADDRESS),
});

/**
 * The classic checkout (checkout.js without jQuery). Its states and rules are the pure model in src/checkout/;
 * this binds them to the form: listeners in, and the parts (payment methods, order review, placing the order,
 * coupons, validation) acting on the server's markup, which update_order_review replaces piece by piece.
 */
function startCheckout(form: HTMLFormElement, props: CheckoutProps): () => void {
  const container = form.closest<HTMLElement>('.woocommerce') ?? form.parentElement ?? document.body;
  const cycle = createCheckoutCycle<Element>();
  const payment = createPaymentMethods(form);

  injectStyle('checkout', css);
  form.setAttribute('novalidate', 'novalidate');
  // A described field's hint shows while the shopper is in it (src/field-descriptions.ts); its code comes only for a page
  // that has one.
  if (document.querySelector('.woocommerce-input-wrapper span.description')) void import('../../src/field-descriptions').then((m) => m.showFieldDescriptions());

  const requestUpdate = (updateShippingMethod = true) => {
    cycle.requested();
    emit('checkout:update-requested', updateShippingMethod ? {} : { updateShippingMethod: false });
  };
  /** maybe_update_checkout: the update waits until the address being typed has its required fields. */
  const maybeUpdate = () => {
    const typing = cycle.typingIn;
    if (typing) {
      const rows = typing.closest('div')?.querySelectorAll<HTMLElement>('.address-field.validate-required') ?? [];
      const values = Array.from(rows, (row) => row.querySelector<HTMLInputElement>('input.input-text')?.value);
      if (!addressComplete(values.filter((v): v is string => v !== undefined))) return;
    }
    requestUpdate();
  };

  const updateOrderReview = createOrderReview({ form, container, nonce: props.updateOrderReviewNonce, cycle, payment });
  const stopBus = on('checkout:update-requested', (payload) => {
    cycle.schedule(() => heldPress.track(updateOrderReview(payload.updateShippingMethod !== false)));
  });
  const placeOrder = createPlaceOrder({
    form,
    container,
    checkoutUrl: props.checkoutUrl,
    checkoutError: props.i18nCheckoutError,
    cycle,
    payment,
    requestUpdate,
  });
  const coupons = createCoupons({
    form,
    container,
    applyNonce: props.applyCouponNonce,
    removeNonce: props.removeCouponNonce,
    requestTotals: () => requestUpdate(false),
  });

  /** checkout.js refuses a submit while the form is `processing`: ours on its way, or a gateway's own work (its modal). */
  const mayPlace = () => cycle.canPlace() && !form.classList.contains('processing');
  /**
   * The order goes now, or after the update on its way if the order stays as the shopper saw it (held-press.ts). An
   * update asked for but not sent yet (the 5 ms that gather changes, the pause after typing) is sent now, and the order
   * waits for it: a postcode typed just before Enter may change the shipping. The pause's check asks for the update,
   * which then waits its 5 ms: two rounds.
   */
  const sendWaitingUpdate = () => {
    for (let round = 0; round < 2 && cycle.flushWaiting(); round++);
  };
  const sendWhenUpdated = (submitter: HTMLElement | null) => {
    if (!mayPlace()) return;
    sendWaitingUpdate();
    if (!heldPress.hold(submitter)) void placeOrder.send(submitter);
  };
  const heldPress = createHeldPress(form, container, () => payment.current(), sendWhenUpdated);
  /** A press: the vetoes at once (a gateway may act only from the click; they cancel what waits), then the order. */
  const press = (submitter: HTMLElement | null) => {
    if (!mayPlace()) return;
    sendWaitingUpdate();
    if (placeOrder.allowed()) sendWhenUpdated(submitter);
  };

  const onChange = (event: Event) => {
    const target = event.target as HTMLElement;
    if (!form.contains(target)) return;
    if (target.matches('input[name="payment_method"]')) payment.select(target as HTMLInputElement);
    if (target.matches('#ship-to-different-address input, input#createaccount')) syncToggles(form, props.guestCheckout);
    if (target.matches('input#createaccount')) emptyAccountPassword(form, props.guestCheckout);
    if (target.matches(VALIDATED)) validateField(target as HTMLInputElement);
    const update = updateOnChange(kindOf(target), cycle.typingIn !== null);
    if (update === 'now') requestUpdate();
    else if (update === 'when-complete') {
      cycle.addressChanged(target);
      maybeUpdate();
    }
  };
  const onInput = (event: Event) => {
    const target = event.target as HTMLElement;
    if (form.contains(target) && target.matches(VALIDATED)) clearField(target);
  };
  /** validate_field's own moments (focus out, and `validate` triggered by code): the field's problems shown. */
  const validate = (target: Element) => {
    if (form.contains(target) && target.matches(VALIDATED) && target.closest('.form-row')) validateField(target as HTMLInputElement);
  };
  const onFocusOut = (event: FocusEvent) => validate(event.target as Element);
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (form.contains(target) && updateOnKey(event.key, kindOf(target)) === 'after-typing') cycle.typed(target, maybeUpdate);
  };
  const onSubmit = (event: SubmitEvent) => {
    if (event.target === form) {
      event.preventDefault();
      press(event.submitter as HTMLElement | null); // a second press while the order is on its way: still one order
    } else if (event.target instanceof HTMLFormElement && event.target.matches('form.checkout_coupon')) {
      event.preventDefault();
      void coupons.apply(event.target);
    }
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    const showCoupon = target.closest<HTMLElement>('a.showcoupon');
    const showLogin = target.closest<HTMLElement>('a.showlogin');
    const removeCoupon = target.closest<HTMLElement>('.woocommerce-remove-coupon');
    if (showCoupon) {
      event.preventDefault();
      coupons.toggle(showCoupon);
    } else if (showLogin) {
      event.preventDefault();
      const login = container.querySelector<HTMLElement>('form.login, form.woocommerce-form--login');
      if (toggleBlock(showLogin, login)) login?.querySelector<HTMLElement>('input')?.focus();
    } else if (removeCoupon && form.contains(removeCoupon)) {
      event.preventDefault();
      void coupons.remove(removeCoupon);
    } else {
      const terms = target.closest<HTMLElement>('a.woocommerce-terms-and-conditions-link');
      if (terms && toggleTerms(form, terms)) event.preventDefault();
    }
  };

  // A gateway that vetoed the first submit (checkout_place_order_<id>) submits again once it has its token, as
  // checkout.js expects: `$form.trigger('submit')` (or `.submit()`), which only jQuery's handlers hear and which
  // would otherwise end in the browser posting the page. The browser's own submit events come through onSubmit.
  const stopJQuerySubmit = onJQuery(form, 'submit', (event) => {
    if (event.originalEvent) return;
    event.preventDefault?.();
    press(null);
  });

  // checkout.js's own events, which code written for it triggers with jQuery (no DOM event): `update` on the form (its
  // "manual trigger") and `validate` on a field. (A `change` triggered with jQuery is a DOM event: src/jquery-bridge.ts.)
  const stopTriggers = onJQuery(form, 'update validate', (event) => (event.type === 'update' ? requestUpdate() : validate(event.target as Element)));

  const stopWaking = wakeAddressSuggestions(form);
  const stopListening = listen(container, [
    ['change', onChange],
    ['input', onInput],
    ['focusout', onFocusOut],
    ['keydown', onKeyDown],
    ['keydown', spacePressesLinks('.woocommerce-remove-coupon, a.showcoupon, a[role="button"]')],
    ['submit', onSubmit],
    ['click', onClick],
  ]);

  // init_checkout: the live state of the toggles and the payment choice, then a first update.
  payment.init();
  syncToggles(form, props.guestCheckout);
  emptyAccountPassword(form, props.guestCheckout);
  initTermsLink(form);
  emit('checkout:init', { form });
  requestUpdate();

  return () => {
    cycle.dispose();
    stopBus();
    stopJQuerySubmit();
    stopTriggers();
    stopWaking();
    stopListening();
  };
}

/**
 * The checkout (checkout.js without jQuery): see startCheckout; on the pay-for-order page its form#order_review
 * (startPayForm). Renders nothing of its own.
 */
export default function Checkout({ element, props }: WidgetProps<CheckoutProps, HTMLFormElement>) {
  useEffect(() => (element.matches('form.checkout') ? startCheckout(element, props) : startPayForm(element)), [element, props]);
  return null;
}
