/**
 * The express wallet on one page, the part every product and cart page loads at idle: the card library,
 * the amount (Store API re-pricing, EXP-12), the Express Checkout Element, whether its button shows, and
 * the answer to a press (Stripe's 1 s click window: see onClick). What follows a press (the product add,
 * address, rate, order, 3DS, cancel) is sheet.ts, a second chunk imported only once `ready` reports a
 * wallet this browser offers: most browsers offer none and never download it.
 * Framework-free; the component starts it and stops it on unmount.
 */
import { on } from '../../src/bus';
import { adminAjax } from '../../src/http/admin-ajax';
import { toHttpError } from '../../src/http/errors';
import { createTokenizedCartApi, type TokenizedCartApi } from '../../src/http/store-api';
import {
  anyWallet,
  appearanceFor,
  buttonHeight,
  buttonTheme,
  buttonType,
  cartTotal,
  clickRates,
  type ExpressCart,
  LOAD_TRACK_DEBOUNCE_MS,
  lineItems,
  QUANTITY_DEBOUNCE_MS,
  SELECT_OPTIONS,
  type StripeLineItem,
  type StripeShippingRate,
  shippingRates,
  trackName,
  WALLET_UNAVAILABLE,
} from './logic';
import { defaultEnvironment, type ExpressEnvironment } from './environment';
import { asCart, blockPage, errorMessage, showExpressError } from './page';
import { holdRoom, rememberWallet, releaseRoom, roomKept } from './room';
import { type ExpressCheckoutProps, pageStyle, productBlocked, readProductChoice } from './schema';
import type { AddressEvent, ClickEvent, ProductChoice, RateEvent, Sheet, SheetHost, StripeConfirmEvent } from './sheet';
import type { ExpressElement, ExpressElements, StripeLike } from './stripe';

