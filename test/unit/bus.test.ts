import jQueryFactory from 'jquery';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit, on } from '../../src/bus';
import { installJQueryBridge, jqueryAllows, resetJQueryBridgeForTests } from '../../src/jquery-bridge';

type JQ = typeof jQueryFactory;

describe('event bus', () => {
  it('delivers typed payloads as CustomEvents on document.body and stops after unsubscribe', () => {
    const seen: string[] = [];
    const stop = on('fragments:refresh-requested', (payload) => seen.push(payload.reason));
    const bodyEvents: CustomEvent[] = [];
    document.body.addEventListener('vitrine:fragments:refresh-requested', (event) => bodyEvents.push(event as CustomEvent));
    emit('fragments:refresh-requested', { reason: 'first' });
    stop();
    emit('fragments:refresh-requested', { reason: 'second' });
    expect(seen).toEqual(['first']);
    expect(bodyEvents.map((event) => event.detail)).toEqual([{ reason: 'first' }, { reason: 'second' }]);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    const a = on('fragments:loaded', () => {
      throw new Error('bad listener');
    });
    const b = on('fragments:loaded', () => seen.push('b'));
    emit('fragments:loaded', {});
    a();
    b();
    expect(seen).toEqual(['b']);
    expect(error).toHaveBeenCalledOnce();
  });
});

