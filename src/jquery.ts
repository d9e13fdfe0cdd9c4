/**
 * What widgets ask of jQuery when a page still has it: WooCommerce's yes/no questions, its events with
 * no bus equivalent, listening to events theme code fires, `.data()`. Without jQuery each is a no-op.
 * The two-way event bridge (src/jquery-bridge.ts) is a separate chunk, loaded only where jQuery is (or where Google
 * Analytics for WooCommerce's tracker needs WooCommerce's events without it: src/analytics).
 */

/** A jQuery event as our listeners see it. */
export interface JQueryEventLike {
  type: string;
  target: EventTarget | null;
  /** The browser's event; absent when code called jQuery's `trigger()`, which dispatches no DOM event. */
  originalEvent?: Event;
  /** Keeps jQuery's `trigger()` from calling the element's own method afterwards (`form.submit()`). */
  preventDefault?: () => void;
}

interface JQueryObject {
  trigger(name: string, args?: unknown[]): JQueryObject;
  triggerHandler(name: string, args?: unknown[]): unknown;
  on(names: string, handler: (event: JQueryEventLike, ...args: unknown[]) => void): JQueryObject;
  off(names: string, handler?: (...args: never[]) => void): JQueryObject;
  data(key: string): unknown;
}
export type JQueryStatic = (target: unknown) => JQueryObject;

export function jquery(): JQueryStatic | undefined {
  const candidate = (window as unknown as { jQuery?: unknown }).jQuery;
  return typeof candidate === 'function' ? (candidate as JQueryStatic) : undefined;
}

/** The jQuery event we are triggering right now: its inbound echo must be ignored. */
let relaying: string | null = null;

/** True while we trigger `type` ourselves: a listener must not relay that echo back. */
export function isRelaying(type: string): boolean {
  return relaying === type;
}

/**
 * Triggers through jQuery with the echo guard up. A listener may make us trigger another event
 * meanwhile (found_variation → a theme's check_variations → reset_data): the outer guard comes back after.
 */
export function relay(name: string, run: () => void): void {
  const outer = relaying;
  relaying = name;
  try {
    run();
  } finally {
    relaying = outer;
  }
}

/** Elements reach jQuery listeners as jQuery objects, as WooCommerce passes `$button`. */
const asJQueryArgs = ($: JQueryStatic, args: unknown[]) => args.map((arg) => (arg instanceof Element ? $(arg) : arg));

/**
 * Asks jQuery listeners a yes/no question the way WooCommerce does with triggerHandler
 * (e.g. `should_send_ajax_request.adding_to_cart`). False only when a listener returned false.
 */
export function jqueryAllows(name: string, target: Element, args: unknown[] = []): boolean {
  const $ = jquery();
  if (!$) return true;
  return $(target).triggerHandler(name, asJQueryArgs($, args)) !== false;
}

/** Fires a WooCommerce jQuery event that has no bus equivalent (e.g. `ajax_request_not_sent.adding_to_cart`); elements in `args` go as jQuery objects. */
export function triggerJQuery(target: Element, name: string, args: unknown[] = []): void {
  const $ = jquery();
  if (!$) return;
  relay(name, () => $(target).trigger(name, asJQueryArgs($, args)));
}

/**
 * Listens to jQuery events that theme or plugin code triggers on `target` (WooCommerce's inbound
 * events, e.g. `check_variations` on a variation form), skipping the ones we are relaying ourselves.
 * Returns the function that stops listening; without jQuery it listens to nothing.
 */
export function onJQuery(target: Element, names: string, handler: (event: JQueryEventLike, args: unknown[]) => void): () => void {
  const $ = jquery();
  if (!$) return () => {};
  const listener = (event: JQueryEventLike, ...args: unknown[]) => {
    if (!isRelaying(event.type)) handler(event, args);
  };
  $(target).on(names, listener);
  return () => {
    $(target).off(names, listener);
  };
}

/** What jQuery's `.data(key)` holds for an element: what code stored with `.data(key, value)`, else the parsed `data-` attribute. */
export function jqueryData(target: Element, key: string): unknown {
  return jquery()?.(target).data(key);
}
