import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { listen, spacePressesLinks } from '../../src/dom';
import { emit, on } from '../../src/bus';
import { setBusy } from '../../src/cart';
import { injectStyle } from '../../src/styles';
import css from '../../styles/checkout.css?inline';
import { type FormObject, formEncode, isAborted, MESSAGES, messageFor, postFormText, wcAjax, wcAjaxHtml } from '../../src/http';
import { jqueryAllows, onJQuery } from '../../src/jquery';
import { navigation } from '../../src/navigation';
import { errorNotice, focusKey, noticeNodes, requiredNotices, restoreFocus, scrollToNotice, textWithLinks } from '../../src/notices';
import {
  type AddressSnapshot,
  createLatest,
  fieldProblems,
  INVALID_CLASSES,
  orderReviewAddress,
  parseCheckoutAnswer,
  TYPING_DELAY_MS,
  UPDATE_DELAY_MS,
} from './logic';
import type { CheckoutProps } from './schema';

const NOTICES = '.woocommerce-error, .woocommerce-message, .is-error, .is-success';
const UPDATE_TRIGGERS =
  'select.shipping_method, input[name^="shipping_method"], #ship-to-different-address input, .update_totals_on_change select, .update_totals_on_change input[type="radio"], .update_totals_on_change input[type="checkbox"]';
const TYPED_ADDRESS = '.address-field input.input-text:not(.vitrine-select-combobox__input), .update_totals_on_change input.input-text:not(.vitrine-select-combobox__input)';
const VALIDATED = '.input-text:not(.vitrine-select-combobox__input), select, input[type="checkbox"]';
const ALL_INVALID = ['woocommerce-invalid', ...Object.values(INVALID_CLASSES)];

