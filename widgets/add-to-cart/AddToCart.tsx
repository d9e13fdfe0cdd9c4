import { useCallback, useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '../../mount/types';
import { onPress } from '../../src/dom';
import { emit } from '../../src/bus';
import { announce, applyFragments, CART_REQUEST_TIMEOUT_MS, navigation, onReturnFromPageCache, showViewCartLink, watchCartChanges } from '../../src/cart';
import { cartQueue, HttpError, messageFor, wcAjax } from '../../src/http';
import { jqueryAllows, triggerJQuery } from '../../src/jquery';
import { injectStyle } from '../../src/styles';
import css from '../../styles/add-to-cart.css?inline';
import { AddError, setButtonLoading, useFeedbackHost } from '../../src/cart/feedback';
import { interpretAddAnswer } from './logic';
import { type AddToCartProps, readRequestData } from './schema';

/**
 * The ajax add-to-cart button: normal → loading → added. Every click is one add in the cart queue
 * (ATC-03): the button is marked busy while its adds run but a second click queues a second add, never
 * lost, never merged. A failure leaves the button usable and tells the shopper what happened.
 */
export default function AddToCart({ element, props }: WidgetProps<AddToCartProps, HTMLElement>) {
  const [error, setError] = useState<string | null>(null);
  const feedbackHost = useFeedbackHost(element);
  const pending = useRef(0);
  const leaving = useRef(false);

  useEffect(() => {
    injectStyle('add-to-cart', css);
    watchCartChanges();
  }, []);

  const setBusy = useCallback((busy: boolean) => setButtonLoading(element, busy), [element]);

  const add = useCallback(
    async (data: Record<string, string>) => {
      setError(null);
      announce('');
      element.classList.remove('added');
      // A theme or plugin may veto the request, as with WooCommerce's triggerHandler.
      if (!jqueryAllows('should_send_ajax_request.adding_to_cart', document.body, [element])) {
        // add-to-cart.js's own ajax_request_not_sent handler, which runs before a theme's, takes the button out of
        // loading (this one is asked before it enters it) and fires wc_cart_button_updated [$button].
        emit('cart:button-updated', { button: element });
        triggerJQuery(document.body, 'ajax_request_not_sent.adding_to_cart', [false, false, element]);
        return;
      }
      pending.current += 1;
      setBusy(true);
      emit('cart:adding', { button: element, data });
      try {
        const body = await cartQueue.enqueue(() => wcAjax('add_to_cart', data, { timeout: CART_REQUEST_TIMEOUT_MS }));
        const outcome = interpretAddAnswer(body, props);
        if (outcome.kind === 'go-to-product' || outcome.kind === 'go-to-cart') {
          leaving.current = true;
          navigation.assign(outcome.url);
        } else if (outcome.kind === 'malformed') {
          throw new HttpError('unknown_error', { data: body });
        } else if (outcome.kind === 'added') {
          const { fragments, cartHash } = outcome.answer;
          // WooCommerce's own added_to_cart handlers run before a theme's: by the time theme code
          // hears added_to_cart, the button shows added and the mini cart is the new one.
          if (pending.current === 1) setBusy(false);
          element.classList.add('added');
          showViewCartLink(element, { cartUrl: props.cartUrl, text: props.viewCartText, isCart: props.isCart });
          emit('cart:button-updated', { button: element });
          applyFragments(fragments, {
            after: () => {
              emit('cart:added', { fragments, cartHash, button: element });
              announce(props.successMessage);
            },
          });
        }
        // 'ignored': an empty answer changes nothing (ATC-11).
      } catch (failure) {
        const message = messageFor(failure);
        console.error('[vitrine] add-to-cart: the product could not be added.', element, failure);
        setError(message);
        emit('cart:failed', { button: element, message });
      } finally {
        pending.current -= 1;
        // Leaving for another page: keep the loading state until the browser moves on.
        if (pending.current === 0 && !leaving.current) setBusy(false);
      }
    },
    [element, props, setBusy],
  );

  // Sent to the cart or the product page, the button stayed busy; back from the page cache, it is usable again.
  useEffect(
    () =>
      onReturnFromPageCache(() => {
        if (!leaving.current) return;
        leaving.current = false;
        if (pending.current === 0) setBusy(false);
      }),
    [setBusy],
  );

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const data = readRequestData(element);
      if (!data) return; // ATC-05: no product id now, so the link does its job.
      event.preventDefault();
      void add(data);
    };
    // The loop button is a link with role=button: Space must press it like a button.
    return onPress(element, onClick);
  }, [element, add]);

  return <AddError host={feedbackHost} message={error} />;
}
