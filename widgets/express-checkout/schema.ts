import { type Issue, safeParse, z } from '../../src/validation';
import { PropsError, SkipMount } from '../../mount/errors';
import { ajaxUrls, pageGlobal, variationParams } from '../../src/settings';
import { UNAVAILABLE } from './logic';

// PHP prints booleans as true/false in json (wp_localize_script's nested values) or "1"/"" at the top level.
const bool = z.optional(z.union([z.boolean(), z.literal(['1', '', '0', 'yes', 'no'])]));
const str = z.optional(z.string());
const numeric = z.optional(z.union([z.number(), z.string().check(z.regex(/^\s*\d+\s*$/))]));

const schema = z.object({
  ajax_url: str,
  stripe: z.object({ publishableKey: z.string(), accountId: str, locale: str }),
  nonce: z.object({
    store_api_nonce: z.string(),
    tokenized_cart_nonce: str,
    tokenized_cart_session_nonce: str,
    platform_tracker: str,
    save_upe_appearance: str,
  }),
  checkout: z.object({
    currency_code: z.string().check(z.regex(/^[a-zA-Z]{3}$/)),
    currency_decimals: numeric,
    stripe_minor_unit: numeric,
    country_code: str,
    needs_shipping: bool,
    needs_payer_phone: bool,
    allowed_shipping_countries: z.optional(z.array(z.string())),
    display_prices_with_tax: bool,
  }),
  button: z.optional(z.object({ type: str, theme: str, height: numeric, radius: numeric, locale: str })),
  login_confirmation: z.optional(z.union([z.literal([false, '']), z.object({ message: z.string(), redirect_url: z.string() })])),
  button_context: z.literal(['product', 'cart', 'checkout', 'pay_for_order']),
  has_block: bool,
  product: z.optional(z.nullable(z.object({ total: z.object({ label: str, amount: z.number() }), needs_shipping: bool }))),
  total_label: str,
  store_name: str,
  appearance: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  // Pay-for-order: WooPayments takes these from its UPE config; Vitrine reads them here.
  order_id: numeric,
  order_key: str,
  billing_email: str,
});

type Raw = z.infer<typeof schema>;
export type ExpressContext = Raw['button_context'];

export interface ExpressCheckoutProps {
  context: ExpressContext;
  publishableKey: string;
  accountId: string;
  locale: string;
  ajaxUrl: string;
  nonces: { storeApi: string; tokenizedCart: string; tokenizedCartSession: string; tracks: string; saveAppearance: string };
  currency: string;
  stripeMinor: number;
  countryCode: string;
  needsShipping: boolean;
  needsPayerPhone: boolean;
  pricesIncludeTax: boolean;
  button: { type: string; theme: string; height: number | string | undefined; radius: number | undefined };
  loginConfirmation: { message: string; redirectUrl: string } | null;
  /** Product page: the server's price for the current choice (used until a cart answer arrives). */
  productTotal: number | null;
  storeName: string;
  /** Cached appearance (save_upe_appearance); null: compute from the page. */
  appearance: Record<string, unknown> | null;
  order: { id: string; key: string; billingEmail: string } | null;
  /** Product page: the add-to-cart form (its button value, quantity, variation selects). */
  form: HTMLFormElement | null;
  unavailableText: string;
  separator: HTMLElement | null;
}

const truthy = (value: boolean | string | undefined, fallback: boolean) => (value === undefined ? fallback : value === true || value === '1' || value === 'yes');

/** The failing field's full name, e.g. `wcpayExpressCheckoutParams.stripe.publishableKey` (the global itself when it is not an object). */
function fieldName(issue: Issue): string {
  return ['wcpayExpressCheckoutParams', ...issue.path.map(String)].join('.');
}