/** What the page offers the controller besides the DOM: dialogs (alert/confirm) and the card library. */
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
  /** Between a resolved click and the sheet's end: a second click (a quick double Enter) opens no second sheet. */
  let sheetOpen = false;
  /** Whether the element reported a wallet this browser offers. */
  let available = false;

  const separator = props.separator;
  const setVisible = (visible: boolean) => {
    // From now on the box follows its own display, not the room the first paint gave it (./room): a wallet's
    // button renders at its own height, the one remembered for the next page.
    releaseRoom();
    container.hidden = !visible;
    container.style.display = visible ? '' : 'none';
    if (separator) separator.style.display = visible ? '' : 'none';
  };
  // A browser whose wallet showed before has the box shown at its height since the first paint: it stays, busy,
  // until Stripe says whether the wallet is there this time, or until the widget knows no element is coming.
  if (roomKept()) holdRoom();
  else setVisible(false);

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

  /** Unmount and hide: the product cannot be bought with the wallet (EXP-23), or the sheet cannot load. */
  const giveUp = (message: string) => {
    sheetOpen = false;
    showExpressError(message);
    element?.unmount();
    element = null;
    setVisible(false);
  };

  /**
   * The sheet's code (sheet.ts), fetched once `ready` reports a wallet. Nothing of it is needed to show the
   * button, and most browsers offer no wallet, so the idle chunk leaves it out. A failed fetch is
   * forgotten, so the next press asks again.
   */
  const host: SheetHost = {
    props,
    env,
    api,
    stripe: () => stripe,
    elements: () => elements,
    applyCart: (next) => applyCart(next),
    keepCart: (next) => {
      cart = next;
    },
    items,
    closed: () => {
      sheetOpen = false;
    },
    giveUp,
  };
  let sheet: Sheet | null = null;
  let sheetLoading: Promise<Sheet> | null = null;
  const loadSheet = (): Promise<Sheet> =>
    (sheetLoading ??= import('./sheet').then(
      (module) => (sheet ??= module.createSheet(host)),
      (error: unknown) => {
        sheetLoading = null;
        throw error;
      },
    ));
  /**
   * Runs a wallet event's work in the sheet's code: at once when it is there (as it is by the time a shopper
   * has pressed, but on a very slow network), else in order once it arrives. These events already wait on
   * Store API calls; Stripe's 1 s rule is the click's alone, and the click's answer is not made here. If
   * the code cannot be fetched, the shopper is told and the button goes (as EXP-23 gives up), which also
   * closes the sheet Stripe opened.
   */
  const withSheet = (run: (loaded: Sheet) => unknown) => {
    if (sheet) return void run(sheet);
    loadSheet().then(
      (loaded) => {
        if (!stopped) run(loaded);
      },
      (error: unknown) => {
        if (stopped || !element) return;
        console.error('[vitrine] express-checkout: the wallet sheet could not be loaded', error instanceof Error ? error.message : error);
        giveUp(WALLET_UNAVAILABLE);
      },
    );
  };

  /**
   * Stripe must have the click's answer within 1 s, and a press can come before the sheet's code: it is
   * fetched at `ready`, when the button shows (express-early's shopper presses at once, with every chunk
   * 1.5 s late). Waiting for it could outlast the window, and a click not answered in time opens nothing:
   * a press that seems not to work. So the answer never waits: it is made here, at once, from what is
   * cached (the cart last priced, as before the split), and only the work that follows the press (the
   * product into the separate cart, the sheet's events) waits for the sheet's code. The cost is the
   * line-item code (lineItems, shippingRates, about 0.4 KB gzip) staying in this chunk.
   */
  const onClick = (event: ClickEvent) => {
    if (sheetOpen) return;
    if (props.loginConfirmation) {
      // EXP-20 Never resolved (no sheet opens), so the question may wait for the sheet's code.
      withSheet((loaded) => loaded.askLogin(event.expressPaymentType));
      return;
    }
    let choice: ProductChoice | null = null;
    if (isProduct && props.form) {
      const blocked = productBlocked(props.form);
      if (blocked) {
        env.alert(blocked === 'unavailable' ? props.unavailableText : SELECT_OPTIONS);
        return;
      }
      // Read at the press: the choice the shopper pays for, even if the sheet's code adds it a moment later.
      choice = readProductChoice(props.form);
    }
    withSheet((loaded) => loaded.pressed(choice));
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

  /** A cancel closes the overlay at once, even while the sheet's code is still on its way. */
  const onCancel = () => {
    withSheet((loaded) => loaded.onCancel());
    if (sheet) return;
    sheetOpen = false;
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
      // Fetched now, while the shopper is still reading the page, so a press finds it there.
      if (available) loadSheet().catch(() => undefined);
      setVisible(available && total > 0);
      // No wallet: forgotten. A wallet with nothing to pay (hidden), or a box the theme hides here (no height to
      // measure): remembered as it was.
      const height = container.offsetHeight;
      if (!available) rememberWallet(0);
      else if (total > 0 && height > 0) rememberWallet(height);
      for (const [method, on] of Object.entries(event.availablePaymentMethods ?? {})) if (on) trackLoad(method);
    }) as never);
    element.on('loaderror', (() => setVisible(false)) as never);
    element.on('click', onClick as never);
    element.on('shippingaddresschange', ((e: AddressEvent) => withSheet((loaded) => loaded.onAddress(e))) as never);
    element.on('shippingratechange', ((e: RateEvent) => withSheet((loaded) => loaded.onRate(e))) as never);
    element.on('confirm', ((e: StripeConfirmEvent) => withSheet((loaded) => loaded.onConfirm(e))) as never);
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
    }
    if (stopped) return;
    if (stripe) {
      try {
        // The product page starts from the server's price for one of the product, unless the shopper changed the
        // choice before the widget arrived; the other pages ask for the cart or order.
        if (isProduct && props.form && !choiceDiffersFromServer(props.form)) showForTotal();
        else await refresh();
      } catch (error) {
        // Stripe refuses some options at once, by throwing (an IntegrationError for an appearance read off the theme).
        console.error('[vitrine] express-checkout: the wallet button could not be set up', error);
        element = null;
      }
    }
    // No element on its way (Stripe missing or refusing it, nothing to pay yet, a choice the wallet cannot buy): no
    // button, so no room kept for one.
    if (!element && !stopped) setVisible(false);
    markPricing(-1);
  })();

  return () => {
    stopped = true;
    releaseRoom();
    for (const cleanup of cleanups.splice(0)) cleanup();
    container.removeAttribute('aria-busy');
    blockPage(false);
  };
}
