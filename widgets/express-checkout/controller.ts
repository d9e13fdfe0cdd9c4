/**
 * The express wallet on one page: the Express Checkout Element, its events, the Store API cart it prices
 * from and the order it places. Framework-free; the component starts it and stops it on unmount.
 */
import { on } from '../../src/bus';
import { adminAjax } from '../../src/http/admin-ajax';
import { HttpError, toHttpError } from '../../src/http/errors';
import { createTokenizedCartApi, type TokenizedCartApi } from '../../src/http/store-api';
import { isRecord } from '../../src/guards';
import { triggerJQuery } from '../../src/jquery';
import { navigation } from '../../src/navigation';
import { errorNotice, scrollToNotice } from '../../src/notices';
import {
  ADDRESS_FAILED,
  anyWallet,
  appearanceFor,
  buttonHeight,
  buttonTheme,
  buttonType,
  type CheckoutAnswer,
  type ConfirmEvent,
  cartTotal,
  checkoutPayload,
  clickRates,
  type ExpressCart,
  failureMessage,
  isExpressCart,
  LOAD_TRACK_DEBOUNCE_MS,
  lineItems,
  loginMessage,
  ORDER_FAILED,
  orderOutcome,
  PRODUCT_FAILED,
  parseConfirmationHash,
  QUANTITY_DEBOUNCE_MS,
  RATE_FAILED,
  REQUIRES_ACTION,
  SELECT_OPTIONS,
  type StripeAddress,
  type StripeLineItem,
  type StripeShippingRate,
  shippingAddressForStore,
  shippingRates,
  trackName,
  WALLET_UNAVAILABLE,
  withoutHash,
} from './logic';
import { type ExpressCheckoutProps, fraudPreventionToken, pageStyle, productBlocked, readProductChoice } from './schema';
import { type ExpressElement, type ExpressElements, type StripeLike, waitForStripe } from './stripe';

/** What the page offers the controller besides the DOM: dialogs (alert/confirm) and the card library. */
export interface ExpressEnvironment {
  loadStripe: () => Promise<StripeLike>;
  alert: (text: string) => void;
  confirm: (text: string) => boolean;
}

export const defaultEnvironment = (props: ExpressCheckoutProps): ExpressEnvironment => ({
  loadStripe: () => waitForStripe({ publishableKey: props.publishableKey, locale: props.locale, accountId: props.accountId }),
  alert: (text) => window.alert(text),
  confirm: (text) => window.confirm(text),
});

interface Resolvable<T> {
  resolve: (value?: T) => void;
  reject?: () => void;
}
type ClickEvent = Resolvable<Record<string, unknown>> & { expressPaymentType: string };
type AddressEvent = Resolvable<Record<string, unknown>> & { name?: string; address: StripeAddress };
type RateEvent = Resolvable<Record<string, unknown>> & { shippingRate: { id: string } };
type StripeConfirmEvent = ConfirmEvent & { paymentFailed: (details: { reason: string; message?: string }) => void };

const OVERLAY_CLASS = 'vitrine-express-overlay';

/** The page blocked while the wallet works (WooPayments' blockUI: white, 0.6). */
function blockPage(block: boolean): void {
  const existing = document.querySelector(`.${OVERLAY_CLASS}`);
  if (!block) {
    existing?.remove();
    document.body.removeAttribute('aria-busy');
    return;
  }
  if (existing) return;
  const overlay = document.createElement('div');
  overlay.className = OVERLAY_CLASS;
  document.body.append(overlay);
  document.body.setAttribute('aria-busy', 'true');
}

/**
 * EXP-26 The message replaces any error notice in the first notices area, and the page scrolls to it.
 * The page is unblocked unless the wallet sheet stays open (a refused address or rate): then closing the
 * sheet unblocks it.
 */
export function showExpressError(message: string, { unblock = true } = {}): void {
  if (unblock) blockPage(false);
  const wrapper = document.querySelector('.woocommerce-notices-wrapper') ?? document.querySelector('main') ?? document.body;
  for (const old of document.querySelectorAll('.woocommerce-error')) old.remove();
  const notice = errorNotice(message);
  wrapper.prepend(notice);
  scrollToNotice(notice);
}

function errorMessage(error: unknown, fallback = ORDER_FAILED): string {
  if (isRecord(error) && isRecord(error.data) && Array.isArray(error.data.details)) {
    const detail = (error.data.details as Array<{ key?: string; value?: string }>).find((d) => d.key === 'errorMessage');
    if (detail?.value) return detail.value;
  }
  return failureMessage(toHttpError(error), fallback);
}

