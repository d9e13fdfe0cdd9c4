/**
 * The checkout's answers (checkout.js): what the order request's answer means, and what an
 * update_order_review answer asks the page to do. Pure: the widget applies the outcome to the form.
 */

export type CheckoutAnswer =
  /** `result`: the server's whole parsed answer, which gateways read (`order_id`, …) and may change (`redirect`). */
  | { kind: 'success'; redirect: string; result: Record<string, unknown> }
  | { kind: 'failure'; messages: string; refresh: boolean; reload: boolean }
  | { kind: 'invalid' };

function asAnswer(value: unknown): CheckoutAnswer | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (v.result === 'success' && typeof v.redirect === 'string' && v.redirect !== '') return { kind: 'success', redirect: v.redirect, result: v };
  if (v.result === 'failure' || v.reload === true || v.refresh === true) {
    return { kind: 'failure', messages: typeof v.messages === 'string' ? v.messages : '', refresh: v.refresh === true, reload: v.reload === true };
  }
  return null;
}

/**
 * The checkout's answer, repaired as checkout.js repairs it: a PHP notice printed before the JSON is
 * skipped by taking the first `{"result…}` object. Anything else is 'invalid' (never a redirect).
 */
export function parseCheckoutAnswer(text: string): CheckoutAnswer {
  try {
    const direct = asAnswer(JSON.parse(text));
    if (direct) return direct;
  } catch {
    const embedded = /\{"result.*\}/s.exec(text)?.[0];
    if (embedded) {
      try {
        const repaired = asAnswer(JSON.parse(embedded));
        if (repaired) return repaired;
      } catch {
        // not JSON either
      }
    }
  }
  return { kind: 'invalid' };
}

/**
 * What placing the order ends in. `error` shows WooCommerce's i18n_checkout_error: after an answer that is
 * not a checkout result (`invalid`), or a success a gateway vetoed, or a refusal without messages.
 */
export type OrderOutcome =
  | { do: 'redirect'; url: string }
  | { do: 'reload' }
  | { do: 'messages'; messages: string; refresh: boolean }
  | { do: 'error'; cause: 'invalid' | 'vetoed' | 'no-messages'; refresh: boolean };

/**
 * `successAllowed`: whether checkout_place_order_success let the redirect happen (asked only on success, with the
 * server's result object). checkout.js reads `result.redirect` after asking, so a handler's new redirect is followed.
 */
export function orderOutcome(answer: CheckoutAnswer, successAllowed: (result: Record<string, unknown>) => boolean): OrderOutcome {
  if (answer.kind === 'invalid') return { do: 'error', cause: 'invalid', refresh: false };
  if (answer.kind === 'success') {
    if (!successAllowed(answer.result)) return { do: 'error', cause: 'vetoed', refresh: false };
    const changed = answer.result.redirect;
    return { do: 'redirect', url: typeof changed === 'string' && changed !== '' ? changed : answer.redirect };
  }
  if (answer.reload) return { do: 'reload' };
  if (answer.messages) return { do: 'messages', messages: answer.messages, refresh: answer.refresh };
  return { do: 'error', cause: 'no-messages', refresh: answer.refresh };
}

/**
 * Whether going to `redirect` leaves `current` (a page URL): not when only the fragment differs, as with the 3-D Secure
 * answers of Stripe (`#confirm-pi-…`) and WooPayments (`#wcpay-confirm-pi:…`), where the browser changes the hash and the
 * gateway's hashchange handler opens its modal on this page.
 */
export function redirectLeavesPage(redirect: string, current: string): boolean {
  if (!redirect.includes('#')) return true;
  try {
    const target = new URL(redirect, current);
    const here = new URL(current);
    return target.origin + target.pathname + target.search !== here.origin + here.pathname + here.search;
  } catch {
    return true;
  }
}

/** What an update_order_review answer asks for. */
export type UpdateOutcome =
  | { do: 'reload' }
  | {
      do: 'apply';
      /** The fragments whose markup differs from the last applied answer's: only these are replaced. */
      changed: [selector: string, html: string][];
      /** Every fragment of this answer: the next answer is compared with these. */
      fragments: Record<string, string>;
      /** A refusal (result "failure"): its messages ('' when none), shown above the form with the fields validated. */
      failure: string | null;
      /**
       * Whether the answer carries an error. WooCommerce answers "failure" whenever it printed a notice, an informational
       * one too ("Add $5 more for free shipping"): only an error stops a Place order press that waited for the update.
       */
      error: boolean;
    };

export function updateOutcome(data: unknown, lastFragments: Record<string, string>): UpdateOutcome {
  const answer = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  if (answer.reload === true) return { do: 'reload' };
  const fragments: Record<string, string> = {};
  if (answer.fragments && typeof answer.fragments === 'object') {
    for (const [selector, html] of Object.entries(answer.fragments)) if (typeof html === 'string') fragments[selector] = html;
  }
  const changed = Object.entries(fragments).filter(([selector, html]) => lastFragments[selector] !== html);
  const failure = answer.result === 'failure' ? (typeof answer.messages === 'string' ? answer.messages : '') : null;
  return { do: 'apply', changed, fragments, failure, error: failure !== null && /woocommerce-error|is-error/.test(failure) };
}

/** The order as the shopper sees it at a Place order press: the total's amounts, and the payment and shipping chosen. */
export interface OrderSeen {
  total: string;
  choices: string;
}

/**
 * A press that waited for an order review update, once the update has landed: the order goes only if it is still what
 * the shopper saw when pressing; otherwise the shopper is told what changed.
 */
export function heldPressOutcome(seen: OrderSeen, now: OrderSeen): 'place' | 'total-changed' | 'order-changed' {
  if (now.total !== seen.total) return 'total-changed';
  if (now.choices !== seen.choices) return 'order-changed';
  return 'place';
}
