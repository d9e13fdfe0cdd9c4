/**
 * WooCommerce's events on a page without jQuery, for the bridge (src/jquery-bridge.ts, loaded then for an analytics
 * tracker: src/analytics): out as WooCommerce's own jQuery-free scripts fire theirs, and in when another such script
 * fires them. Same chunk as the bridge.
 */
import { emit } from './bus';
import { jquery } from './jquery';

/** True while an event goes out from here: the listeners below must not hear it as another script's. */
let dispatching = false;

/**
 * A WooCommerce event out the jQuery-free way (ajax-add-to-cart.js: a bubbling, cancelable CustomEvent on the same
 * element, the arguments in `detail`, elements as themselves), after calling the `on<name>` properties that jQuery's
 * trigger would call: the element's, its ancestors', the document's and the window's, with jQuery's arguments (an
 * element as a one-item list, as `$(element)` gives `[0]`). Analytics integrations hear WooCommerce that way: Google
 * Analytics for WooCommerce sets `document.body.onadded_to_cart` (older releases) or listens for `added_to_cart` on
 * body (newer ones).
 */
export function fireWithoutJQuery(target: EventTarget, name: string, args: unknown[]): void {
  const event = { type: name, target, isTrigger: 3, namespace: '', preventDefault() {}, isDefaultPrevented: () => false };
  const jqueryArgs = args.map((arg) => (arg instanceof Element ? [arg] : arg));
  for (let node: object | null = target; node; node = node === document ? window : node === window ? null : ((node as Node).parentNode ?? null)) {
    const handler = (node as Record<string, unknown>)[`on${name}`];
    if (typeof handler !== 'function') continue;
    try {
      handler.apply(node, [{ ...event, currentTarget: node }, ...jqueryArgs]);
    } catch (error) {
      console.error(`[vitrine] an on${name} handler threw`, error);
    }
  }
  dispatching = true;
  try {
    target.dispatchEvent(new CustomEvent(name, { bubbles: true, cancelable: true, detail: args }));
  } finally {
    dispatching = false;
  }
}

type Handlers = Record<string, (args: unknown[]) => void>;

/**
 * Hears the events of `onBody` on body and of `onDocument` on document when another jQuery-free script fires them as
 * DOM events, `detail` as the argument list or as `{fragments, cart_hash}`; the handlers get jQuery's arguments.
 */
export function hearWithoutJQuery(onBody: Handlers, onDocument: Handlers): void {
  const argumentsOf = (event: Event) => {
    const detail = (event as CustomEvent).detail as unknown;
    if (Array.isArray(detail)) return detail;
    const named = (detail ?? {}) as { fragments?: unknown; cart_hash?: unknown; cartHash?: unknown; button?: unknown };
    return [named.fragments, named.cart_hash ?? named.cartHash, named.button];
  };
  const hear = (handlers: Handlers) => (event: Event) => {
    if (dispatching || jquery()) return;
    const [fragments, ...rest] = argumentsOf(event);
    // An add announced without its fragments: the mini cart asks the server for them.
    if ((event.type === 'added_to_cart' || event.type === 'removed_from_cart') && !(fragments && typeof fragments === 'object')) {
      emit('fragments:refresh-requested', { reason: event.type }, 'jquery');
      return;
    }
    handlers[event.type]?.([fragments, ...rest.map((arg) => (arg instanceof Element ? [arg] : arg))]);
  };
  for (const name of ['wc_fragment_refresh', 'added_to_cart', 'removed_from_cart']) document.body.addEventListener(name, hear(onBody));
  for (const name of Object.keys(onDocument)) document.addEventListener(name, hear(onDocument));
}
