/**
 * The jQuery triggers that code written for WooCommerce's scripts fires and that no DOM listener would hear, sent on to
 * the DOM for Vitrine's widgets (docs/decisions.md, coexistence). Part of the jQuery bridge's chunk: only pages that
 * have jQuery load it.
 */
import type { JQueryStatic } from './jquery';

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
const HEARD_BY_JQUERY = 'vitrineHeardByJQuery';

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

/**
 * Links whose click a widget answers on the page, cancelling the navigation: an ajax add to cart, a mini-cart remove, a
 * product tab (themes open the reviews with `$('.reviews_tab a').trigger('click')`, which single-product.js answers).
 */
const ANSWERED_LINKS =
  'a.ajax_add_to_cart[data-product_id], .widget_shopping_cart_content a.remove_from_cart_button, :is(.wc-tabs-wrapper, .woocommerce-tabs) :is(.wc-tabs, ul.tabs) > li > a';

/**
 * Code written for WooCommerce's jQuery scripts speaks through jQuery's `trigger()`, which sends no DOM event where the
 * element has no method of that name (a field's `change`) or where jQuery will not call it (a link's `click`, which
 * would follow the link): Vitrine's DOM listeners, and the early-action hold of a widget still on its way, never
 * heard them. Two are sent to them as well:
 * - `$(field).val(x).trigger('change')`, as a theme's quantity buttons, an address lookup or a gateway set a field;
 * - `$(link).trigger('click')` on a link a widget answers (a quick view's or a bundle's add to cart), whose click is
 *   cancelled by the widget (or held while its code comes), so the browser never follows it while Vitrine runs.
 */
export function sendTriggersToTheDom($: JQueryStatic): void {
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
