/**
 * Drives the server's variation form from the shared variation state: option filtering, the single
 * variation block, the button, the quantity, the reset link and its announcement, the no-match and
 * error notices, and WooCommerce's events. Everything keeps WooCommerce's classes and attributes.
 */
import { emit } from '../../src/bus';
import { spacePressesLinks } from '../../src/dom';
import type { VariationData } from '../../src/events';
import type { VariationCause, VariationState, VariationStore } from '../../src/variation/store';
import { updateGalleryImage } from './gallery-image';
import { blockedMessage, buttonBlock, quantityFor } from './logic';
import { resetVariationDetails, showVariationDetails } from './product-details';
import type { VariationFormProps } from './schema';
import { readTemplate, renderTemplate, TemplateNotFoundError } from './template';

/** Spec §9: the found variation's block is shown 300 ms after the match (quick re-choices never flash). */
export const FOUND_DISPLAY_DELAY = 300;
const BUSY_CLASS = 'vitrine-variation-loading';
const NOTICE_CLASS = 'vitrine-variation-notice';

export interface FormView {
  /** What the reset link does: clear every attribute, announce it, focus the first attribute. */
  resetSelection(): void;
  /**
   * What WooCommerce's `reset_data` does: hide the shown variation and put the SKU, weight, dimensions,
   * image and button back, keeping the chosen values (the next evaluation shows it again).
   */
  clearDisplayed(): void;
  detach(): void;
}

