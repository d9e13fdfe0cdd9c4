import { cameFromJQuery, emit, on } from './bus';
import { announceAdded, showButtonAdded } from './other-code-adds';
import type { VitrineEventName, VitrineEvents } from './events';
import { isRelaying, type JQueryStatic, jquery, relay } from './jquery';
import { fireWithoutJQuery, hearWithoutJQuery } from './jquery-free-events';
import { sendTriggersToTheDom } from './jquery-triggers';
import { provideVariationHelpers } from './jquery-variation-helpers';

// Widgets import the helpers from ./jquery; tests and older imports still find them here.
export { type JQueryEventLike, jqueryAllows, jqueryData, onJQuery, triggerJQuery } from './jquery';

/**
 * Speaks WooCommerce's jQuery events for theme and plugin code that still listens to them,
 * with WooCommerce's argument order, and forwards the ones other code fires to the bus.
 * An event relayed one way is never relayed back. Without jQuery (loaded then for an analytics tracker), the same
 * events go out and come in the jQuery-free way (./jquery-free-events).
 */

/** Where WooCommerce fires an event and with which arguments; `$` wraps elements as jQuery objects. */
type Outbound<K extends VitrineEventName> = (
  payload: VitrineEvents[K],
  $: JQueryStatic,
) => { target: unknown; name: string; args?: unknown[] };

const body = () => document.body;
/** single-product.js hands the gallery's events the printed settings object itself (themes read its options). */
const galleryParams = () => (window as { wc_single_product_params?: unknown }).wc_single_product_params ?? {};

/**
 * What plugins read of the VariationForm instance add-to-cart-variation.js passes with `wc_variation_form`: its jQuery
 * sets and its data, found as it finds them. Its methods are left out: Vitrine's form state is src/variation/store.ts.
 */
function variationFormParts({ form, variations }: VitrineEvents['variation:form-ready'], $: JQueryStatic) {
  const inForm = (selector: string) => $(form.querySelectorAll(selector));
  return {
    $form: $(form),
    $attributeFields: inForm('.variations select'),
    $singleVariation: inForm('.single_variation'),
    $singleVariationWrap: inForm('.single_variation_wrap'),
    $resetVariations: inForm('.reset_variations'),
    $resetAlert: inForm('.reset_variations_alert'),
    $product: $(form.closest('.product') ?? []),
    variationData: variations ?? false,
    useAjax: variations === null,
  };
}

const OUTBOUND: { [K in VitrineEventName]?: Outbound<K> } = {
  'cart:adding': (p, $) => ({ target: body(), name: 'adding_to_cart', args: [$(p.button), p.data] }),
  'cart:added': (p, $) => ({ target: body(), name: 'added_to_cart', args: [p.fragments, p.cartHash, $(p.button)] }),
  'cart:removed': (p, $) => ({ target: body(), name: 'removed_from_cart', args: [p.fragments, p.cartHash, $(p.button)] }),
  'cart:button-updated': (p, $) => ({ target: body(), name: 'wc_cart_button_updated', args: [$(p.button)] }),
  'fragments:loaded': () => ({ target: body(), name: 'wc_fragments_loaded' }),
  'fragments:refreshed': () => ({ target: body(), name: 'wc_fragments_refreshed' }),
  'fragments:failed': () => ({ target: body(), name: 'wc_fragments_ajax_error' }),
  'variation:found': (p) => ({ target: p.form, name: 'found_variation', args: [p.variation] }),
  'variation:shown': (p) => ({
    target: p.form.querySelector('.single_variation') ?? p.form,
    name: 'show_variation',
    args: [p.variation, p.purchasable],
  }),
  'variation:hidden': (p) => ({ target: p.form.querySelector('.single_variation') ?? p.form, name: 'hide_variation' }),
  'variation:reset': (p) => ({ target: p.form, name: 'reset_data' }),
  'variation:changed': (p) => ({ target: p.form, name: 'woocommerce_variation_has_changed' }),
  'variation:select-changed': (p) => ({ target: p.form, name: 'woocommerce_variation_select_change' }),
  'variation:values-updated': (p) => ({ target: p.form, name: 'woocommerce_update_variation_values' }),
  'variation:form-ready': (p, $) => ({ target: p.form, name: 'wc_variation_form', args: [variationFormParts(p, $)] }),
  'gallery:before-init': (p) => ({ target: p.gallery, name: 'wc-product-gallery-before-init', args: [p.gallery, galleryParams()] }),
  'gallery:after-init': (p) => ({ target: p.gallery, name: 'wc-product-gallery-after-init', args: [p.gallery, galleryParams()] }),
  // cart.js
  'cart:page-updated': (p) => ({ target: body(), name: p.reason === 'updated_cart_totals' ? 'updated_cart_totals' : 'updated_wc_div' }),
  'cart:totals-updated': () => ({ target: body(), name: 'updated_cart_totals' }),
  'cart:emptied': () => ({ target: body(), name: 'wc_cart_emptied' }),
  'cart:item-removed': () => ({ target: body(), name: 'item_removed_from_classic_cart' }),
  'cart:shipping-method-updated': () => ({ target: body(), name: 'updated_shipping_method' }),
  'coupon:applied': (p) => ({ target: body(), name: p.context === 'cart' ? 'applied_coupon' : 'applied_coupon_in_checkout', args: [p.code] }),
  'coupon:removed': (p) => ({ target: body(), name: p.context === 'cart' ? 'removed_coupon' : 'removed_coupon_in_checkout', args: [p.code] }),
  // checkout.js
  'checkout:init': () => ({ target: body(), name: 'init_checkout' }),
  'checkout:update-requested': (p) => ({
    target: body(),
    name: 'update_checkout',
    args: p.updateShippingMethod === false ? [{ update_shipping_method: false }] : [],
  }),
  'checkout:updated': (p) => ({ target: body(), name: 'updated_checkout', args: [p.data] }),
  'checkout:error': (p) => ({ target: body(), name: 'checkout_error', args: [p.messages] }),
  'checkout:payment-method-selected': () => ({ target: body(), name: 'payment_method_selected' }),
  // country-select.js
  'address:country-changed': (p, $) => ({ target: body(), name: 'country_to_state_changed', args: [p.country, $(p.wrapper)] }),
  'address:locale-applied': (p, $) => ({ target: body(), name: 'country_to_state_changing', args: [p.country, $(p.wrapper)] }),
  // address-i18n.js
  'address:i18n-ready': () => ({ target: body(), name: 'wc_address_i18n_ready' }),
};

