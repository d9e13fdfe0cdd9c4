/**
 * The events theme and plugin code triggers INTO a variation form, as it does with WooCommerce's
 * add-to-cart-variation.js, which listens to them on the form:
 * - `check_variations`, `update_variation_values`: re-evaluate the selects now (code set a value
 *   without a change event). Both re-run matching and option filtering here: one consistent state.
 * - `reload_product_variations`: re-read the variations (the attribute, or jQuery's `.data()`), then re-evaluate.
 * - `reset_data`: hide the shown variation and put the product details back (the choices stay).
 * - `click` on `.reset_variations` fired with jQuery's `trigger()` on the link, which jQuery does not click natively.
 *   (A `change` on an attribute select fired with `trigger()` is a DOM event: src/jquery-bridge.ts makes it one.)
 * Only with jQuery on the page; the events we fire ourselves (reset_data, …) are not taken back in.
 */
import { emit } from '../../src/bus';
import type { VariationData } from '../../src/events';
import { type JQueryEventLike, jqueryData, onJQuery } from '../../src/jquery';
import type { VariationStore } from '../../src/variation/store';
import type { FormView } from './form-view';
import { readVariations, variationsFrom } from './schema';

/** jQuery's `trigger()` dispatches no DOM event, so the browser's events are the ones with an original. */
const triggeredByCode = (event: JQueryEventLike) => event.originalEvent === undefined;

export function listenToThemeTriggers(form: HTMLFormElement, store: VariationStore, view: FormView): () => void {
  const readReloaded = variationsReader(form);
  const stops = [
    onJQuery(form, 'check_variations update_variation_values', () => store.check()),
    onJQuery(form, 'reload_product_variations', () => {
      const variations = readReloaded();
      if (variations === undefined) store.check();
      else store.reload(variations);
    }),
    onJQuery(form, 'reset_data', () => {
      view.clearDisplayed();
      // Bus listeners hear it too; marked as jQuery's, so the bridge does not send it back.
      emit('variation:reset', { form }, 'jquery');
    }),
    listenToResetClicks(form, view),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * What `reload_product_variations` should load: the attribute when code replaced it, else what code
 * stored with jQuery's `.data('product_variations', …)` (WooCommerce itself reads `.data()`).
 * undefined: nothing readable, keep the current variations.
 */
function variationsReader(form: HTMLFormElement): () => VariationData[] | null | undefined {
  let attribute = form.getAttribute('data-product_variations');
  return () => {
    const current = form.getAttribute('data-product_variations');
    const replaced = current !== attribute;
    attribute = current;
    try {
      if (replaced) return readVariations(form);
      const stored = jqueryData(form, 'product_variations');
      return stored === undefined ? undefined : variationsFrom(stored);
    } catch (error) {
      // A broken reload must not break the form: it keeps the variations it has.
      console.error('[vitrine] variation-form: reload_product_variations ignored,', error instanceof Error ? error.message : error, form);
      return undefined;
    }
  };
}

/**
 * `$('.reset_variations').trigger('click')`: jQuery runs its handlers, then clicks natively, except on
 * links. Wait one microtask to see whether the native click (which the view handles) followed.
 */
function listenToResetClicks(form: HTMLFormElement, view: FormView): () => void {
  let pending: Element | null = null;
  const onNativeClick = (event: Event) => {
    if (pending && event.target instanceof Node && pending.contains(event.target)) pending = null;
  };
  form.addEventListener('click', onNativeClick, true);
  const stop = onJQuery(form, 'click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('.reset_variations') : null;
    if (!link || !triggeredByCode(event) || !form.contains(link)) return;
    pending = link;
    queueMicrotask(() => {
      if (pending !== link) return;
      pending = null;
      view.resetSelection();
    });
  });
  return () => {
    stop();
    form.removeEventListener('click', onNativeClick, true);
  };
}
