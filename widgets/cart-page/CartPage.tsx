import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { listen, spacePressesLinks } from '../../src/dom';
import { emit } from '../../src/bus';
import { setBusy } from '../../src/cart';
import { cartQueue, getPage, messageFor, type PageAnswer, postPageForm, wcAjaxHtml } from '../../src/http';
import { errorNotice, focusKey, noticeNodes, requiredNotices, restoreFocus, scrollToNotice } from '../../src/notices';
import type * as CouponErrors from './coupon-error';
import { chosenShippingMethods, fieldsChanged, NOTICE_SELECTOR, submitIntent } from './logic';
import { requestsAcrossRemounts } from './requests';
import type { CartPageProps } from './schema';

const CART_FORM = 'form.woocommerce-cart-form';
const onAdded = requestsAcrossRemounts('cart:added', CART_FORM);
const onUpdateRequested = requestsAcrossRemounts('cart:update-requested', CART_FORM);

/**
 * The coupon's own error (a refused code) is fetched with the first refusal: most cart views never refuse one. Until
 * then there is no error on the page to clear or carry, so the module being absent means there is nothing to do.
 */
let couponErrors: typeof CouponErrors | undefined;
const loadCouponErrors = async () => {
  couponErrors ??= await import('./coupon-error');
  return couponErrors;
};

const updateButton = (form: HTMLFormElement) => form.querySelector<HTMLButtonElement | HTMLInputElement>('[name="update_cart"]');

/** A cart row's fields: the quantity, and what plugins put there (gift options, add-ons). cart.js: `.cart_item :input`. */
const ROW_FIELD = 'input, select, textarea, button';