/** A Store API answer that must be a cart: an empty body or a stray page is treated as garbage. */
async function asCart(pending: Promise<unknown>): Promise<ExpressCart> {
  const answer = await pending;
  if (!isExpressCart(answer)) throw new HttpError('invalid_json');
  return answer;
}

/** EXP-10 Writes the wallet's (redacted) address back into the page's fields after a cancel, never for CA or GB. */
function restoreAddress(context: ExpressCheckoutProps['context'], address: StripeAddress | null): void {
  if (!address?.country || address.country === 'CA' || address.country === 'GB') return;
  const fill = (form: Element | null, prefix: string) => {
    if (!form) return false;
    const pairs: Array<[string, string]> = [
      ['country', address.country ?? ''],
      ['state', address.state ?? ''],
      ['city', address.city ?? ''],
      ['postcode', address.postal_code ?? ''],
    ];
    for (const [key, value] of pairs) {
      const field = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${prefix}${key}"]`);
      if (!field || !value) continue;
      if (field instanceof HTMLSelectElement) {
        const option = Array.from(field.options).find((o) => o.value.toLowerCase() === value.toLowerCase() || o.text.toLowerCase() === value.toLowerCase());
        if (!option) continue;
        field.value = option.value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
        // WooPayments also triggers jQuery's `close` on a select it filled (selectWoo closes its list; themes hook it).
        triggerJQuery(field, 'close');
        continue;
      }
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
    return true;
  };
  if (context === 'cart') {
    const form = document.querySelector('form.woocommerce-shipping-calculator');
    if (fill(form, 'calc_shipping_')) form?.querySelector<HTMLButtonElement>('[name="calc_shipping"]')?.click();
  } else if (context === 'checkout') {
    fill(document.querySelector('form.woocommerce-checkout'), 'billing_');
  }
}

/** The server priced one of the product as first shown; a quantity or variation chosen since needs a price of its own. */
function choiceDiffersFromServer(form: HTMLFormElement): boolean {
  const choice = readProductChoice(form);
  const variationId = form.querySelector<HTMLInputElement>('input[name="variation_id"]')?.value;
  return choice.quantity !== 1 || (!!variationId && variationId !== '0');
}

export function startExpressCheckout(container: HTMLElement, props: ExpressCheckoutProps, env: ExpressEnvironment = defaultEnvironment(props)): () => void {
  const isProduct = props.context === 'product';
  const money = { stripeMinor: props.stripeMinor, pricesIncludeTax: props.pricesIncludeTax };
  const transport = (separateCart: boolean, ephemeral = false) =>
    createTokenizedCartApi({
      nonce: props.nonces.storeApi,
      tokenizedCartNonce: props.nonces.tokenizedCart,
      sessionNonce: props.nonces.tokenizedCartSession,
      separateCart,
      ephemeral,
      currency: props.currency,
    });
  /** The cart the wallet buys from: the main cart, or on a product page a separate temporary one. */
  const api: TokenizedCartApi = transport(isProduct);
  const cleanups: Array<() => void> = [];
  let stopped = false;
  let stripe: StripeLike | null = null;
  let elements: ExpressElements | null = null;
  let element: ExpressElement | null = null;
  let cart: ExpressCart | null = null;
  let total = props.productTotal ?? 0;
  let needsShipping = props.needsShipping;
  let productAdd: Promise<unknown> | null = null;
  let chosenAddress: StripeAddress | null = null;
  let confirming = false;
  let aborted = false;
  /** Between a resolved click and the sheet's end: a second click (a quick double Enter) opens no second sheet. */
  let sheetOpen = false;
  /** Whether the element reported a wallet this browser offers. */
  let available = false;

  const separator = props.separator;
  const setVisible = (visible: boolean) => {
    container.hidden = !visible;
    container.style.display = visible ? '' : 'none';
    if (separator) separator.style.display = visible ? '' : 'none';
  };
  setVisible(false);

  /**
   * The button is busy (dimmed, not clickable: WooPayments' blockButton) while its amount is being worked
   * out: from the start until the first price is known, and during each re-pricing. Overlapping re-pricings
   * count up, so the first to finish does not unblock a button another is still pricing.
   */
  let pricing = 0;
  const markPricing = (delta: 1 | -1) => {
    pricing = Math.max(0, pricing + delta);
    if (pricing > 0) container.setAttribute('aria-busy', 'true');
    else container.removeAttribute('aria-busy');
  };
  markPricing(1);

  const track = (name: string | null) => {
    if (!name || !props.nonces.tracks) return;
    adminAjax('platform_tracks', { tracksNonce: props.nonces.tracks, tracksEventName: name, tracksEventProp: JSON.stringify({ source: props.context }) }, { url: props.ajaxUrl }).catch(
      (error) => console.warn('[vitrine] express-checkout: tracking failed', toHttpError(error).code),
    );
  };
  const loadTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** EXP-28 One load event per wallet, debounced 1000 ms. */
  const trackLoad = (method: string) => {
    const name = trackName(method, 'load');
    if (!name) return;
    clearTimeout(loadTimers.get(name));
    loadTimers.set(name, setTimeout(() => track(name), LOAD_TRACK_DEBOUNCE_MS));
  };
  cleanups.push(() => {
    for (const timer of loadTimers.values()) clearTimeout(timer);
  });

  const items = (): StripeLineItem[] => (cart ? lineItems(cart, money) : []);
  const rates = (): StripeShippingRate[] => (cart ? shippingRates(cart, money) : []);

  const applyCart = async (next: ExpressCart) => {
    cart = next;
    total = cartTotal(next, props.stripeMinor);
    needsShipping = props.context === 'pay_for_order' ? false : next.needs_shipping ?? needsShipping;
    if (elements) await elements.update({ amount: total });
  };

  const abort = (message: string) => {
    aborted = true;
    sheetOpen = false;
    showExpressError(message);
  };

  /** Unmount and hide: the product cannot be bought with the wallet (EXP-23). */
  const giveUp = (message: string) => {
    sheetOpen = false;
    showExpressError(message);
    element?.unmount();
    element = null;
    setVisible(false);
  };

  const onClick = (event: ClickEvent) => {
    if (sheetOpen) return;
    if (props.loginConfirmation) {
      // EXP-20 Never resolved: no sheet opens.
      if (env.confirm(loginMessage(props.loginConfirmation.message, event.expressPaymentType))) navigation.assign(props.loginConfirmation.redirectUrl);
      return;
    }
    if (isProduct && props.form) {
      const blocked = productBlocked(props.form);
      if (blocked) {
        env.alert(blocked === 'unavailable' ? props.unavailableText : SELECT_OPTIONS);
        return;
      }
      api.forgetSeparateCart();
      const choice = readProductChoice(props.form);
      productAdd = asCart(api.addItem(choice)).then(
        (answer) => applyCart(answer),
        (error) => {
          console.error('[vitrine] express-checkout: the product could not be added to the wallet cart', toHttpError(error).code);
          giveUp(PRODUCT_FAILED);
          throw error;
        },
      );
      productAdd.catch(() => undefined);
    }
    aborted = false;
    blockPage(true);
    track(trackName(event.expressPaymentType, 'click'));
    // Within 1 s, from what is cached (the click must not wait for the network).
    const options: Record<string, unknown> = {
      lineItems: items(),
      emailRequired: true,
      shippingAddressRequired: needsShipping,
      phoneNumberRequired: props.needsPayerPhone,
      business: { name: props.storeName },
    };
    if (needsShipping) options.shippingRates = clickRates(rates());
    sheetOpen = true;
    event.resolve(options);
  };

  const onAddress = async (event: AddressEvent) => {
    chosenAddress = event.address;
    try {
      if (productAdd) await productAdd;
    } catch {
      // The product could not be added: the shopper has been told (giveUp).
      event.reject?.();
      return;
    }
    try {
      const answer = await asCart(api.updateCustomer({ shipping_address: shippingAddressForStore(event.name, event.address) }));
      if (answer.totals.currency_code && answer.totals.currency_code.toLowerCase() !== props.currency) {
        event.reject?.();
        return;
      }
      const offered = shippingRates(answer, money);
      if (offered.length === 0) {
        cart = answer;
        event.reject?.();
        return;
      }
      await applyCart(answer);
      event.resolve({ shippingRates: offered, lineItems: items() });
    } catch (error) {
      console.warn('[vitrine] express-checkout: address change failed', toHttpError(error).code);
      event.reject?.();
      showExpressError(errorMessage(error, ADDRESS_FAILED), { unblock: false });
    }
  };

  const onRate = async (event: RateEvent) => {
    try {
      const answer = await asCart(api.selectShippingRate(0, event.shippingRate.id));
      await applyCart(answer);
      event.resolve({ lineItems: items() });
    } catch (error) {
      console.warn('[vitrine] express-checkout: rate change failed', toHttpError(error).code);
      event.reject?.();
      showExpressError(errorMessage(error, RATE_FAILED), { unblock: false });
    }
  };

  /** EXP-03 The 3DS hash: handleNextAction, report the status, then go to the order's page. */
  const complete = async (url: string) => {
    blockPage(true);
    const intent = parseConfirmationHash(url, window.location.href);
    if (!intent || !stripe) {
      navigation.assign(withoutHash(url));
      return;
    }
    let outcome: Awaited<ReturnType<StripeLike['handleNextAction']>>;
    try {
      outcome = await stripe.handleNextAction({ clientSecret: intent.clientSecret });
    } catch (error) {
      outcome = { error: { message: error instanceof Error ? error.message : REQUIRES_ACTION } };
    }
    const intentObject = outcome.paymentIntent ?? outcome.setupIntent;
    const intentId = intentObject?.id ?? outcome.error?.payment_intent?.id ?? outcome.error?.setup_intent?.id ?? '';
    let status: unknown;
    try {
      status = await adminAjax(
        'update_order_status',
        { order_id: intent.orderId, _ajax_nonce: intent.nonce, intent_id: intentId, payment_method_id: '', should_save_payment_method: 'false', is_changing_payment: 'false' },
        { url: props.ajaxUrl },
      );
    } catch (error) {
      console.warn(`[vitrine] express-checkout: the payment status of order ${intent.orderId} could not be reported`, toHttpError(error).code);
      abort(errorMessage(error));
      return;
    }
    // Site owners see why an order stayed unpaid; never the intent's client secret, which would let anyone read it.
    const unconfirmed = (reason: string, message: string) => {
      console.warn(`[vitrine] express-checkout: the payment of order ${intent.orderId} was not confirmed (${reason})`);
      abort(message);
    };
    if (outcome.error) return unconfirmed('authentication failed', outcome.error.message || REQUIRES_ACTION);
    if (intentObject?.status === 'requires_action') return unconfirmed('authentication unfinished', REQUIRES_ACTION);
    const answer = isRecord(status) ? status : {};
    if (isRecord(answer.error)) return unconfirmed('refused by the shop', typeof answer.error.message === 'string' ? answer.error.message : ORDER_FAILED);
    navigation.assign(typeof answer.return_url === 'string' ? answer.return_url : withoutHash(url));
  };

  const onConfirm = async (event: StripeConfirmEvent) => {
    // A second confirm while one is running would place a second order.
    if (confirming || !stripe || !elements) return;
    confirming = true;
    try {
      const submitted = await elements.submit();
      if (submitted.error) return abort(submitted.error.message || ORDER_FAILED);
      const created = await stripe.createPaymentMethod({ elements });
      if (created.error || !created.paymentMethod) return abort(created.error?.message || ORDER_FAILED);
      const payload = checkoutPayload(event, created.paymentMethod.id, fraudPreventionToken());
      let answer: CheckoutAnswer;
      try {
        if (props.order) {
          const order = await api.getOrder<{ billing_address?: object; shipping_address?: object }>(props.order.id, { key: props.order.key, billing_email: props.order.billingEmail });
          answer = await api.payForOrder<CheckoutAnswer>(props.order.id, {
            key: props.order.key,
            billing_email: props.order.billingEmail,
            billing_address: order.billing_address,
            shipping_address: order.shipping_address,
            payment_method: payload.payment_method,
            payment_data: payload.payment_data,
          });
        } else {
          if (productAdd) await productAdd;
          answer = await api.checkout<CheckoutAnswer>(payload);
        }
      } catch (error) {
        event.paymentFailed({ reason: 'fail' });
        return abort(errorMessage(error));
      }
      const result = orderOutcome(answer);
      if (!result.ok) {
        event.paymentFailed({ reason: 'fail' });
        return abort(result.message);
      }
      await complete(result.redirect);
    } finally {
      confirming = false;
    }
  };

  const onCancel = () => {
    aborted = true;
    sheetOpen = false;
    if (isProduct) {
      void api.emptyCart();
      productAdd = null;
    }
    restoreAddress(props.context, chosenAddress);
    chosenAddress = null;
    blockPage(false);
  };

  /** The element mounts the first time there is something to pay (EXP-02); afterwards the amount decides whether it shows. */
  const showForTotal = () => {
    if (!element) {
      if (total > 0) mountElement();
      return;
    }
    setVisible(total > 0 && available);
  };

  /** Re-price from the server: the main cart (cart, checkout), or a throwaway preview cart for the current choice (product). */
  const refresh = async () => {
    if (stopped) return;
    markPricing(1);
    try {
      if (isProduct && props.form) {
        if (productBlocked(props.form)) return;
        const preview = transport(true, true);
        await applyCart(await asCart(preview.addItem(readProductChoice(props.form))));
      } else if (props.context === 'pay_for_order' && props.order) {
        await applyCart(await asCart(api.getOrder(props.order.id, { key: props.order.key, billing_email: props.order.billingEmail })));
      } else {
        await applyCart(await asCart(api.getCart()));
      }
      showForTotal();
    } catch (error) {
      console.warn('[vitrine] express-checkout: refreshing the wallet amount failed', toHttpError(error).code);
      setVisible(false);
      showExpressError(errorMessage(error, WALLET_UNAVAILABLE));
    } finally {
      markPricing(-1);
    }
  };

  const mountElement = () => {
    if (!stripe || stopped) return;
    const saved = props.appearance;
    const appearance = saved ?? appearanceFor(pageStyle(container));
    if (!saved && props.nonces.saveAppearance) {
      adminAjax('save_upe_appearance', { elements_location: `${props.context}_express_checkout`, appearance: JSON.stringify(appearance), _ajax_nonce: props.nonces.saveAppearance }, { url: props.ajaxUrl }).catch(() => undefined);
    }
    elements = stripe.elements({
      mode: 'payment',
      amount: total,
      currency: props.currency,
      paymentMethodCreation: 'manual',
      appearance,
      locale: props.locale,
    });
    const theme = buttonTheme(props.button.theme);
    const type = buttonType(props.button.type);
    element = elements.create('expressCheckout', {
      paymentMethods: { applePay: 'always', googlePay: 'always', link: 'never', paypal: 'never', amazonPay: 'never', klarna: 'never' },
      layout: { overflow: 'never' },
      buttonHeight: buttonHeight(props.button.height),
      buttonTheme: theme,
      buttonType: type,
    });
    element.on('ready', ((event: { availablePaymentMethods?: Record<string, boolean> }) => {
      available = anyWallet(event.availablePaymentMethods);
      setVisible(available && total > 0);
      for (const [method, on] of Object.entries(event.availablePaymentMethods ?? {})) if (on) trackLoad(method);
    }) as never);
    element.on('loaderror', (() => setVisible(false)) as never);
    element.on('click', onClick as never);
    element.on('shippingaddresschange', ((e: AddressEvent) => void onAddress(e)) as never);
    element.on('shippingratechange', ((e: RateEvent) => void onRate(e)) as never);
    element.on('confirm', ((e: StripeConfirmEvent) => void onConfirm(e)) as never);
    element.on('cancel', onCancel as never);
    const target = document.createElement('div');
    target.className = 'vitrine-express-element';
    container.append(target);
    element.mount(target);
    cleanups.push(() => {
      element?.unmount();
      target.remove();
    });
  };

  // EXP-12 Refreshes: quantity (250 ms), variation, cart and checkout updates.
  let qtyTimer: ReturnType<typeof setTimeout> | undefined;
  if (isProduct && props.form) {
    const form = props.form;
    const onQty = (event: Event) => {
      if (!(event.target instanceof HTMLInputElement) || !event.target.classList.contains('qty')) return;
      // Busy at once (a click now would pay the old amount), re-priced once the typing stops.
      if (qtyTimer === undefined) markPricing(1);
      clearTimeout(qtyTimer);
      qtyTimer = setTimeout(() => {
        qtyTimer = undefined;
        void refresh().finally(() => markPricing(-1));
      }, QUANTITY_DEBOUNCE_MS);
    };
    form.addEventListener('input', onQty);
    cleanups.push(() => {
      form.removeEventListener('input', onQty);
      clearTimeout(qtyTimer);
    });
    cleanups.push(on('variation:found', () => void refresh()));
    cleanups.push(on('variation:reset', () => void refresh()));
  } else if (props.context === 'cart') {
    cleanups.push(on('cart:totals-updated', () => void refresh()));
    cleanups.push(on('cart:page-updated', () => void refresh()));
  } else if (props.context === 'checkout') {
    cleanups.push(on('checkout:updated', () => void refresh()));
  }

  void (async () => {
    try {
      stripe = await env.loadStripe();
    } catch (error) {
      console.error('[vitrine] express-checkout:', error instanceof Error ? error.message : error);
      markPricing(-1);
      return;
    }
    if (stopped) return;
    // The product page starts from the server's price for one of the product, unless the shopper changed the
    // choice before the widget arrived; the other pages ask for the cart or order.
    if (isProduct && props.form && !choiceDiffersFromServer(props.form)) showForTotal();
    else await refresh();
    markPricing(-1);
  })();

  return () => {
    stopped = true;
    void aborted;
    for (const cleanup of cleanups.splice(0)) cleanup();
    container.removeAttribute('aria-busy');
    blockPage(false);
  };
}
