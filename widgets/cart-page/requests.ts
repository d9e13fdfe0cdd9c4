import { on } from '../../src/bus';
import type { VitrineEventName, VitrineEvents } from '../../src/events';

type Handler<K extends VitrineEventName> = (payload: VitrineEvents[K]) => void;

/**
 * A request the cart page serves from the bus, kept for the next instance while none listens, and one made before the
 * first instance's code arrived when the jQuery bridge kept it on the form. Every update replaces
 * the form and the widget mounts again on the new one (index.ts), so for a moment nothing listens: a request made
 * then (a plugin's `wc_update_cart` right after `updated_wc_div`, an add from a cross-sell) is served as soon as the
 * new instance starts, as the held clicks are. Two made in that moment are one update. Where no cart form is left
 * (the cart was emptied), there is nothing to update and the request is dropped.
 */
export function requestsAcrossRemounts<K extends VitrineEventName>(name: K, formSelector: string): (handler: Handler<K>) => () => void {
  // One cart form on a page, so one instance listens at a time: the one that started last.
  let serve: Handler<K> | undefined;
  let waiting: VitrineEvents[K] | undefined;
  let subscribed = false;
  return (handler) => {
    if (!subscribed) {
      subscribed = true;
      on(name, (payload) => {
        if (serve) serve(payload);
        else if (document.querySelector(formSelector)) waiting = payload;
      });
      // A request made before this code arrived, which the jQuery bridge kept on the form the page came with (a cart
      // plugin's wc_update_cart: src/jquery-bridge.ts). It is read once: later requests find this code listening.
      waiting = (document.querySelector(formSelector) as (Element & Partial<Record<`vitrine:${K}`, VitrineEvents[K]>>) | null)?.[`vitrine:${name}`];
    }
    serve = handler;
    if (waiting !== undefined) {
      const payload = waiting;
      waiting = undefined;
      handler(payload);
    }
    return () => {
      if (serve === handler) serve = undefined;
    };
  };
}