/** jQuery events other code fires on body → the bus event they mean. */
const INBOUND: Record<string, (args: unknown[]) => void> = {
  wc_fragment_refresh: () => emit('fragments:refresh-requested', { reason: 'wc_fragment_refresh' }, 'jquery'),
  updated_wc_div: () => {
    emit('cart:page-updated', { reason: 'updated_wc_div' }, 'jquery');
    emit('fragments:refresh-requested', { reason: 'updated_wc_div' }, 'jquery');
  },
  updated_cart_totals: () => emit('cart:page-updated', { reason: 'updated_cart_totals' }, 'jquery'),
  updated_checkout: ([data]) => emit('checkout:updated', { data }, 'jquery'),
  // A gateway or theme asks the checkout to refresh the order review (checkout.js listens for it).
  update_checkout: ([args]) =>
    emit('checkout:update-requested', { updateShippingMethod: (args as { update_shipping_method?: unknown } | undefined)?.update_shipping_method !== false }, 'jquery'),
  added_to_cart: ([fragments, cartHash, $button]) => {
    const button = firstElement($button);
    const parsed = asFragments(fragments);
    if (button) showButtonAdded(button, Object.keys(parsed).length > 0);
    emit('cart:added', { fragments: parsed, cartHash: String(cartHash ?? ''), button }, 'jquery');
    if (button) announceAdded(button);
  },
  removed_from_cart: ([fragments, cartHash, $button]) =>
    emit('cart:removed', { fragments: asFragments(fragments), cartHash: String(cartHash ?? ''), button: firstElement($button) }, 'jquery'),
};

/**
 * jQuery events other code fires that WooCommerce hears on `document` (cart.js's `wc_update_cart`): fired there or on
 * any element below, as a quantity plugin does on `document` and others on `body`.
 */
const INBOUND_ON_DOCUMENT: Record<string, (args: unknown[]) => void> = {
  wc_update_cart: ([preserveNotices]) => {
    const request = { preserveNotices: Boolean(preserveNotices) };
    // A cart plugin may ask before the cart page's code has arrived (its own request answered early, a slow phone):
    // nothing listens yet, so the request is also kept on the form, where the cart page finds it when it starts
    // (widgets/cart-page/requests.ts). cart.js, a blocking script, was always there to hear it.
    const form = document.querySelector('form.woocommerce-cart-form');
    if (form) (form as Element & { 'vitrine:cart:update-requested'?: typeof request })['vitrine:cart:update-requested'] = request;
    emit('cart:update-requested', request, 'jquery');
  },
};

function asFragments(value: unknown): Record<string, string> {
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
}

function firstElement(value: unknown): HTMLElement | null {
  const candidate = (value as { 0?: unknown } | null)?.[0];
  return candidate instanceof HTMLElement ? candidate : null;
}

let inboundAttached = false;

function attachInbound(): void {
  const $ = jquery();
  if (!$ || inboundAttached || !document.body) return;
  inboundAttached = true;
  const hear = (handlers: Record<string, (args: unknown[]) => void>) => (event: { type: string }, ...args: unknown[]) => {
    if (!isRelaying(event.type)) handlers[event.type]?.(args);
  };
  $(document.body).on(Object.keys(INBOUND).join(' '), hear(INBOUND));
  $(document).on(Object.keys(INBOUND_ON_DOCUMENT).join(' '), hear(INBOUND_ON_DOCUMENT));
}

