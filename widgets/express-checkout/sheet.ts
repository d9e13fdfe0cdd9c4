/**
 * The payment sheet's half of the express wallet: what happens once a shopper has pressed the button (the
 * product into the wallet's own cart, address and rate changes, the order, 3DS, cancel). Most shoppers'
 * browsers offer no wallet and never get here, so controller.ts imports this module only once the
 * element's `ready` reports a wallet, normally long before a press; the press itself is answered by
 * controller.ts from the cached cart, so Stripe's 1 s click window never waits for this code (see its
 * `onClick`), and the work here runs once the code is there (its `withSheet`).
 */
import { adminAjax } from '../../src/http/admin-ajax';
import { toHttpError } from '../../src/http/errors';
import type { TokenizedCartApi } from '../../src/http/store-api';
import { isRecord } from '../../src/guards';
import { triggerJQuery } from '../../src/jquery';
import { navigation } from '../../src/navigation';
import type { ExpressEnvironment } from './environment';
import { type ExpressCart, type StripeLineItem, shippingRates } from './logic';
import {
  ADDRESS_FAILED,
  type CheckoutAnswer,
  type ConfirmEvent,
  checkoutPayload,
  loginMessage,
  ORDER_FAILED,
  orderOutcome,
  PRODUCT_FAILED,
  parseConfirmationHash,
  RATE_FAILED,
  REQUIRES_ACTION,
  type StripeAddress,
  shippingAddressForStore,
  withoutHash,
} from './order';
import { asCart, blockPage, errorMessage, showExpressError } from './page';
import { type ExpressCheckoutProps, fraudPreventionToken, type readProductChoice } from './schema';
import type { ExpressElements, StripeLike } from './stripe';

interface Resolvable<T> {
  resolve: (value?: T) => void;
  reject?: () => void;
}
export type ClickEvent = Resolvable<Record<string, unknown>> & { expressPaymentType: string };
export type AddressEvent = Resolvable<Record<string, unknown>> & { name?: string; address: StripeAddress };
export type RateEvent = Resolvable<Record<string, unknown>> & { shippingRate: { id: string } };
export type StripeConfirmEvent = ConfirmEvent & { paymentFailed: (details: { reason: string; message?: string }) => void };
export type ProductChoice = ReturnType<typeof readProductChoice>;

/** What the button's half shares with the sheet: settings, the wallet's cart and its live state. */
export interface SheetHost {
  props: ExpressCheckoutProps;
  env: ExpressEnvironment;
  api: TokenizedCartApi;
  stripe: () => StripeLike | null;
  elements: () => ExpressElements | null;
  /** Re-prices the wallet from a cart answer. */
  applyCart: (cart: ExpressCart) => Promise<void>;
  /** Keeps a cart answer without re-pricing (an address the shop cannot ship to). */
  keepCart: (cart: ExpressCart) => void;
  /** The sheet's line items for the cart last applied. */
  items: () => StripeLineItem[];
  /** The sheet is over (aborted or cancelled): a press may open a new one. */
  closed: () => void;
  /** EXP-23 Unmount and hide the button with a message. */
  giveUp: (message: string) => void;
}

export interface Sheet {
  /** EXP-20 A shopper who must log in first is asked, and sent to the login page if they agree. */
  askLogin(expressPaymentType: string): void;
  /** A press was answered; on a product page `choice` goes into the wallet's separate cart (EXP-04). */
  pressed(choice: ProductChoice | null): void;
  onAddress(event: AddressEvent): Promise<void>;
  onRate(event: RateEvent): Promise<void>;
  onConfirm(event: StripeConfirmEvent): Promise<void>;
  onCancel(): void;
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

export function createSheet(host: SheetHost): Sheet {
  const { props, api } = host;
  const money = { stripeMinor: props.stripeMinor, pricesIncludeTax: props.pricesIncludeTax };
  let productAdd: Promise<unknown> | null = null;
  let chosenAddress: StripeAddress | null = null;
  let confirming = false;

  const abort = (message: string) => {
    host.closed();
    showExpressError(message);
  };

  const pressed = (choice: ProductChoice | null) => {
    if (!choice) return;
    api.forgetSeparateCart();
    productAdd = asCart(api.addItem(choice)).then(
      (answer) => host.applyCart(answer),
      (error) => {
        console.error('[vitrine] express-checkout: the product could not be added to the wallet cart', toHttpError(error).code);
        host.giveUp(PRODUCT_FAILED);
        throw error;
      },
    );
    productAdd.catch(() => undefined);
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
        host.keepCart(answer);
        event.reject?.();
        return;
      }
      await host.applyCart(answer);
      event.resolve({ shippingRates: offered, lineItems: host.items() });
    } catch (error) {
      console.warn('[vitrine] express-checkout: address change failed', toHttpError(error).code);
      event.reject?.();
      showExpressError(errorMessage(error, ADDRESS_FAILED), { unblock: false });
    }
  };

  const onRate = async (event: RateEvent) => {
    try {
      const answer = await asCart(api.selectShippingRate(0, event.shippingRate.id));
      await host.applyCart(answer);
      event.resolve({ lineItems: host.items() });
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
    const stripe = host.stripe();
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
      abort(errorMessage(error, ORDER_FAILED));
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
    const stripe = host.stripe();
    const elements = host.elements();
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
        return abort(errorMessage(error, ORDER_FAILED));
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
    host.closed();
    if (props.context === 'product') {
      void api.emptyCart();
      productAdd = null;
    }
    restoreAddress(props.context, chosenAddress);
    chosenAddress = null;
    blockPage(false);
  };

  const askLogin = (expressPaymentType: string) => {
    const login = props.loginConfirmation;
    if (login && host.env.confirm(loginMessage(login.message, expressPaymentType))) navigation.assign(login.redirectUrl);
  };

  return { askLogin, pressed, onAddress, onRate, onConfirm, onCancel };
}
