// A product page with the express wallet's container, and WooPayments' params for it (the unit tests' page).
import type { StripeLike } from '../../../widgets/express-checkout/stripe';

export const PAGE = `<form class="cart" method="post"><div class="quantity"><input type="number" class="input-text qty text" name="quantity" value="1" min="1" /></div><button type="submit" name="add-to-cart" value="10" class="single_add_to_cart_button button alt">Add to cart</button></form>
<p id="wcpay-express-checkout-button-separator" style="display:none;">— OR —</p><div id="wcpay-express-checkout-element" style="display:none;"></div>`;

export const PARAMS = {
  stripe: { publishableKey: 'pk_test_x', accountId: '', locale: 'en' },
  nonce: { store_api_nonce: 'n-store', tokenized_cart_nonce: 'n-tok' },
  checkout: { currency_code: 'usd', currency_decimals: 2, needs_shipping: true },
  button_context: 'product',
  has_block: false,
  product: { total: { label: 'Shop', amount: 1000 }, needs_shipping: true },
};

/** A Stripe double whose element fires `ready` with the given wallets at mount and keeps its handlers. */
export function stripeOffering(wallets: Record<string, boolean>) {
  const handlers: Record<string, (event: never) => void> = {};
  const stripe: StripeLike = {
    elements: () => ({
      create: () => ({
        on: (name, handler) => {
          handlers[name] = handler;
        },
        mount: () => handlers.ready?.({ availablePaymentMethods: wallets } as never),
        unmount: () => undefined,
      }),
      update: () => undefined,
      submit: async () => ({}),
    }),
    createPaymentMethod: async () => ({}),
    handleNextAction: async () => ({}),
  };
  return { stripe, handlers };
}