export function attachFormView(form: HTMLFormElement, store: VariationStore, props: VariationFormProps): FormView {
  const q = <T extends Element>(selector: string) => form.querySelector<T>(selector);
  const button = q<HTMLElement>('.single_add_to_cart_button');
  const wrapper = q<HTMLElement>('.woocommerce-variation-add-to-cart');
  const block = q<HTMLElement>('.single_variation');
  const resetAlert = q<HTMLElement>('.reset_variations_alert');
  const variationIds = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="variation_id"], input.variation_id'));
  const quantityWrap = q<HTMLElement>('.single_variation_wrap .quantity');
  const quantity = quantityWrap?.querySelector<HTMLInputElement>('input.qty') ?? null;
  const serverQuantity = quantity ? { min: quantity.getAttribute('min'), max: quantity.getAttribute('max') } : null;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  // The variation objects on display, compared by identity: a reload_product_variations may bring the
  // same variation_id with a new price or image, which must be shown; a re-evaluation brings the same object.
  let shown: VariationData | null = null;
  let imaged: VariationData | null = null;
  // A click on the button while get_variation was answering: replayed when the answer allows it.
  let addWhenFound = false;
  // A change of the choice whose `woocommerce_variation_has_changed` is still to come: add-to-cart-variation.js fires it
  // after its check_variations, with the variation id, the options and found_variation up to date (in ajax mode, with
  // the request sent). Plugins read the form then (WooPayments' express button re-prices from the button's state).
  let changeToAnnounce = false;

  const later = (fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
    return timer;
  };

  function setVariationId(value: string): void {
    for (const input of variationIds) {
      if (input.value === value) continue;
      input.value = value;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }

  function setButton(state: VariationState): void {
    showButtonBlock(buttonBlock(state));
  }

  function showButtonBlock(block: ReturnType<typeof buttonBlock>): void {
    if (button) {
      button.classList.toggle('disabled', block !== null);
      button.classList.toggle('wc-variation-selection-needed', block === 'selection-needed');
      button.classList.toggle('wc-variation-is-unavailable', block === 'unavailable');
      // The class, not the attribute: the button must stay focusable and clickable to explain itself.
      if (block) button.setAttribute('aria-disabled', 'true');
      else button.removeAttribute('aria-disabled');
    }
    wrapper?.classList.toggle('woocommerce-variation-add-to-cart-enabled', block === null);
    wrapper?.classList.toggle('woocommerce-variation-add-to-cart-disabled', block !== null);
  }

  function applyOptions(state: VariationState): void {
    store.selects.forEach((select, index) => {
      const attribute = state.attributes[index]!;
      const availability = state.options[attribute] ?? {};
      for (const option of Array.from(select.options)) {
        if (option.value === '') {
          // data-show_option_none="no": the placeholder goes once a valid choice is made.
          option.hidden = select.getAttribute('data-show_option_none') === 'no' && select.value !== '';
          continue;
        }
        const status = availability[option.value] ?? 'enabled';
        option.disabled = status !== 'enabled';
        option.classList.toggle('attached', status !== 'unavailable');
        option.classList.toggle('enabled', status === 'enabled');
      }
    });
    emit('variation:values-updated', { form });
  }

  function setResetLink(state: VariationState): void {
    const on = state.chosenCount > 0;
    // Looked up each time: a theme may add its own Clear link after the form started (WooCommerce delegates too).
    for (const link of form.querySelectorAll<HTMLElement>('.reset_variations')) {
      const { style } = link;
      style.visibility = on ? 'visible' : 'hidden';
      // WooCommerce 9.5's stylesheet also hides its Clear button with display: none, and its script shows it as an
      // inline block: without that, 9.5 shops never see Clear. Hidden again, the stylesheet's display is back.
      if (on ? getComputedStyle(link).display === 'none' : style.display === 'inline-block') style.display = on ? 'inline-block' : '';
    }
  }

  function removeNotices(): void {
    for (const notice of form.querySelectorAll(`.${NOTICE_CLASS}`)) notice.remove();
  }

  function showNotice(text: string, className: string): void {
    removeNotices();
    const alert = document.createElement('div');
    alert.className = NOTICE_CLASS;
    alert.setAttribute('role', 'alert');
    const paragraph = document.createElement('p');
    paragraph.className = className;
    paragraph.textContent = text;
    // woocommerce.css hides `form.cart .wc-no-matching-variations` (display: none) until its script slides the message
    // down, which leaves it display: block.
    paragraph.style.display = 'block';
    alert.append(paragraph);
    if (block) block.after(alert);
    else (wrapper ?? form).before(alert);
  }

  function setBusy(busy: boolean): void {
    form.classList.toggle(BUSY_CLASS, busy);
    if (busy) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
  }

  function setImage(variation: VariationData | null): void {
    if (variation === imaged) return;
    imaged = variation;
    emit('gallery:image-requested', { form, variation });
    const timer = updateGalleryImage(form, variation);
    if (timer) timers.add(timer);
  }

  function applyQuantity(variation: VariationData | null): void {
    if (!quantity || !quantityWrap) return;
    if (!variation) {
      if (serverQuantity) {
        for (const name of ['min', 'max'] as const) {
          const value = serverQuantity[name];
          if (value === null) quantity.removeAttribute(name);
          else quantity.setAttribute(name, value);
        }
      }
      quantityWrap.style.display = '';
      return;
    }
    const rule = quantityFor(variation, quantity.value);
    quantity.setAttribute('min', rule.min);
    quantity.setAttribute('max', rule.max);
    if (rule.value !== null && String(rule.value) !== quantity.value) {
      quantity.value = String(rule.value);
      quantity.dispatchEvent(new Event('change', { bubbles: true }));
    }
    quantityWrap.style.display = rule.hidden ? 'none' : '';
  }

  function renderBlock(variation: VariationData): string {
    const templateId = variation.variation_is_visible === false ? 'unavailable-variation-template' : 'variation-template';
    try {
      return renderTemplate(readTemplate(templateId, form.ownerDocument), { variation });
    } catch (error) {
      // VAR-13: without its template the block stays empty; choosing and adding keep working.
      if (error instanceof TemplateNotFoundError) console.error(`[vitrine] variation-form: ${error.message}`);
      else console.error('[vitrine] variation-form: the variation template failed', error);
      return '';
    }
  }

  function hideBlock(): void {
    clearTimeout(showTimer);
    if (!block) return;
    const wasShown = shown !== null;
    shown = null;
    block.replaceChildren();
    block.classList.remove('vitrine-variation-shown');
    if (wasShown) emit('variation:hidden', { form });
  }

  function showFound(state: VariationState, variation: VariationData): void {
    setVariationId(String(variation.variation_id));
    applyQuantity(variation);
    showVariationDetails(form, variation);
    setImage(variation);
    setButton(state);
    // add-to-cart-variation.js fires found_variation, and show_variation 300 ms on, at every evaluation that completes a
    // match (a theme's check_variations, an "any" attribute changed), even for the variation already shown. The block
    // is drawn again only for other data: the same object is the same variation (a reload brings new objects).
    emit('variation:found', { form, variation });
    clearTimeout(showTimer);
    showTimer = later(() => {
      if (block && shown !== variation) {
        block.innerHTML = renderBlock(variation);
        block.classList.add('vitrine-variation-shown');
      }
      shown = variation;
      emit('variation:shown', { form, variation, purchasable: state.purchasable });
    }, FOUND_DISPLAY_DELAY);
  }

  function showNothing(state: VariationState): void {
    hideBlock();
    setVariationId('');
    applyQuantity(null);
    resetVariationDetails(form);
    setImage(null);
    setButton(state);
    emit('variation:reset', { form });
    // The page's own first evaluation stays quiet; add-to-cart-variation.js has its `loading` flag down by the time a
    // server lookup answers, so in ajax mode choices made before the code came hear that they match nothing.
    if (state.status === 'no-match' && (!state.initial || store.ajax)) showNotice(props.texts.noMatchingVariations, 'wc-no-matching-variations woocommerce-info');
    if (state.status === 'error' && state.error) showNotice(state.error, 'woocommerce-error wc-variation-lookup-error');
  }

  function render(state: VariationState, cause: VariationCause): void {
    setResetLink(state);
    if (cause === 'select-changed' || cause === 'reset') addWhenFound = false;
    if (cause === 'select-changed') {
      clearTimeout(showTimer);
      setBusy(false);
      removeNotices();
      if (resetAlert) resetAlert.textContent = '';
      setVariationId('');
      setButton(state);
      if (!store.ajax) emit('variation:select-changed', { form });
      changeToAnnounce = true;
      return;
    }
    if (cause === 'lookup-started') {
      setBusy(true);
      setButton(state);
      announceChange();
      return;
    }
    setBusy(false);
    if (cause === 'reset') {
      removeNotices();
      // WooCommerce's Clear empties the selects with a change event: its select events fire (once here, not per select).
      if (!store.ajax) emit('variation:select-changed', { form });
      changeToAnnounce = true;
    }
    applyOptions(state);
    if (state.status === 'found' && state.variation) showFound(state, state.variation);
    else showNothing(state);
    announceChange();
    if (addWhenFound && cause === 'evaluated') {
      addWhenFound = false;
      // The click that waited for the lookup; refused again (with its alert) if the answer does not allow it.
      if (button && state.status === 'found') queueMicrotask(() => button.isConnected && button.click());
    }
  }

  function announceChange(): void {
    if (!changeToAnnounce) return;
    changeToAnnounce = false;
    emit('variation:changed', { form });
  }

  function resetSelection(): void {
    store.reset();
    if (resetAlert) resetAlert.textContent = props.texts.resetAlert;
    // The link hides itself once nothing is chosen: focus goes back to the first attribute.
    store.selects[0]?.focus();
  }

  function clearDisplayed(): void {
    hideBlock();
    resetVariationDetails(form);
    setImage(null);
    showButtonBlock('selection-needed');
  }

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    // Any Clear link in the form, however late it came (add-to-cart-variation.js delegates the click on the form).
    if (target?.closest('.reset_variations')) {
      event.preventDefault();
      resetSelection();
      return;
    }
    if (button && target?.closest('.single_add_to_cart_button') === button && button.classList.contains('disabled')) {
      if (!holdsBackAdd(event) || store.getState().status === 'loading') return;
      const block = buttonBlock(store.getState()) ?? 'selection-needed';
      window.alert(blockedMessage(block, props.texts));
    }
  };
  // In the capture phase, so that it runs before the add-to-cart form's own submit listener, whichever mounted first:
  // a submit that comes without a click on the button (a held one replayed right behind the swatch choice it waited
  // for, an Enter in the quantity) posts the variation_id of the choice.
  const onSubmit = (event: SubmitEvent) => void holdsBackAdd(event);

  /**
   * An add about to go, by a click on the button or a submit. A choice the store has not evaluated yet (its 1 ms
   * delay, or a change replayed right before) is evaluated now: the shopper chose, so the add is not refused as "make
   * a selection", and the form posts its variation_id. True when the add must not go (its default is prevented); in
   * ajax mode, while the server is asked for this choice, it goes through once the server answers.
   */
  function holdsBackAdd(event: Event): boolean {
    if (store.getState().status === 'pending') store.check();
    if (!button?.classList.contains('disabled')) return false;
    event.preventDefault();
    if (store.getState().status === 'loading') addWhenFound = true;
    return true;
  }
  // add-to-cart-variation.js's onResetKeyDown: Space on the Clear link clears, where it would only scroll the page.
  // (Enter on a link is a click already.)
  const onKeyDown = spacePressesLinks('.reset_variations');

  form.addEventListener('click', onClick);
  form.addEventListener('submit', onSubmit, true);
  form.addEventListener('keydown', onKeyDown);
  const unsubscribe = store.subscribe(render);
  render(store.getState(), 'init');

  function detach(): void {
    unsubscribe();
    form.removeEventListener('click', onClick);
    form.removeEventListener('submit', onSubmit, true);
    form.removeEventListener('keydown', onKeyDown);
    clearTimeout(showTimer);
    for (const timer of timers) clearTimeout(timer);
    setBusy(false);
  }

  return { resetSelection, clearDisplayed, detach };
}