let installed = false;

/**
 * woocommerce.js's `$.scroll_to_notices($element)`, which gateways and theme scripts call: Vitrine keeps
 * woocommerce.js's contract, so a kept script that depends on `woocommerce` finds it (offset 100 px, as there).
 */
function provideScrollToNotices(): void {
  const $ = jquery() as (JQueryStatic & { scroll_to_notices?: (target: unknown) => void }) | undefined;
  if (!$ || $.scroll_to_notices) return;
  $.scroll_to_notices = (target) => {
    const element = (target as { 0?: unknown } | null)?.[0];
    if (element instanceof Element) window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - 100, behavior: 'smooth' });
  };
}

/**
 * The jQuery plugins of the scripts Vitrine replaces that quick views and themes call by hand on markup they inserted:
 * `$form.wc_variation_form()` (add-to-cart-variation.js) and `$gallery.wc_product_gallery()` (single-product.js), often
 * with nothing but `wc_add_to_cart_variation_params` checked first, which Vitrine keeps printing. Without them the
 * call throws and the rest of the quick view's code never runs. The mount layer starts Vitrine's widgets on inserted
 * markup by itself; these stand-ins scan it at once and return the set, so the caller goes on. Where a kept script
 * depends on the original, the WordPress plugin prints it, and its plugin stays (only a missing one is provided).
 */
function provideWooCommercePlugins(): void {
  const fn = (jquery() as { fn?: Record<string, unknown> } | undefined)?.fn;
  if (!fn) return;
  for (const name of ['wc_variation_form', 'wc_product_gallery']) {
    // The WordPress plugin's stand-in, printed right after jQuery for a call made before this bridge arrived, gives
    // way; an original printed for a kept script stays.
    const present = fn[name] as (((...args: unknown[]) => unknown) & { vitrineStandIn?: boolean }) | undefined;
    if (typeof present === 'function' && !present.vitrineStandIn) continue;
    fn[name] = function (this: ArrayLike<Element>) {
      for (const element of Array.from(this)) window.vitrine?.rescan(element.parentElement ?? element);
      return this;
    };
  }
  provideVariationHelpers(fn);
}

/** A bus event as a caller kept it until the bridge was installed. */
export interface MissedEvent {
  name: VitrineEventName;
  payload: unknown;
  event: CustomEvent;
}

/** One bus event out to WooCommerce's jQuery event, or, without jQuery, the jQuery-free way. */
function relayOutbound(name: VitrineEventName, payload: unknown, event: CustomEvent): void {
  const outbound = OUTBOUND[name] as Outbound<typeof name> | undefined;
  if (!outbound || cameFromJQuery(event)) return;
  const $ = jquery();
  if (!$) {
    const { target, name: wcName, args = [] } = outbound(payload as never, ((element: unknown) => element) as never);
    // Every target is an element (body, a form, a gallery) or null when the page has no body yet.
    if (target) fireWithoutJQuery(target as Element, wcName, args);
    return;
  }
  attachInbound();
  const { target, name: jqName, args } = outbound(payload as never, $);
  try {
    relay(jqName, () => $(target).trigger(jqName, args));
  } catch (error) {
    console.error(`[vitrine] a jQuery listener of "${jqName}" threw`, error);
  }
}

/**
 * Starts the bridge. Safe to call more than once; jQuery may arrive after Vitrine. `missed`: events a caller kept
 * while the bridge's chunk loaded (src/analytics, for a tracker on a page without jQuery), relayed at the first install.
 */
export function installJQueryBridge(missed: readonly MissedEvent[] = []): void {
  provideScrollToNotices();
  provideWooCommercePlugins();
  const $ = jquery();
  if ($) sendTriggersToTheDom($);
  attachInbound();
  if (installed) return;
  installed = true;
  if (document.body) hearWithoutJQuery(INBOUND, INBOUND_ON_DOCUMENT);
  for (const name of Object.keys(OUTBOUND) as VitrineEventName[]) on(name, (payload, event) => relayOutbound(name, payload, event));
  // Events emitted before the bridge was there (an add answered while its chunk was on its way), relayed now, in order.
  for (const { name, payload, event } of missed) relayOutbound(name, payload, event);
  // Classic deferred scripts (jQuery) run in page order around our module; catch a late one.
  if (!inboundAttached) {
    document.addEventListener('DOMContentLoaded', attachInbound, { once: true });
    window.addEventListener('load', attachInbound, { once: true });
  }
}

/** Test hook. */
export function resetJQueryBridgeForTests(): void {
  inboundAttached = false;
}
