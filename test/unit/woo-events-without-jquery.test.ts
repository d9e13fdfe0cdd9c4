import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import jQueryFactory from 'jquery';
import { emit, on } from '../../src/bus';
import { installJQueryBridge, resetJQueryBridgeForTests } from '../../src/jquery-bridge';

// Pages without jQuery (src/jquery-free-events.ts, through the bridge): WooCommerce's events still reach code written
// for them, the way WooCommerce's own jQuery-free scripts fire them (a DOM event named as the jQuery one) and the way
// jQuery's trigger calls `on<event>` properties, which analytics integrations use (Google Analytics for WooCommerce
// sets document.body.onadded_to_cart).

type Handler = (...args: unknown[]) => unknown;
const props = () => [document.body, document.documentElement, document, window] as unknown as Record<string, Handler | undefined>[];

describe('WooCommerce events without jQuery (src/jquery-free-events.ts)', () => {
  let button: HTMLElement;
  const fragments = { 'div.widget_shopping_cart_content': '<div class="widget_shopping_cart_content">1</div>' };

  beforeEach(() => {
    delete (window as { jQuery?: unknown }).jQuery;
    document.body.innerHTML = '<ul class="products"><li><a class="add_to_cart_button" data-product_id="10">Add</a></li></ul>';
    button = document.querySelector('a')!;
    resetJQueryBridgeForTests();
    installJQueryBridge();
  });

  afterEach(() => {
    for (const target of props()) delete target.onadded_to_cart;
    delete (window as { jQuery?: unknown }).jQuery;
  });

  it("added_to_cart goes out as a DOM event on body with [fragments, cart_hash, button], and each on<event> property on jQuery's path is called with jQuery's arguments", () => {
    const heard: unknown[] = [];
    const onBody = vi.fn(function (this: unknown, ...args: unknown[]) {
      heard.push(['body', this, ...args]);
    });
    const onDocument = vi.fn(() => heard.push(['document']));
    const onWindow = vi.fn(() => heard.push(['window']));
    Object.assign(document.body, { onadded_to_cart: onBody });
    Object.assign(document, { onadded_to_cart: onDocument });
    Object.assign(window, { onadded_to_cart: onWindow });
    const domEvents: CustomEvent[] = [];
    const listener = (event: Event) => domEvents.push(event as CustomEvent);
    document.body.addEventListener('added_to_cart', listener);

    emit('cart:added', { fragments, cartHash: 'abc', button });

    // Google Analytics for WooCommerce (older releases): `button[0].dataset.product_id`. (happy-dom also calls any
    // on<type> property for a DOM event of that type, which browsers do only for their own events: the calls with
    // jQuery's arguments are the bridge's; test/e2e/analytics-tracker.test.ts counts them in Chromium.)
    const jqueryCalls = onBody.mock.calls.filter((args) => Array.isArray(args[3]));
    expect(jqueryCalls).toHaveLength(1);
    const [, self, event, gotFragments, hash, $button] = heard.find((row) => Array.isArray((row as unknown[])[5])) as [string, unknown, { type: string; target: unknown }, unknown, unknown, HTMLElement[]];
    expect([self, event.type, event.target, gotFragments, hash]).toEqual([document.body, 'added_to_cart', document.body, fragments, 'abc']);
    expect($button[0]?.dataset.product_id).toBe('10');
    // The path jQuery's trigger takes: the element, then up to the document and the window.
    // (The bridge calls them before it dispatches the DOM event, whose on<type> calls happy-dom adds after.)
    expect(heard.slice(0, 3).map((row) => (row as unknown[])[0])).toEqual(['body', 'document', 'window']);
    // Google Analytics for WooCommerce (newer releases) and WooCommerce's own jQuery-free scripts: a DOM event.
    expect(domEvents).toHaveLength(1);
    expect([domEvents[0]!.bubbles, domEvents[0]!.detail]).toEqual([true, [fragments, 'abc', button]]);
    document.body.removeEventListener('added_to_cart', listener);
  });

  it('a throwing on<event> handler is logged, and the DOM event still goes out', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    Object.assign(document.body, {
      onadded_to_cart: () => {
        throw new Error('tracker broke');
      },
    });
    const domEvents = vi.fn();
    document.body.addEventListener('added_to_cart', domEvents);
    emit('cart:added', { fragments, cartHash: 'abc', button });
    expect(error).toHaveBeenCalledWith('[vitrine] an onadded_to_cart handler threw', expect.any(Error));
    expect(domEvents).toHaveBeenCalledTimes(1);
    document.body.removeEventListener('added_to_cart', domEvents);
  });

  it("another jQuery-free script's added_to_cart reaches the bus (its fragments applied); one without fragments asks for a refresh; Vitrine's own is not heard back", () => {
    const added = vi.fn();
    const refresh = vi.fn();
    const stops = [on('cart:added', added), on('fragments:refresh-requested', refresh)];
    // Vitrine's own add: out once, never back in.
    emit('cart:added', { fragments, cartHash: 'mine', button });
    expect(added).toHaveBeenCalledTimes(1);
    // A plugin's, with WooCommerce's field names.
    document.body.dispatchEvent(new CustomEvent('added_to_cart', { bubbles: true, detail: { fragments, cart_hash: 'theirs' } }));
    expect(added).toHaveBeenCalledTimes(2);
    expect(added.mock.calls[1]![0]).toMatchObject({ fragments, cartHash: 'theirs' });
    // One that only says something was added.
    document.body.dispatchEvent(new CustomEvent('added_to_cart', { bubbles: true }));
    expect(added).toHaveBeenCalledTimes(2);
    expect(refresh).toHaveBeenCalledWith({ reason: 'added_to_cart' }, expect.anything());
    for (const stop of stops) stop();
  });

  it('with jQuery on the page, no DOM event goes out: jQuery calls the on<event> property itself, once', () => {
    const candidate = jQueryFactory as unknown as { fn?: unknown };
    (window as { jQuery?: unknown }).jQuery = candidate.fn ? candidate : (jQueryFactory as unknown as (w: Window) => unknown)(window);
    installJQueryBridge();
    const onBody = vi.fn();
    Object.assign(document.body, { onadded_to_cart: onBody });
    const domEvents = vi.fn();
    document.body.addEventListener('added_to_cart', domEvents);
    emit('cart:added', { fragments, cartHash: 'abc', button });
    expect(onBody).toHaveBeenCalledTimes(1);
    expect(Array.isArray(onBody.mock.calls[0]![3])).toBe(false); // jQuery's own $button, not the bridge's list
    expect(domEvents).not.toHaveBeenCalled();
    document.body.removeEventListener('added_to_cart', domEvents);
  });
});
