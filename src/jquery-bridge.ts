import { cameFromJQuery, emit, on } from './bus';
import type { VitrineEventName, VitrineEvents } from './events';
import { isRelaying, type JQueryStatic, jquery, relay } from './jquery';

// Widgets import the helpers from ./jquery; tests and older imports still find them here.
export { type JQueryEventLike, jqueryAllows, jqueryData, onJQuery, triggerJQuery } from './jquery';

/**
 * Speaks WooCommerce's jQuery events for theme and plugin code that still listens to them,
 * with WooCommerce's argument order, and forwards the ones other code fires to the bus.
 * An event relayed one way is never relayed back.
 */

/** Where WooCommerce fires an event and with which arguments; `$` wraps elements as jQuery objects. */
type Outbound<K extends VitrineEventName> = (
  payload: VitrineEvents[K],
  $: JQueryStatic,
) => { target: unknown; name: string; args?: unknown[] };

const body = () => document.body;

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
  'gallery:before-init': (p) => ({ target: p.gallery, name: 'wc-product-gallery-before-init', args: [p.gallery, {}] }),
  'gallery:after-init': (p) => ({ target: p.gallery, name: 'wc-product-gallery-after-init', args: [p.gallery, {}] }),
  // cart.js
  'cart:page-updated': (p) => ({ target: body(), name: p.reason === 'updated_cart_totals' ? 'updated_cart_totals' : 'updated_wc_div' }),
  'cart:totals-updated': () => ({ target: body(), name: 'updated_cart_totals' }),
  'cart:emptied': () => ({ target: body(), name: 'wc_cart_emptied' }),
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
  added_to_cart: ([fragments, cartHash, $button]) =>
    emit('cart:added', { fragments: asFragments(fragments), cartHash: String(cartHash ?? ''), button: firstElement($button) }, 'jquery'),
  removed_from_cart: ([fragments, cartHash, $button]) =>
    emit('cart:removed', { fragments: asFragments(fragments), cartHash: String(cartHash ?? ''), button: firstElement($button) }, 'jquery'),
};

/**
 * jQuery events other code fires that WooCommerce hears on `document` (cart.js's `wc_update_cart`): fired there or on
 * any element below, as a quantity plugin does on `document` and others on `body`.
 */