/** wcpayExpressCheckoutParams, validated: without it (or a publishable key) the container stays as rendered. */
export function readExpressCheckoutProps(element: Element): ExpressCheckoutProps {
  if (!(element instanceof HTMLElement)) throw new PropsError('element', 'expected <div id="wcpay-express-checkout-element">');
  const raw = pageGlobal('wcpayExpressCheckoutParams');
  if (raw === undefined || raw === null) throw new SkipMount('no wcpayExpressCheckoutParams on the page');
  const parsed = safeParse(schema, raw);
  if (!parsed.success) {
    const issue = parsed.issues[0]!;
    const field = fieldName(issue);
    throw new PropsError(field, `${field} is invalid (${issue.message})`);
  }
  const p = parsed.data;
  if (p.stripe.publishableKey.trim() === '') throw new SkipMount('no publishable key: WooPayments prints no button');
  if (p.has_block === true && p.button_context !== 'pay_for_order') throw new SkipMount('a cart or checkout block shows its own button');
  const form = p.button_context === 'product' ? document.querySelector<HTMLFormElement>('form.cart') : null;
  if (p.button_context === 'product' && !form) throw new PropsError('form.cart', 'a product-page button needs the add-to-cart form');
  if (p.button_context === 'pay_for_order' && (!p.order_id || !p.order_key)) throw new PropsError('wcpayExpressCheckoutParams.order_id', 'pay-for-order needs order_id and order_key');
  const login = p.login_confirmation;
  return {
    context: p.button_context,
    publishableKey: p.stripe.publishableKey,
    accountId: p.stripe.accountId ?? '',
    locale: p.stripe.locale ?? 'auto',
    ajaxUrl: p.ajax_url ?? ajaxUrls().ajaxUrl,
    nonces: {
      storeApi: p.nonce.store_api_nonce,
      tokenizedCart: p.nonce.tokenized_cart_nonce ?? '',
      tokenizedCartSession: p.nonce.tokenized_cart_session_nonce ?? '',
      tracks: p.nonce.platform_tracker ?? '',
      saveAppearance: p.nonce.save_upe_appearance ?? '',
    },
    currency: p.checkout.currency_code.toLowerCase(),
    stripeMinor: Number(p.checkout.stripe_minor_unit ?? p.checkout.currency_decimals ?? 2),
    countryCode: p.checkout.country_code ?? '',
    needsShipping: truthy(p.checkout.needs_shipping, false),
    needsPayerPhone: truthy(p.checkout.needs_payer_phone, true),
    pricesIncludeTax: truthy(p.checkout.display_prices_with_tax, false),
    button: {
      type: p.button?.type ?? 'default',
      theme: p.button?.theme ?? 'dark',
      height: p.button?.height,
      radius: p.button?.radius === undefined ? undefined : Number(p.button.radius),
    },
    loginConfirmation: login && typeof login === 'object' ? { message: login.message, redirectUrl: login.redirect_url } : null,
    productTotal: p.product ? p.product.total.amount : null,
    storeName: p.store_name ?? '',
    appearance: p.appearance ?? null,
    order: p.button_context === 'pay_for_order' ? { id: String(p.order_id), key: p.order_key ?? '', billingEmail: p.billing_email ?? '' } : null,
    form,
    unavailableText: variationParams().i18nUnavailableText || UNAVAILABLE,
    separator: document.getElementById('wcpay-express-checkout-button-separator'),
  };
}

/** The live product choice, read at click time (quantity, variation selects). */
export function readProductChoice(form: HTMLFormElement): { id: number; quantity: number; variation: Array<{ attribute: string; value: string }> } {
  const button = form.querySelector<HTMLButtonElement>('.single_add_to_cart_button');
  const variationId = form.querySelector<HTMLInputElement>('input[name="variation_id"]')?.value;
  const productId = form.querySelector<HTMLInputElement>('input[name="product_id"]')?.value;
  const id = Number(variationId && variationId !== '0' ? variationId : button?.value || productId || form.querySelector<HTMLInputElement>('[name="add-to-cart"]')?.value);
  const qty = Number(form.querySelector<HTMLInputElement>('input.qty')?.value ?? '1');
  const variation = Array.from(form.querySelectorAll<HTMLSelectElement>('.variations select')).map((select) => ({
    attribute: select.getAttribute('data-attribute_name') ?? select.name,
    value: select.value,
  }));
  return { id, quantity: Number.isFinite(qty) && qty > 0 ? qty : 1, variation };
}

/** EXP-18 The add-to-cart button says whether the choice can be bought. */
export function productBlocked(form: HTMLFormElement): 'options' | 'unavailable' | null {
  const button = form.querySelector('.single_add_to_cart_button');
  if (!button?.classList.contains('disabled')) return null;
  return button.classList.contains('wc-variation-is-unavailable') ? 'unavailable' : 'options';
}

/** The page's background and field style, for the Elements appearance. */
export function pageStyle(element: HTMLElement): { background: string; color: string; radius: string; fontSize: string } {
  let node: HTMLElement | null = element;
  let background = 'rgb(255, 255, 255)';
  while (node) {
    const bg = getComputedStyle(node).backgroundColor;
    if (bg && bg !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(bg)) {
      background = bg;
      break;
    }
    node = node.parentElement;
  }
  const field = document.querySelector<HTMLElement>('input.input-text, input.qty');
  const style = getComputedStyle(field ?? element);
  return { background, color: getComputedStyle(element).color, radius: field ? style.borderTopLeftRadius : '', fontSize: style.fontSize };
}

export function fraudPreventionToken(): string {
  const token = pageGlobal('wcpayFraudPreventionToken');
  return typeof token === 'string' ? token : '';
}

/** The card library, if the page has it (the stand-in or js.stripe.com). */
export function stripeGlobal(): unknown {
  return pageGlobal('Stripe');
}
