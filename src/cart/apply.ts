/**
 * Puts a fragments map (selector → server markup) into the page, the way add-to-cart.js does:
 * each matched element takes the `updating` state and the busy overlay opacity, then is replaced by
 * the server's markup. The mount layer's observer mounts widgets inside the new markup by itself.
 * Fragment markup is the one place the contract says the server sends HTML (cart fragments); its scripts run, as
 * jQuery's replaceWith runs them (liveMarkup), except in a copy restored from the browser's storage.
 */
import { emit } from '../bus';
import type { Fragments } from '../events';
import { noticeNodes } from '../notices';

/** The busy overlay opacity (spec §9, HLP-05); themes override it with --vitrine-busy-opacity. */
export const BUSY_OPACITY = 'var(--vitrine-busy-opacity, 0.6)';

function matches(selector: string): Element[] {
  try {
    return Array.from(document.querySelectorAll(selector));
  } catch {
    // A plugin's fragment key that is not a valid selector must not stop the other fragments.
    console.error(`[vitrine] cart fragment key "${selector}" is not a valid selector; skipped.`);
    return [];
  }
}

/**
 * Server markup parsed where `target` stands (a table row's fragment parses as a row), whose scripts run once it is in
 * the page, as they do when WooCommerce's scripts put it in with jQuery's `$(selector).replaceWith(html)`: the cart
 * fragments of an add or a removal, the checkout's update_order_review fragments. Plugins count on it: Meta's Facebook
 * for WooCommerce sends its AddToCart pixel event as a script in an add's fragments, and payment gateways set their
 * fields up with a script beside them, which every checkout update draws again. The browser runs only JavaScript:
 * a JSON block or a client-side template stays data.
 */
export function liveMarkup(target: Element, html: string): DocumentFragment {
  const range = document.createRange();
  range.selectNode(target);
  return range.createContextualFragment(html);
}

/**
 * What may hold an update back: the cart fragments widget, on a page with a mini cart, holds it while the shopper
 * presses on what it replaces (widgets/cart-fragments/press.ts). Without it, every update goes in at once.
 */
type Gate = (update: () => void) => void;
let gate: Gate = (update) => update();

export function gateFragments(next: Gate): void {
  gate = next;
}

export interface ApplyOptions {
  /** false for a refresh, which fires its own fragments:refreshed instead of fragments:loaded. */
  loaded?: boolean;
  /** What announces the change (the cart events, the live region), run right after the markup is in. */
  after?: () => void;
  /**
   * Asked when the gate lets the update in: false drops it. An answer that was current when it came can be
   * outdated by then (a refresh's answer held behind an add's by a press).
   */
  current?: () => boolean;
  /**
   * false for the copy restored from the browser's storage: its scripts ran when the server sent it, and a one-time
   * script (an ad pixel's AddToCart) would otherwise run again on every page, as it does with cart-fragments.js.
   */
  runScripts?: boolean;
}

/**
 * Replaces every fragment target, then fires fragments:loaded (wc_fragments_loaded) as WooCommerce does after
 * an add, a removal or a restore, then runs `after`, all of it when the gate lets the update in (a press on a
 * mini cart's remove link holds it back), so listeners still find the new markup in place.
 */
export function applyFragments(fragments: Fragments, { loaded = true, after, current, runScripts = true }: ApplyOptions = {}): void {
  gate(() => {
    if (current && !current()) return;
    for (const [selector, html] of Object.entries(fragments)) {
      for (const target of matches(selector)) {
        if (target instanceof HTMLElement) {
          target.classList.add('updating');
          target.style.opacity = BUSY_OPACITY;
        }
        // noticeNodes parses in a <template>, which leaves scripts inert.
        target.replaceWith(...(runScripts ? [liveMarkup(target, html)] : noticeNodes(html)));
      }
    }
    if (loaded) emit('fragments:loaded', {});
    after?.();
  });
}

/** Marks an element busy (the blockUI overlay of the original), e.g. a mini-cart line being removed. */
export function setBusy(element: HTMLElement, busy: boolean): void {
  element.classList.toggle('vitrine-busy', busy);
  if (busy) {
    element.setAttribute('aria-busy', 'true');
    element.style.opacity = BUSY_OPACITY;
    element.style.pointerEvents = 'none';
  } else {
    element.removeAttribute('aria-busy');
    element.style.removeProperty('opacity');
    element.style.removeProperty('pointer-events');
  }
}