describe('jQuery bridge', () => {
  let $: JQ;

  beforeEach(() => {
    // A real jQuery 3.7.1 from npm, bound to this window, as WordPress prints it.
    // With a window present the module is jQuery itself; without one it is a factory.
    const candidate = jQueryFactory as unknown as JQ;
    $ = candidate.fn ? candidate : (jQueryFactory as unknown as (w: Window) => JQ)(window);
    (window as unknown as { jQuery: JQ }).jQuery = $;
    resetJQueryBridgeForTests();
    installJQueryBridge();
  });

  afterEach(() => {
    $(document.body).off();
    $(document).off();
    delete (window as unknown as { jQuery?: JQ }).jQuery;
  });

  it("a quick view's $form.wc_variation_form() and $gallery.wc_product_gallery() on markup it inserted scan it and return the set; an original plugin printed for a kept script stays", () => {
    const rescan = vi.fn();
    (window as unknown as { vitrine?: unknown }).vitrine = { rescan };
    try {
      document.body.innerHTML = '<div class="panel"><form class="variations_form cart"></form><div class="woocommerce-product-gallery"></div></div>';
      const $form = $('form.variations_form') as unknown as { wc_variation_form(): unknown; find(selector: string): unknown };
      expect($form.wc_variation_form()).toBe($form);
      expect(rescan).toHaveBeenCalledWith(document.querySelector('.panel'));
      ($('.woocommerce-product-gallery') as unknown as { wc_product_gallery(): unknown }).wc_product_gallery();
      expect(rescan).toHaveBeenCalledTimes(2);
      // single-product.js printed for a theme script that depends on it: its plugin is the one that stays.
      const original = vi.fn();
      const fn = ($ as unknown as { fn: Record<string, unknown> }).fn;
      fn.wc_product_gallery = original;
      installJQueryBridge();
      expect(fn.wc_product_gallery).toBe(original);
      // The WordPress plugin's stand-in, printed after jQuery for a call made before the bridge, gives way to the bridge's.
      const standIn = Object.assign(() => undefined, { vitrineStandIn: true });
      fn.wc_variation_form = standIn;
      installJQueryBridge();
      expect(fn.wc_variation_form).not.toBe(standIn);
      ($('form.variations_form') as unknown as { wc_variation_form(): unknown }).wc_variation_form();
      expect(rescan).toHaveBeenCalledTimes(3);
    } finally {
      delete (window as unknown as { vitrine?: unknown }).vitrine;
      const fn = ($ as unknown as { fn: Record<string, unknown> }).fn;
      delete fn.wc_product_gallery;
      delete fn.wc_variation_form;
    }
  });

  it("add-to-cart-variation.js's helpers that swatch plugins call (YITH's $form.wc_variations_image_update(variation)) are there, and do what WooCommerce's do", async () => {
    document.body.innerHTML = `<div class="product"><div class="woocommerce-product-gallery images"><div class="woocommerce-product-gallery__image" data-thumb="/up/tee-100.jpg"><a href="/up/tee.jpg"><img class="wp-post-image" src="/up/tee-600.jpg" alt="Tee"></a></div></div>
      <form class="variations_form cart"></form><p class="sku">TEE</p></div>`;
    type Helpers = { wc_variations_image_update(v: unknown): unknown; wc_variations_image_reset(): unknown; wc_set_content(t: string): unknown; wc_reset_content(): unknown; wc_set_variation_attr(n: string, v: string | false): unknown; wc_reset_variation_attr(n: string): unknown };
    const $form = $('form.variations_form') as unknown as Helpers;
    const img = document.querySelector('img')!;
    const variation = { variation_id: 15, image_id: 99, image: { src: '/up/tee-blue-600.jpg', full_src: '/up/tee-blue.jpg', alt: 'Tee blue', gallery_thumbnail_src: '/up/tee-blue-100.jpg' } };
    expect($form.wc_variations_image_update(variation)).toBe($form);
    await vi.waitFor(() => expect(img.getAttribute('src')).toBe('/up/tee-blue-600.jpg'));
    expect(document.querySelector('.woocommerce-product-gallery__image a')!.getAttribute('href')).toBe('/up/tee-blue.jpg');
    $form.wc_variations_image_reset();
    await vi.waitFor(() => expect(img.getAttribute('src')).toBe('/up/tee-600.jpg'));
    const $sku = $('.sku') as unknown as Helpers;
    $sku.wc_set_content('TEE-BLUE');
    expect(document.querySelector('.sku')!.textContent).toBe('TEE-BLUE');
    $sku.wc_reset_content();
    expect(document.querySelector('.sku')!.textContent).toBe('TEE');
    const $img = $('img') as unknown as Helpers;
    $img.wc_set_variation_attr('alt', false);
    expect(img.hasAttribute('alt')).toBe(false);
    $img.wc_reset_variation_attr('alt');
    expect(img.getAttribute('alt')).toBe('Tee');
  });

  it("fires added_to_cart with WooCommerce's argument order [fragments, cart_hash, $button]", () => {
    document.body.innerHTML = '<a class="add_to_cart_button" data-product_id="10">Add</a>';
    const button = document.querySelector<HTMLElement>('a')!;
    const received: unknown[][] = [];
    $(document.body).on('added_to_cart', (_event, ...args: unknown[]) => received.push(args));
    const fragments = { 'div.widget_shopping_cart_content': '<div class="widget_shopping_cart_content">1</div>' };
    emit('cart:added', { fragments, cartHash: 'abc', button });
    expect(received).toHaveLength(1);
    const [sentFragments, hash, $button] = received[0]!;
    expect(sentFragments).toEqual(fragments);
    expect(hash).toBe('abc');
    expect(($button as { jquery?: string }).jquery).toBeTruthy();
    expect(($button as unknown as HTMLElement[])[0]).toBe(button);
  });

  it('fires found_variation on the form with the variation, and show_variation on .single_variation', () => {
    document.body.innerHTML = '<form class="variations_form"><div class="single_variation"></div></form>';
    const form = document.querySelector('form')!;
    const found: unknown[] = [];
    const shown: unknown[][] = [];
    $(form).on('found_variation', (_event, variation) => found.push(variation));
    $(form.querySelector('.single_variation')!).on('show_variation', (_event, ...args: unknown[]) => shown.push(args));
    const variation = { variation_id: 13, attributes: { attribute_pa_color: 'red' } };
    emit('variation:found', { form, variation });
    emit('variation:shown', { form, variation, purchasable: true });
    expect(found).toEqual([variation]);
    expect(shown).toEqual([[variation, true]]);
  });

  it('hands the gallery events the printed wc_single_product_params itself, as single-product.js does', () => {
    document.body.innerHTML = '<div class="woocommerce-product-gallery"></div>';
    const gallery = document.querySelector<HTMLElement>('.woocommerce-product-gallery')!;
    const params = { flexslider: { animation: 'slide' }, zoom_enabled: '1' };
    (window as { wc_single_product_params?: unknown }).wc_single_product_params = params;
    const heard: unknown[][] = [];
    $(gallery).on('wc-product-gallery-before-init wc-product-gallery-after-init', (_event, ...args: unknown[]) => heard.push(args));
    emit('gallery:before-init', { gallery });
    emit('gallery:after-init', { gallery });
    delete (window as { wc_single_product_params?: unknown }).wc_single_product_params;
    expect(heard).toEqual([
      [gallery, params],
      [gallery, params],
    ]);
    expect(heard[0]?.[1]).toBe(params);
  });

  it('forwards wc_fragment_refresh fired by other code to the bus', () => {
    const reasons: string[] = [];
    const stop = on('fragments:refresh-requested', (payload) => reasons.push(payload.reason));
    $(document.body).trigger('wc_fragment_refresh');
    $(document.body).trigger('updated_wc_div');
    stop();
    expect(reasons).toEqual(['wc_fragment_refresh', 'updated_wc_div']);
  });

  it("forwards cart.js's wc_update_cart, fired on document or on body, with its preserve_notices argument", () => {
    const asked: boolean[] = [];
    const stop = on('cart:update-requested', (payload) => asked.push(payload.preserveNotices));
    $(document).trigger('wc_update_cart');
    $(document.body).trigger('wc_update_cart', [true]);
    stop();
    // Heard once each: the one fired on body bubbles to document, where cart.js listens, and is not heard twice.
    expect(asked).toEqual([false, true]);
  });

  it("a change triggered with jQuery (a theme's quantity buttons, an address lookup) reaches DOM listeners too, once; jQuery's handlers keep jQuery's semantics", () => {
    document.body.innerHTML = '<form><input class="qty" name="qty" value="1"></form>';
    const input = document.querySelector('input')!;
    const heard: string[] = [];
    document.body.addEventListener('change', (event) => heard.push(`dom:${(event.target as HTMLInputElement).value}`));
    $(input).on('change', (event, extra?: string) => heard.push(`jquery:${input.value}:${(event as { isTrigger?: unknown }).isTrigger ? 'trigger' : 'dom'}:${extra ?? ''}`));
    $(input).val('2').trigger('change', ['extra']);
    // jQuery's handlers first, as a trigger (isTrigger, the extra argument), then the DOM event, which jQuery's handlers do not hear again.
    expect(heard).toEqual(['jquery:2:trigger:extra', 'dom:2']);
    // A namespaced trigger is for that namespace's handlers (select2's `change.select2`): no DOM event, and not this handler.
    $(input).trigger('change.select2');
    // triggerHandler runs jQuery's handlers on the element alone, as jQuery documents it.
    $(input).triggerHandler('change');
    expect(heard).toEqual(['jquery:2:trigger:extra', 'dom:2', 'jquery:2:trigger:']);
    // A handler that prevents the default (return false) keeps the DOM event from being sent, as it would keep a native method from running.
    $(input).on('change.stop', () => false);
    $(input).trigger('change');
    expect(heard.filter((entry) => entry.startsWith('dom:'))).toHaveLength(1);
    $(input).off('change.stop');
    // A shopper's own change reaches jQuery's handlers once, as ever; installing again (the entry does at load) wraps nothing twice.
    installJQueryBridge();
    heard.length = 0;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(heard).toEqual(['jquery:2:dom:', 'dom:2']);
  });

  it('a click triggered with jQuery on a link a widget answers (an ajax add to cart) reaches DOM listeners too; any other link stays jQuery\'s', () => {
    document.body.innerHTML = '<a class="button ajax_add_to_cart" data-product_id="10" href="?add-to-cart=10">Add</a><a class="other" href="#elsewhere">Other</a>';
    const heard: string[] = [];
    // Nothing here cancels the click (no add-to-cart widget answers it): it must still not follow the link, as jQuery never would.
    document.body.addEventListener('click', (event) => heard.push(`dom:${(event.target as Element).className}`));
    $(document.body).on('click', 'a', (event) => heard.push(`jquery:${(event.currentTarget as Element).className}`));
    const before = location.href;
    $('a.ajax_add_to_cart').trigger('click');
    $('a.other').trigger('click');
    expect(heard).toEqual(['jquery:button ajax_add_to_cart', 'dom:button ajax_add_to_cart', 'jquery:other']);
    expect(location.href).toBe(before);
    // A checkbox's click is still jQuery's own (it clicks natively and toggles once).
    document.body.innerHTML = '<input type="checkbox" id="box">';
    $('#box').trigger('click');
    expect(document.querySelector<HTMLInputElement>('#box')!.checked).toBe(true);
  });

  it('the DOM event of a trigger is sent as jQuery sends a native one: the target\'s onchange runs once, a stopped propagation stops there, and a link is never followed', () => {
    document.body.innerHTML = '<form id="f"><p class="row"><select id="s"><option>a</option><option>b</option></select></p></form><div class="card"><a class="ajax_add_to_cart" data-product_id="7" href="#followed">Add</a></div>';
    const select = document.querySelector<HTMLSelectElement>('#s')!;
    let property = 0;
    select.onchange = () => {
      property += 1;
    };
    const formHeard: string[] = [];
    document.getElementById('f')!.addEventListener('change', () => formHeard.push('form'));
    $(select).val('b').trigger('change');
    // jQuery's trigger ran the onchange property itself; the DOM event does not run it again.
    expect(property).toBe(1);
    expect(formHeard).toEqual(['form']);
    // A jQuery handler on the row stops the trigger's propagation: the DOM event stops at the row too.
    $('p.row').on('change', (event) => event.stopPropagation());
    $(select).trigger('change');
    expect(formHeard).toEqual(['form']);
    // A quick view's own listener stops the click on its way up (to stay open): the link is still not followed.
    document.querySelector('.card')!.addEventListener('click', (event) => event.stopPropagation());
    const before = location.href;
    $('a.ajax_add_to_cart').trigger('click');
    expect(location.href).toBe(before);
  });

  it('never bounces an event back: ours reaches jQuery once, theirs reaches the bus once', () => {
    let jqueryCount = 0;
    let busCount = 0;
    $(document.body).on('added_to_cart', () => {
      jqueryCount += 1;
    });
    const stop = on('cart:added', () => {
      busCount += 1;
    });
    emit('cart:added', { fragments: {}, cartHash: 'h', button: null });
    expect({ jqueryCount, busCount }).toEqual({ jqueryCount: 1, busCount: 1 });
    $(document.body).trigger('added_to_cart', [{}, 'h2', $()]);
    stop();
    expect({ jqueryCount, busCount }).toEqual({ jqueryCount: 2, busCount: 2 });
  });

  it('lets a jQuery handler veto with triggerHandler, as should_send_ajax_request.adding_to_cart does', () => {
    document.body.innerHTML = '<a class="ajax_add_to_cart">Add</a>';
    const button = document.querySelector('a')!;
    expect(jqueryAllows('should_send_ajax_request.adding_to_cart', button, [button])).toBe(true);
    $(button).on('should_send_ajax_request.adding_to_cart', () => false);
    expect(jqueryAllows('should_send_ajax_request.adding_to_cart', button, [button])).toBe(false);
  });
});