/** Everything cart.js does, on the cart form's `.woocommerce` wrapper (totals, notices and calculator live beside the form). */
function startCartPage(form: HTMLFormElement, props: CartPageProps): () => void {
  const container = form.closest<HTMLElement>('.woocommerce') ?? form.parentElement ?? document.body;
  const totals = () => container.querySelector<HTMLElement>('.cart_totals');
  // Every update replaces the form: a change queued behind another (a plugin's wc_update_cart while Update cart is on
  // its way) posts and replaces the form on the page then, not the one this instance started on.
  const currentForm = () => container.querySelector<HTMLFormElement>(CART_FORM) ?? form;
  const qtyInputs = () => Array.from(form.querySelectorAll<HTMLInputElement>('input.qty'));

  // As cart.js: "Update cart" is enabled by a change to any field of a cart row (below); a quantity typed before the
  // code came counts too.
  const button = updateButton(form);
  if (button) button.disabled = !fieldsChanged(qtyInputs());

  const block = (busy: boolean, ...targets: (HTMLElement | null)[]) => {
    for (const target of targets) {
      if (!target?.isConnected) continue;
      target.classList.toggle('processing', busy);
      setBusy(target, busy);
    }
  };

  // As cart.js, notices are the page's: new ones go to its first notices wrapper, and clearing takes those in any
  // wrapper too. Storefront prints its wrapper above the content, outside the cart's `.woocommerce`.
  const noticesWrapper = (): HTMLElement => {
    const existing = document.querySelector<HTMLElement>('.woocommerce-notices-wrapper');
    if (existing) return existing;
    const wrapper = document.createElement('div');
    wrapper.className = 'woocommerce-notices-wrapper';
    container.prepend(wrapper);
    return wrapper;
  };
  const clearNotices = () => {
    for (const n of document.querySelectorAll(`${NOTICE_SELECTOR}, .coupon-error-notice`)) {
      if ((container.contains(n) || n.closest('.woocommerce-notices-wrapper')) && !n.closest('.wc-empty-cart-message')) n.remove();
    }
  };
  const showNotices = (nodes: Node[]) => {
    if (nodes.length === 0) return;
    const wrapper = noticesWrapper();
    wrapper.prepend(...nodes);
    const first = wrapper.querySelector('[role="alert"]');
    if (first) scrollToNotice(first);
  };
  const showError = (error: unknown, what: string) => {
    console.error(`[vitrine] cart-page: ${what} failed.`, error);
    clearNotices();
    showNotices([errorNotice(messageFor(error))]);
  };

  /** cart.js update_wc_div: the answer page's form, totals and notices replace ours. */
  const applyPage = (answer: PageAnswer, preserveNotices: boolean) => {
    const doc = answer.document;
    const focus = focusKey();
    const newForm = doc.querySelector(CART_FORM);
    const newNotices = Array.from(doc.querySelectorAll(NOTICE_SELECTOR)).filter((n) => !n.closest('.wc-empty-cart-message') && !n.parentElement?.closest(NOTICE_SELECTOR));
    if (!preserveNotices) clearNotices();
    if (!newForm) {
      // The cart is empty: the empty-cart template takes the whole wrapper's place (wc_cart_emptied).
      const empty = doc.querySelector('.wc-empty-cart-message')?.closest('.woocommerce');
      if (!empty) throw new Error('the cart page answered without a cart form or the empty-cart message');
      const fresh = document.importNode(empty, true) as HTMLElement;
      container.replaceWith(fresh);
      // The answer's notices printed outside it (Storefront's "removed. Undo?") go to the page's wrapper, and take the
      // focus first, so a keyboard reaches Undo.
      const elsewhere = newNotices.filter((n) => !empty.contains(n)).map((n) => document.importNode(n, true) as HTMLElement);
      showNotices(elsewhere);
      const target = elsewhere[0] ?? fresh.querySelector<HTMLElement>(`${NOTICE_SELECTOR}, .cart-empty`);
      if (target) {
        target.tabIndex = -1;
        target.focus({ preventScroll: true });
      }
      emit('cart:emptied', {});
    } else {
      if (document.querySelector('form.woocommerce-checkout')) emit('checkout:update-requested', {});
      // An update that keeps the notices keeps a refused coupon's error and its code too (cart.js update_wc_div).
      const couponError = preserveNotices ? couponErrors?.shownCouponError(container) : null;
      currentForm().replaceWith(document.importNode(newForm, true));
      const newTotals = doc.querySelector('.cart_totals');
      const oldTotals = totals();
      if (newTotals && oldTotals) oldTotals.replaceWith(document.importNode(newTotals, true));
      showNotices(newNotices.map((n) => document.importNode(n, true)));
      restoreFocus(focus, container);
      if (couponError) couponErrors?.carryCouponError(currentForm(), couponError);
      emit('cart:totals-updated', {});
    }
    emit('cart:page-updated', { reason: 'updated_wc_div' });
    emit('fragments:refresh-requested', { reason: 'updated_wc_div' });
  };

  /**
   * Runs one cart change at a time (the cart queue), with the form and totals blocked meanwhile: from the moment it is
   * asked for, and again when its turn comes, as the change before it may have replaced them.
   */
  const run = (what: string, targets: () => (HTMLElement | null)[], task: () => Promise<void>) => {
    const blocked = new Set(targets());
    block(true, ...blocked);
    const start = () => {
      for (const target of targets()) blocked.add(target);
      block(true, ...blocked);
      return task();
    };
    return cartQueue
      .enqueue(start)
      .catch((error: unknown) => showError(error, what))
      .finally(() => block(false, ...blocked));
  };

  const postCart = (extra: Record<string, string>, preserveNotices: boolean) => {
    const current = currentForm();
    const body = new FormData(current);
    for (const [k, v] of Object.entries(extra)) body.set(k, v);
    return postPageForm(current.action, body).then((answer) => applyPage(answer, preserveNotices));
  };

  const updateCart = () => run('the cart update', () => [currentForm(), totals()], () => postCart({ update_cart: 'Update Cart' }, false));
  /** cart.js update_cart: the form posted as it is, without update_cart, so the server only draws the cart again. */
  const refreshCart = (preserveNotices = true) => postCart({}, preserveNotices);

  // A second press while a coupon is on its way (Enter pressed twice, which the busy form's pointer-events do not
  // stop, or a double click replayed after the widgets' code arrived) is the same request: one is sent.
  let applying: Promise<void> | undefined;
  const applyCoupon = () => {
    applying ??= applyCouponOnce().finally(() => {
      applying = undefined;
    });
    return applying;
  };
  const applyCouponOnce = () => {
    const field = form.querySelector<HTMLInputElement>('#coupon_code, input[name="coupon_code"]');
    const code = field?.value ?? '';
    return run('applying the coupon', () => [currentForm(), totals()], async () => {
      const markup = await wcAjaxHtml('apply_coupon', { security: props.applyCouponNonce, coupon_code: code });
      const notices = requiredNotices(markup);
      clearNotices();
      // WooCommerce 10 shows a refused code's error under the coupon field, the code kept; other answers are notices.
      const message = notices.map((n) => n.textContent ?? '').join(' ').trim();
      const refused = /woocommerce-error|is-error/.test(markup) && (await loadCouponErrors()).showCouponError(message, currentForm());
      if (!refused) {
        showNotices(notices);
        if (field) field.value = '';
      }
      emit('coupon:applied', { code, context: 'cart' });
      await refreshCart();
    });
  };

  const removeCoupon = (code: string) =>
    run('removing the coupon', () => [totals()], async () => {
      const notices = requiredNotices(await wcAjaxHtml('remove_coupon', { security: props.removeCouponNonce, coupon: code }));
      clearNotices();
      showNotices(notices);
      emit('coupon:removed', { code, context: 'cart' });
      await refreshCart();
    });

  const followLink = (href: string, what: string) => run(what, () => [currentForm(), totals()], () => getPage(href).then((answer) => applyPage(answer, false)));

  const shippingMethodChanged = (changed: HTMLElement) => {
    const inputs = Array.from(container.querySelectorAll<HTMLInputElement | HTMLSelectElement>('select.shipping_method, input[name^="shipping_method"]'));
    const methods = chosenShippingMethods(
      inputs.map((i) => ({ index: i.getAttribute('data-index'), value: i.value, type: i.type, checked: i instanceof HTMLInputElement && i.checked })),
    );
    return run('changing the shipping method', () => [totals()], async () => {
      const markup = await wcAjaxHtml('update_shipping_method', { security: props.updateShippingMethodNonce, shipping_method: methods });
      const next = noticeNodes(markup).find((n): n is HTMLElement => n instanceof HTMLElement && n.matches('.cart_totals'));
      if (!next) throw new Error('update_shipping_method answered without the cart totals');
      const focus = changed.id ? { id: changed.id, name: '' } : focusKey();
      totals()?.replaceWith(next);
      restoreFocus(focus, container);
      emit('cart:totals-updated', {});
      emit('cart:shipping-method-updated', {});
    });
  };

  const toggleCalculator = (toggle: HTMLElement) => {
    const section = container.querySelector<HTMLElement>('.shipping-calculator-form');
    if (!section) return;
    const open = section.style.display === 'none' || section.hidden;
    section.hidden = false;
    section.style.display = open ? '' : 'none';
    toggle.setAttribute('aria-expanded', String(open));
    if (open) section.querySelector<HTMLElement>('select, input:not([type="hidden"])')?.focus();
  };

  const submitCalculator = (calc: HTMLFormElement) =>
    run('the shipping calculator', () => [calc, totals()], async () => {
      const body = new FormData(calc);
      body.set('calc_shipping', 'x');
      applyPage(await postPageForm(calc.action, body), false);
    });

  // ---- listeners ----------------------------------------------------------------------------------
  const onInput = (event: Event) => {
    const target = event.target as Element;
    if (target instanceof HTMLInputElement && target.id === 'coupon_code') couponErrors?.clearCouponError(target);
    if (target.matches(ROW_FIELD) && target.closest('.cart_item') && form.contains(target)) {
      const b = updateButton(form);
      if (b) b.disabled = false;
    }
  };
  const onChange = (event: Event) => {
    onInput(event);
    const target = event.target as HTMLElement;
    if (target.matches('select.shipping_method, input[name^="shipping_method"]')) void shippingMethodChanged(target);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as Element;
    if (event.key === 'Enter' && target instanceof HTMLInputElement && target.matches('input.qty') && form.contains(target)) {
      // As cart.js: a form the browser would refuse (a quantity over its max) keeps its Enter, so the browser says why.
      if (!form.checkValidity()) return;
      event.preventDefault();
      void updateCart();
    }
  };
  const onSubmit = (event: SubmitEvent) => {
    const target = event.target;
    if (target === form) {
      const submitter = event.submitter as HTMLButtonElement | null;
      const intent = submitIntent(submitter?.name ?? null, document.activeElement?.getAttribute('name') ?? null);
      if (intent === 'default') return;
      event.preventDefault();
      void (intent === 'apply_coupon' ? applyCoupon() : updateCart());
    } else if (target instanceof HTMLFormElement && target.matches('form.woocommerce-shipping-calculator')) {
      event.preventDefault();
      void submitCalculator(target);
    }
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element;
    const remove = target.closest<HTMLAnchorElement>('.product-remove > a, a.remove');
    if (remove && form.contains(remove) && remove.href) {
      event.preventDefault();
      // cart.js fires item_removed_from_classic_cart once the removal's request is over, answered or failed.
      void followLink(remove.href, 'removing the item').finally(() => emit('cart:item-removed', {}));
      return;
    }
    // An Undo link anywhere: the page's first notices wrapper, where notices go, may be outside the cart's (Storefront's
    // is above the content). cart.js hears it on the whole document too.
    const restore = target.closest<HTMLAnchorElement>('a.restore-item');
    if (restore?.href) {
      event.preventDefault();
      void followLink(restore.href, 'restoring the item');
      return;
    }
    if (!container.contains(target)) return;
    const coupon = target.closest<HTMLElement>('a.woocommerce-remove-coupon');
    if (coupon) {
      event.preventDefault();
      void removeCoupon(coupon.getAttribute('data-coupon') ?? '');
      return;
    }
    const calculator = target.closest<HTMLElement>('.shipping-calculator-button');
    if (calculator) {
      event.preventDefault();
      toggleCalculator(calculator);
    }
  };

  // As cart.js: something added to the cart on this page (a cross-sell's button, another script), or other code that
  // changed the cart asking for it (`wc_update_cart` [preserve_notices]) → the cart form and totals are fetched again.
  const redraw = (preserveNotices: boolean) => void run('refreshing the cart', () => [currentForm(), totals()], () => refreshCart(preserveNotices));
  const stopAdded = onAdded(() => redraw(true));
  const stopUpdateRequested = onUpdateRequested(({ preserveNotices }) => redraw(preserveNotices));

  const stopListening = listen(container, [
    ['input', onInput],
    ['change', onChange],
    ['keydown', onKeyDown],
    // Links with role=button (remove, remove coupon, calculator toggle) also take Space, as WooCommerce makes them.
    ['keydown', spacePressesLinks('a[role="button"], a.woocommerce-remove-coupon')],
    ['submit', onSubmit],
  ]);
  document.addEventListener('click', onClick);
  return () => {
    document.removeEventListener('click', onClick);
    stopAdded();
    stopUpdateRequested();
    stopListening();
  };
}

/** The cart page (cart.js without jQuery): see startCartPage. Renders nothing of its own. */
export default function CartPage({ element, props }: WidgetProps<CartPageProps, HTMLFormElement>) {
  useEffect(() => startCartPage(element, props), [element, props]);
  return null;
}
