import { useEffect, useState } from 'react';
import type { WidgetProps } from '../../mount/types';
import { emit } from '../../src/bus';
import { applyFragments, asCartAnswer, CART_REQUEST_TIMEOUT_MS, navigation, onReturnFromPageCache, watchCartChanges } from '../../src/cart';
import { cartQueue, HttpError, messageFor, postPageForm, wcAjax } from '../../src/http';
import { jqueryAllows } from '../../src/jquery';
import { injectStyle } from '../../src/styles';
import css from '../../styles/add-to-cart.css?inline';
import { AddError, setButtonLoading as setLoading, useFeedbackHost } from '../../src/cart/feedback';
import { fieldsOf, interpretFormAnswer } from './logic';
import type { AddToCartFormProps } from './schema';

const ADD_BUTTON = '.single_add_to_cart_button';

/** What the form posts when `submitter` sends it, the button's own name=value included. */
function formDataOf(form: HTMLFormElement, submitter: HTMLElement | null): FormData {
  let data: FormData;
  try {
    data = new FormData(form, submitter);
  } catch {
    data = new FormData(form);
  }
  if (submitter instanceof HTMLButtonElement && submitter.name && !data.has(submitter.name)) data.append(submitter.name, submitter.value);
  return data;
}

/** Shows the answered page's notices where this page keeps its own (the notices widget focuses them). */
function showNotices(form: HTMLFormElement, notices: Element[]): void {
  let wrapper = document.querySelector('.woocommerce-notices-wrapper');
  if (!wrapper) {
    wrapper = document.createElement('div');
    wrapper.className = 'woocommerce-notices-wrapper';
    (form.closest('.product') ?? form).before(wrapper);
  }
  wrapper.replaceChildren(...notices.map((notice) => document.importNode(notice, true)));
}

/** ATC-02: the add is done, the button says so (and is ready for another). */
function showAdded(button: HTMLElement): void {
  setLoading(button, false);
  button.classList.add('added');
  emit('cart:button-updated', { button });
}

/**
 * The product page's add to cart without a page load (ATC-01). The form is posted as the browser
 * would post it (every field, in its encoding) to its own address, so the server's whole form
 * handling runs: validation, "any" attributes, grouped quantities, fields other plugins add. The
 * answered page's notices replace this page's; the mini cart is refreshed through
 * get_refreshed_fragments and the usual events fire. A submit while one runs, refresh included, is
 * ignored (the button shows it is busy): on this form, the quantity field is how a shopper adds more than one.
 */
export default function AddToCartForm({ element: form, props }: WidgetProps<AddToCartFormProps, HTMLFormElement>) {
  const [error, setError] = useState<string | null>(null);
  const [addButton] = useState(() => form.querySelector<HTMLElement>(ADD_BUTTON));
  const feedbackHost = useFeedbackHost(addButton);

  useEffect(() => {
    injectStyle('add-to-cart', css);
    watchCartChanges();
  }, []);

  useEffect(() => {
    let busy = false;
    let leaving = false;

    const add = async (button: HTMLElement, data: FormData) => {
      busy = true;
      // Set once the server's answer says the product is in the cart: a failure after that (the mini
      // cart refresh) loses nothing and is not the shopper's to hear about.
      let inCart = false;
      setError(null);
      button.classList.remove('added');
      setLoading(button, true);
      emit('cart:adding', { button, data: fieldsOf(data) });
      try {
        await cartQueue.enqueue(async () => {
          const answer = await postPageForm(form.action, data, { timeout: CART_REQUEST_TIMEOUT_MS });
          const outcome = interpretFormAnswer(answer, form.action, props);
          // Not a page of the shop: the add did not happen, and the shopper is told so.
          if (outcome.kind === 'unreadable') throw new HttpError('unknown_error', { data: answer.url });
          if (outcome.kind === 'left') {
            leaving = true;
            navigation.assign(outcome.url);
            return;
          }
          showNotices(form, outcome.notices);
          if (outcome.kind === 'refused') {
            emit('cart:failed', { button, message: outcome.message });
            return;
          }
          inCart = true;
          // The answered page holds the new cart, but only the fragments call says which parts of
          // this page are fragments; one more small request keeps the mini cart and the events right.
          // The button stays busy until then: it only looks ready when another add would be taken.
          const refreshed = asCartAnswer(await wcAjax('get_refreshed_fragments', { time: Date.now() }, { timeout: CART_REQUEST_TIMEOUT_MS }));
          if (!refreshed) throw new Error('get_refreshed_fragments answered without fragments');
          // WooCommerce's order: the button is updated before the fragments are (see the listing button).
          showAdded(button);
          applyFragments(refreshed.fragments, { after: () => emit('cart:added', { fragments: refreshed.fragments, cartHash: refreshed.cartHash, button }) });
        });
      } catch (failure) {
        console.error(inCart ? '[vitrine] add-to-cart-form: added, but the mini cart could not be refreshed.' : '[vitrine] add-to-cart-form: the product could not be added.', form, failure);
        // After a successful add only the mini cart is stale; the notice already told the shopper.
        if (inCart) showAdded(button);
        else {
          const message = messageFor(failure);
          setError(message);
          emit('cart:failed', { button, message });
        }
      } finally {
        busy = false;
        if (!leaving) setLoading(button, false);
      }
    };

    const onSubmit = (event: SubmitEvent) => {
      if (event.defaultPrevented) return; // the variation form refused it (nothing chosen, unavailable)
      const button = form.querySelector<HTMLElement>(ADD_BUTTON);
      const submitter = event.submitter ?? button;
      // Another submit button (a plugin's "Buy now") keeps its own behaviour.
      if (!button || (submitter && submitter !== button)) return;
      if (busy) {
        event.preventDefault();
        return;
      }
      // A theme may veto ajax adds, as with WooCommerce's triggerHandler: the form then posts.
      if (!jqueryAllows('should_send_ajax_request.adding_to_cart', document.body, [button])) return;
      event.preventDefault();
      void add(button, formDataOf(form, submitter));
    };
    form.addEventListener('submit', onSubmit);
    // Sent to the cart after adding, the button stayed busy; back from the page cache, it is usable again.
    const stopReturn = onReturnFromPageCache(() => {
      if (!leaving) return;
      leaving = false;
      const button = form.querySelector<HTMLElement>(ADD_BUTTON);
      if (button && !busy) setLoading(button, false);
    });
    return () => {
      form.removeEventListener('submit', onSubmit);
      stopReturn();
    };
  }, [form, props]);

  return <AddError host={feedbackHost} message={error} />;
}