const show = (element: Element | null, visible: boolean) => {
  if (element instanceof HTMLElement) element.style.display = visible ? '' : 'none';
};
const fieldValue = (selector: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(selector)?.value ?? '';
const address = (prefix: 'billing' | 'shipping'): AddressSnapshot => ({
  country: fieldValue(`#${prefix}_country`),
  state: fieldValue(`#${prefix}_state`),
  postcode: fieldValue(`#${prefix}_postcode`),
  city: fieldValue(`#${prefix}_city`),
  address: fieldValue(`#${prefix}_address_1`),
  address_2: fieldValue(`#${prefix}_address_2`),
});

function startCheckout(form: HTMLFormElement, props: CheckoutProps): () => void {
  const container = form.closest<HTMLElement>('.woocommerce') ?? form.parentElement ?? document.body;
  const latest = createLatest();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  let dirty: Element | null = null;
  let selectedMethod: string | undefined;
  let lastFragments: Record<string, string> = {};
  let processing = false;

  injectStyle('checkout', css);
  form.setAttribute('novalidate', 'novalidate');
  const paymentMethod = () => form.querySelector<HTMLInputElement>('input[name="payment_method"]:checked')?.value ?? '';
  const reviewBlocks = () => Array.from(document.querySelectorAll<HTMLElement>('.woocommerce-checkout-payment, .woocommerce-checkout-review-order-table'));

  // ---- payment methods ------------------------------------------------------------------------------
  const paymentMethodSelected = (input: HTMLInputElement) => {
    const radios = Array.from(form.querySelectorAll<HTMLInputElement>('.payment_methods input.input-radio, input[name="payment_method"]'));
    for (const box of form.querySelectorAll('div.payment_box')) show(box, radios.length <= 1 || (input.checked && box.classList.contains(input.id)));
    const button = form.querySelector<HTMLButtonElement>('#place_order');
    if (button) button.textContent = input.getAttribute('data-order_button_text') || button.getAttribute('data-value') || button.textContent;
    if (input.id !== selectedMethod) {
      selectedMethod = input.id;
      emit('checkout:payment-method-selected', { method: input.value });
    }
  };
  const initPaymentMethods = () => {
    const radios = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="payment_method"]'));
    if (radios.length === 0) return;
    if (radios.length === 1) show(radios[0] ?? null, false);
    // The shopper's choice survives an update; the server's answer may not know it yet.
    const previous = selectedMethod ? radios.find((r) => r.id === selectedMethod) : undefined;
    if (previous) previous.checked = true;
    if (!radios.some((r) => r.checked) && radios[0]) radios[0].checked = true;
    const checked = radios.find((r) => r.checked);
    if (checked) paymentMethodSelected(checked);
  };

  // ---- toggles --------------------------------------------------------------------------------------
  const syncShipToDifferent = () => {
    const box = form.querySelector<HTMLInputElement>('#ship-to-different-address input');
    show(form.querySelector('div.shipping_address'), box?.checked ?? false);
  };
  const syncCreateAccount = () => {
    const box = form.querySelector<HTMLInputElement>('input#createaccount');
    if (!box || !props.guestCheckout) return;
    show(form.querySelector('div.create-account'), box.checked);
  };

  // ---- validation -----------------------------------------------------------------------------------
  const clearField = (field: HTMLElement) => {
    const row = field.closest('.form-row');
    field.removeAttribute('aria-invalid');
    if (field.getAttribute('aria-describedby')?.endsWith('_description')) field.removeAttribute('aria-describedby');
    row?.querySelector('.checkout-inline-error-message')?.remove();
    row?.classList.remove(...ALL_INVALID, 'woocommerce-validated');
  };
  const validateField = (field: HTMLInputElement | HTMLSelectElement) => {
    const row = field.closest('.form-row');
    if (!row) return;
    const problems = fieldProblems({
      required: row.classList.contains('validate-required'),
      email: row.classList.contains('validate-email'),
      phone: row.classList.contains('validate-phone'),
      type: field.type,
      checked: field instanceof HTMLInputElement && field.checked,
      value: field.value,
    });
    if (problems.length) {
      field.setAttribute('aria-invalid', 'true');
      row.classList.remove('woocommerce-validated');
      row.classList.add('woocommerce-invalid', ...problems.map((p) => INVALID_CLASSES[p]));
    } else {
      clearField(field);
      row.classList.add('woocommerce-validated');
    }
  };
  const validateAll = () => {
    for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(VALIDATED)) {
      if (field.offsetParent !== null || field.type === 'checkbox') validateField(field);
    }
  };

  // ---- the update cycle -----------------------------------------------------------------------------
  const block = (busy: boolean) => {
    for (const el of reviewBlocks()) setBusy(el, busy);
  };
  const showUpdateNotices = (nodes: Node[]) => {
    const group = document.createElement('div');
    group.className = 'woocommerce-NoticeGroup woocommerce-NoticeGroup-updateOrderReview';
    group.append(...nodes);
    form.prepend(group);
    scrollToNotice(group);
  };

  const updateNow = async (updateShippingMethod: boolean) => {
    inFlight?.abort();
    const ticket = latest.next();
    const abort = new AbortController();
    inFlight = abort;
    const shipDifferent = form.querySelector<HTMLInputElement>('#ship-to-different-address input')?.checked ?? false;
    const requiredEmpty = Array.from(form.querySelectorAll<HTMLElement>('.address-field.validate-required'))
      .filter((row) => row.offsetParent !== null)
      .some((row) => (row.querySelector<HTMLInputElement>('input, select, textarea')?.value ?? '') === '');
    const fields: Record<string, FormObject[string]> = {
      security: props.updateOrderReviewNonce,
      payment_method: paymentMethod(),
      ...orderReviewAddress(address('billing'), shipDifferent ? address('shipping') : null),
      has_full_address: String(!requiredEmpty),
      post_data: formEncode(new FormData(form)).toString(),
    };
    if (updateShippingMethod) {
      const methods: Record<string, string> = {};
      for (const input of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('select.shipping_method, input[name^="shipping_method"][type="radio"]:checked, input[name^="shipping_method"][type="hidden"]')) {
        methods[input.getAttribute('data-index') ?? '0'] = input.value;
      }
      fields.shipping_method = methods;
    }
    block(true);
    try {
      const data = await wcAjax<Record<string, unknown>>('update_order_review', fields, { signal: abort.signal });
      if (!latest.current(ticket)) return; // a newer update is on its way: this answer is stale
      if (data?.reload === true) {
        navigation.reload();
        return;
      }
      document.querySelectorAll('.woocommerce-NoticeGroup-updateOrderReview').forEach((n) => {
        n.remove();
      });
      const focus = focusKey();
      const terms = document.querySelector<HTMLInputElement>('#terms')?.checked ?? false;
      const details = new Map<string, string | boolean>();
      for (const input of document.querySelectorAll<HTMLInputElement>('.payment_box input, .payment_box select, .payment_box textarea')) {
        if (input.id) details.set(input.id, input.type === 'checkbox' || input.type === 'radio' ? input.checked : input.value);
      }
      const fragments = (data?.fragments && typeof data.fragments === 'object' ? data.fragments : {}) as Record<string, string>;
      for (const [selector, html] of Object.entries(fragments)) {
        if (typeof html !== 'string' || lastFragments[selector] === html) continue;
        for (const target of document.querySelectorAll(selector)) target.replaceWith(...noticeNodes(html));
      }
      lastFragments = fragments;
      const termsBox = document.querySelector<HTMLInputElement>('#terms');
      if (terms && termsBox) termsBox.checked = true;
      for (const [id, value] of details) {
        const input = document.getElementById(id);
        if (input instanceof HTMLInputElement && (input.type === 'checkbox' || input.type === 'radio')) input.checked = value === true;
        else if ((input instanceof HTMLInputElement || input instanceof HTMLSelectElement || input instanceof HTMLTextAreaElement) && input.value === '') input.value = String(value);
      }
      if (data?.result === 'failure') {
        container.querySelectorAll(NOTICES).forEach((n) => {
        n.remove();
      });
        if (typeof data.messages === 'string' && data.messages) showUpdateNotices(noticeNodes(data.messages));
        validateAll();
      }
      initPaymentMethods();
      restoreFocus(focus, form);
      emit('checkout:updated', { data });
    } catch (error) {
      if (isAborted(error) || !latest.current(ticket)) return;
      console.error('[vitrine] checkout: update_order_review failed.', error);
      document.querySelectorAll('.woocommerce-NoticeGroup-updateOrderReview').forEach((n) => {
        n.remove();
      });
      showUpdateNotices([errorNotice(messageFor(error))]);
    } finally {
      if (latest.current(ticket)) {
        block(false);
        inFlight = undefined;
      }
    }
  };

  const schedule = (delay: number, run: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(run, delay);
  };
  const requestUpdate = (updateShippingMethod = true) => {
    clearTimeout(timer);
    dirty = null;
    emit('checkout:update-requested', updateShippingMethod ? {} : { updateShippingMethod: false });
  };
  const maybeUpdate = () => {
    if (dirty) {
      const rows = dirty.closest('div')?.querySelectorAll<HTMLElement>('.address-field.validate-required') ?? [];
      for (const row of rows) if (row.querySelector<HTMLInputElement>('input.input-text')?.value === '') return;
    }
    requestUpdate();
  };
  const stopBus = on('checkout:update-requested', (payload) => {
    if (processing) return;
    schedule(UPDATE_DELAY_MS, () => void updateNow(payload.updateShippingMethod !== false));
  });

  // ---- placing the order ----------------------------------------------------------------------------
  const submitError = (content: Node[], messages: string) => {
    container.querySelectorAll(`.woocommerce-NoticeGroup-checkout, ${NOTICES}`).forEach((n) => {
        n.remove();
      });
    const group = document.createElement('div');
    group.className = 'woocommerce-NoticeGroup woocommerce-NoticeGroup-checkout';
    group.append(...content);
    form.prepend(group);
    processing = false;
    form.classList.remove('processing');
    setBusy(form, false);
    validateAll();
    scrollToNotice(group);
    group.querySelector<HTMLElement>('.woocommerce-error[tabindex="-1"]')?.focus({ preventScroll: true });
    emit('checkout:error', { messages });
  };
  const genericError = (lead: string) => {
    const notice = document.createElement('div');
    notice.className = 'woocommerce-error';
    notice.tabIndex = -1;
    notice.setAttribute('role', 'alert');
    notice.append(document.createTextNode(lead ? `${lead} ` : ''), ...textWithLinks(props.i18nCheckoutError));
    submitError([notice], notice.outerHTML);
  };
  const showMessages = (messages: string) => {
    const nodes = noticeNodes(messages);
    const wrapper = document.createElement('div');
    wrapper.setAttribute('role', 'alert');
    for (const node of nodes) {
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
    submitError([wrapper], wrapper.outerHTML);
    for (const item of wrapper.querySelectorAll('li[data-id]')) {
      const id = item.getAttribute('data-id') ?? '';
      const field = document.getElementById(id);
      const row = field?.closest('.form-row');
      if (!field || !row) continue;
      const message = document.createElement('p');
      message.id = `${id}_description`;
      message.className = 'checkout-inline-error-message';
      message.textContent = (item.textContent ?? '').trim();
      row.querySelector('.checkout-inline-error-message')?.remove();
      row.append(message);
      row.classList.add('woocommerce-invalid');
      field.setAttribute('aria-describedby', message.id);
      field.setAttribute('aria-invalid', 'true');
    }
  };

  const placeOrder = async (submitter: HTMLElement | null) => {
    clearTimeout(timer);
    const method = paymentMethod();
    if (!jqueryAllows('checkout_place_order', form) || !jqueryAllows(`checkout_place_order_${method}`, form)) return;
    processing = true;
    form.classList.add('processing');
    setBusy(form, true);
    inFlight?.abort();
    const body = new FormData(form);
    if (submitter instanceof HTMLButtonElement && submitter.name) body.set(submitter.name, submitter.value);
    let text: string;
    try {
      text = await postFormText(props.checkoutUrl, body);
    } catch (error) {
      console.error('[vitrine] checkout: the order request failed.', error);
      genericError(messageFor(error));
      return;
    }
    document.querySelectorAll('.checkout-inline-error-message').forEach((n) => {
        n.remove();
      });
    const answer = parseCheckoutAnswer(text);
    if (answer.kind === 'success') {
      if (jqueryAllows('checkout_place_order_success', form, [{ result: 'success', redirect: answer.redirect }])) {
        emit('checkout:placed', { redirect: answer.redirect });
        navigation.assign(answer.redirect);
        return;
      }
      genericError('');
      return;
    }
    if (answer.kind === 'failure') {
      if (answer.reload) {
        navigation.reload();
        return;
      }
      if (answer.refresh) requestUpdate();
      if (answer.messages) showMessages(answer.messages);
      else genericError('');
      return;
    }
    console.error('[vitrine] checkout: the order answer is not a checkout result.', text.slice(0, 200));
    genericError(MESSAGES.invalid_json);
  };

  // ---- coupons, login, terms (around the form) ------------------------------------------------------
  const couponForm = () => container.querySelector<HTMLFormElement>('form.checkout_coupon');
  const toggleCoupon = (link: HTMLElement) => {
    const f = couponForm();
    if (!f) return;
    const open = f.style.display === 'none';
    show(f, open);
    link.setAttribute('aria-expanded', String(open));
    if (open) f.querySelector<HTMLElement>('input, button')?.focus();
  };
  const applyCoupon = async (f: HTMLFormElement) => {
    if (f.classList.contains('processing')) return;
    const field = f.querySelector<HTMLInputElement>('input[name="coupon_code"]');
    const code = field?.value ?? '';
    f.classList.add('processing');
    setBusy(f, true);
    field?.removeAttribute('aria-invalid');
    f.querySelector('.coupon-error-notice')?.remove();
    try {
      const markup = await wcAjaxHtml('apply_coupon', { security: props.applyCouponNonce, coupon_code: code, billing_email: fieldValue('input[name="billing_email"]') });
      const notices = requiredNotices(markup);
      container.querySelectorAll(`${NOTICES}, .checkout-inline-error-message`).forEach((n) => {
        n.remove();
      });
      if (/woocommerce-error|is-error/.test(markup)) {
        const message = document.createElement('span');
        message.className = 'coupon-error-notice';
        message.id = 'coupon-error-notice';
        message.setAttribute('role', 'alert');
        message.textContent = notices.map((n) => n.textContent ?? '').join(' ').trim();
        field?.parentElement?.append(message);
        field?.setAttribute('aria-invalid', 'true');
        field?.setAttribute('aria-describedby', 'coupon-error-notice');
        field?.focus();
      } else {
        show(f, false);
        container.querySelector('a.showcoupon')?.setAttribute('aria-expanded', 'false');
        f.before(...notices);
        if (field) field.value = '';
        container.querySelector<HTMLElement>('a.showcoupon')?.focus();
      }
      emit('coupon:applied', { code, context: 'checkout' });
      requestUpdate(false);
    } catch (error) {
      console.error('[vitrine] checkout: apply_coupon failed.', error);
      f.before(errorNotice(messageFor(error)));
    } finally {
      f.classList.remove('processing');
      setBusy(f, false);
    }
  };
  const removeCoupon = async (link: HTMLElement) => {
    const review = link.closest<HTMLElement>('.woocommerce-checkout-review-order') ?? form;
    const code = link.getAttribute('data-coupon') ?? '';
    setBusy(review, true);
    try {
      const notices = requiredNotices(await wcAjaxHtml('remove_coupon', { security: props.removeCouponNonce, coupon: code }));
      container.querySelectorAll(NOTICES).forEach((n) => {
        n.remove();
      });
      form.before(...notices);
      emit('coupon:removed', { code, context: 'checkout' });
      requestUpdate(false);
      const f = couponForm();
      const field = f?.querySelector<HTMLInputElement>('input[name="coupon_code"]');
      if (field) field.value = '';
      show(f ?? null, false);
      container.querySelector('a.showcoupon')?.setAttribute('aria-expanded', 'false');
    } catch (error) {
      console.error('[vitrine] checkout: remove_coupon failed.', error);
      form.before(errorNotice(messageFor(error)));
    } finally {
      setBusy(review, false);
    }
  };

  // ---- listeners ------------------------------------------------------------------------------------
  const onChange = (event: Event) => {
    const target = event.target as HTMLElement;
    if (!form.contains(target)) return;
    if (target.matches('input[name="payment_method"]')) paymentMethodSelected(target as HTMLInputElement);
    if (target.matches('#ship-to-different-address input')) syncShipToDifferent();
    if (target.matches('input#createaccount')) syncCreateAccount();
    if (target.matches(VALIDATED)) validateField(target as HTMLInputElement);
    if (target.matches(UPDATE_TRIGGERS)) requestUpdate();
    else if (target.matches('.address-field select')) {
      dirty = target;
      maybeUpdate();
    } else if (target.matches(TYPED_ADDRESS) && dirty) {
      dirty = target;
      maybeUpdate();
    }
  };
  const onInput = (event: Event) => {
    const target = event.target as HTMLElement;
    if (form.contains(target) && target.matches(VALIDATED)) clearField(target);
  };
  const onFocusOut = (event: FocusEvent) => {
    const target = event.target as HTMLElement;
    if (form.contains(target) && target.matches(VALIDATED) && target.closest('.form-row')) validateField(target as HTMLInputElement);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Tab' || !form.contains(target) || !target.matches(TYPED_ADDRESS)) return;
    dirty = target;
    schedule(TYPING_DELAY_MS, maybeUpdate);
  };
  const onSubmit = (event: SubmitEvent) => {
    if (event.target === form) {
      event.preventDefault();
      if (processing) return; // a second press while the order is on its way: still one order
      void placeOrder(event.submitter as HTMLElement | null);
    } else if (event.target instanceof HTMLFormElement && event.target.matches('form.checkout_coupon')) {
      event.preventDefault();
      void applyCoupon(event.target);
    }
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    const showCoupon = target.closest<HTMLElement>('a.showcoupon');
    if (showCoupon) {
      event.preventDefault();
      toggleCoupon(showCoupon);
      return;
    }
    const showLogin = target.closest<HTMLElement>('a.showlogin');
    if (showLogin) {
      event.preventDefault();
      const login = container.querySelector<HTMLElement>('form.login, form.woocommerce-form--login');
      const open = login?.style.display === 'none';
      show(login ?? null, open);
      showLogin.setAttribute('aria-expanded', String(open));
      if (open) login?.querySelector<HTMLElement>('input')?.focus();
      return;
    }
    const remove = target.closest<HTMLElement>('.woocommerce-remove-coupon');
    if (remove && form.contains(remove)) {
      event.preventDefault();
      void removeCoupon(remove);
      return;
    }
    const terms = target.closest<HTMLElement>('a.woocommerce-terms-and-conditions-link');
    const termsText = form.querySelector<HTMLElement>('.woocommerce-terms-and-conditions');
    if (terms && termsText) {
      event.preventDefault();
      const open = termsText.style.display === 'none';
      show(termsText, open);
      terms.setAttribute('aria-expanded', String(open));
    }
  };

  // A gateway that vetoed the first submit (checkout_place_order_<id>) submits again once it has its token, as
  // checkout.js expects: `$form.trigger('submit')` (or `.submit()`), which only jQuery's handlers hear and which
  // would otherwise end in the browser posting the page. The browser's own submit events come through onSubmit.
  const stopJQuerySubmit = onJQuery(form, 'submit', (event) => {
    if (event.originalEvent) return;
    event.preventDefault?.();
    if (!processing) void placeOrder(null);
  });

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
  initPaymentMethods();
  syncShipToDifferent();
  syncCreateAccount();
  const terms = form.querySelector('a.woocommerce-terms-and-conditions-link');
  if (terms && form.querySelector('.woocommerce-terms-and-conditions')) terms.setAttribute('aria-expanded', 'false');
  emit('checkout:init', { form });
  requestUpdate();

  return () => {
    clearTimeout(timer);
    inFlight?.abort();
    stopBus();
    stopJQuerySubmit();
    stopListening();
  };
}

/** The checkout (checkout.js without jQuery): see startCheckout. Renders nothing of its own. */
export default function Checkout({ element, props }: WidgetProps<CheckoutProps, HTMLFormElement>) {
  useEffect(() => startCheckout(element, props), [element, props]);
  return null;
}