const INBOUND_ON_DOCUMENT: Record<string, (args: unknown[]) => void> = {
  wc_update_cart: ([preserveNotices]) => emit('cart:update-requested', { preserveNotices: Boolean(preserveNotices) }, 'jquery'),
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

/** A jQuery event as the special-event hooks get it. */
type HookedEvent = {
  target: EventTarget | null;
  namespace?: string;
  originalEvent?: Event;
  isPropagationStopped?: () => boolean;
  /** The element whose jQuery handlers ran last (where a stopped propagation stopped). */
  delegateTarget?: EventTarget | null;
};
type SpecialEvent = {
  _default?: (this: unknown, event: HookedEvent, ...args: unknown[]) => boolean | undefined;
  preDispatch?: (this: unknown, event: HookedEvent) => boolean | undefined;
};
type Specials = Record<string, SpecialEvent | undefined>;

/**
 * Set on a DOM event dispatched for a jQuery trigger whose handlers have already run (and copied with it when the
 * early-action hold replays the event, mount/replay.ts): jQuery's handlers must not hear it a second time.
 */
export const HEARD_BY_JQUERY = 'vitrineHeardByJQuery';

/** Marks the hooks set here, so installing the bridge again (at load, for a late jQuery) does not wrap them twice. */
const OURS = Symbol('vitrine');

/**
 * After a `trigger(type)` has run jQuery's handlers, and when none of them prevented the default, the elements `when`
 * accepts get `event()` dispatched on them: the DOM event jQuery does not send there, for the listeners that are not
 * jQuery's (the widgets', the early-action hold), without its default action (sendToTheDom). jQuery's handlers have
 * had it with jQuery's own semantics (`isTrigger`, extra arguments, namespaces) and skip the DOM one (`preDispatch`).
 * Done in jQuery's special-event `_default` hook, where jQuery itself calls an element's native method for a trigger;
 * a namespaced trigger (`change.select2`, meant for one plugin's handlers) sends nothing. `triggerHandler` never
 * reaches the hook.
 */
function dispatchAfterTrigger(specials: Specials, type: string, when: (target: Element) => boolean, event: () => Event): void {
  const earlier = specials[type];
  if (earlier && OURS in earlier) return;
  specials[type] = {
    ...earlier,
    [OURS]: true,
    _default(triggered, ...args) {
      const { target } = triggered;
      if (triggered.namespace || !(target instanceof Element) || !when(target)) return earlier?._default?.call(this, triggered, ...args);
      // An element code added in this same task (a quick view's markup, then its trigger) is not known to the mount
      // layer yet, whose observer runs after the task: scanned now, a widget still to load holds the event for itself.
      if (target.isConnected) (window as { vitrine?: { rescan?: (root: ParentNode) => void } }).vitrine?.rescan?.(target);
      sendToTheDom(triggered, target, event());
      // True: jQuery calls no native method after this (a link's click would follow it).
      return true;
    },
    preDispatch(heard) {
      if ((heard.originalEvent as unknown as Record<string, unknown> | undefined)?.[HEARD_BY_JQUERY]) return false;
      return earlier?.preDispatch?.call(this, heard);
    },
  } as SpecialEvent;
}

/**
 * Dispatches `dom` for a trigger jQuery has run, as jQuery runs an element's native method for one: the target's own
 * `on<type>` property (which jQuery's trigger called already) is left out, and a propagation a jQuery handler stopped
 * stops at the same element. And it never does what jQuery would not do: follow a link nobody cancelled, even when a
 * listener on the way stops the event before the last one.
 */
function sendToTheDom(triggered: HookedEvent, target: Element, dom: Event): void {
  Object.defineProperty(dom, HEARD_BY_JQUERY, { value: true, enumerable: true });
  for (const method of ['stopPropagation', 'stopImmediatePropagation'] as const) {
    const stop = dom[method].bind(dom);
    dom[method] = () => {
      dom.preventDefault();
      stop();
    };
  }
  const neverFollow = (heard: Event) => heard === dom && heard.preventDefault();
  const stoppedAt = triggered.isPropagationStopped?.() ? triggered.delegateTarget : null;
  const stopThere = (heard: Event) => heard === dom && heard.stopPropagation();
  const handlers = target as unknown as Record<string, unknown>;
  const property = `on${dom.type}`;
  const own = handlers[property];
  if (own) handlers[property] = null;
  window.addEventListener(dom.type, neverFollow);
  stoppedAt?.addEventListener(dom.type, stopThere);
  try {
    target.dispatchEvent(dom);
  } finally {
    window.removeEventListener(dom.type, neverFollow);
    stoppedAt?.removeEventListener(dom.type, stopThere);
    if (own) handlers[property] = own;
  }
}

/** Links whose click a widget answers on the page, cancelling the navigation: an ajax add to cart, a mini-cart remove. */
const ANSWERED_LINKS = 'a.ajax_add_to_cart[data-product_id], .widget_shopping_cart_content a.remove_from_cart_button';

/**
 * Code written for WooCommerce's jQuery scripts speaks through jQuery's `trigger()`, which sends no DOM event where the
 * element has no method of that name (a field's `change`) or where jQuery will not call it (a link's `click`, which
 * would follow the link): Vitrine's DOM listeners, and the early-action hold of a widget still on its way, never
 * heard them. Two are sent to them as well:
 * - `$(field).val(x).trigger('change')`, as a theme's quantity buttons, an address lookup or a gateway set a field;
 * - `$(link).trigger('click')` on a link a widget answers (a quick view's or a bundle's add to cart), whose click is
 *   cancelled by the widget (or held while its code comes), so the browser never follows it while Vitrine runs.
 */
function sendTriggersToTheDom($: JQueryStatic): void {
  const specials = ($ as JQueryStatic & { event?: { special?: Specials } }).event?.special;
  if (!specials) return;
  dispatchAfterTrigger(specials, 'change', () => true, () => new Event('change', { bubbles: true }));
  dispatchAfterTrigger(
    specials,
    'click',
    (target) => target instanceof HTMLAnchorElement && target.matches(ANSWERED_LINKS),
    () => new MouseEvent('click', { bubbles: true, cancelable: true, view: window }),
  );
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

/** Starts the bridge. Safe to call more than once; jQuery may arrive after Vitrine. */
export function installJQueryBridge(): void {
  provideScrollToNotices();
  const $ = jquery();
  if ($) sendTriggersToTheDom($);
  attachInbound();
  if (installed) return;
  installed = true;
  for (const name of Object.keys(OUTBOUND) as VitrineEventName[]) {
    on(name, (payload, event) => {
      const $ = jquery();
      if (!$ || cameFromJQuery(event)) return;
      attachInbound();
      const { target, name: jqName, args } = (OUTBOUND[name] as Outbound<typeof name>)(payload as never, $);
      try {
        relay(jqName, () => $(target).trigger(jqName, args));
      } catch (error) {
        console.error(`[vitrine] a jQuery listener of "${jqName}" threw`, error);
      }
    });
  }
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
