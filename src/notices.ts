/**
 * WooCommerce's `$.scroll_to_notices` (spec §9, HLP-02): a notice is brought to 100 px below the top
 * of the window (below a fixed admin bar) over 1000 ms with jQuery's `swing` easing, or at once when the
 * shopper asked for reduced motion. Shared by the notices area, the cart page and the checkout.
 */
import { coveredTop } from './address';
import { HttpError } from './http/errors';

export const SCROLL_OFFSET_PX = 100;
export const SCROLL_DURATION_MS = 1000;

/** Where the page scrolls to: the notice's top minus the offset, never above the page. */
export function scrollTarget(noticeTopInPage: number, offset = SCROLL_OFFSET_PX): number {
  return Math.max(0, Math.round(noticeTopInPage - offset));
}

/** jQuery's default `swing` easing, so the motion feels like the original. */
export function swing(progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  return 0.5 - Math.cos(p * Math.PI) / 2;
}

/** The scroll position at `elapsed` ms of an animation from `from` to `to`. */
export function scrollAt(from: number, to: number, elapsed: number, duration = SCROLL_DURATION_MS): number {
  if (duration <= 0) return to;
  return from + (to - from) * swing(elapsed / duration);
}

/** Stops the scroll that is running, if any. */
let stopRunning: (() => void) | undefined;

/**
 * What ends a scroll the shopper did not ask for: their own press, wheel, touch or key. A press that
 * starts on a button must end on it: were the page still moving between pointerdown and pointerup,
 * the click would land on whatever is under the pointer then (a wallet button pressed while the page
 * scrolls to an earlier notice would open nothing).
 */
const SHOPPER_TAKES_OVER = ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const;

export function scrollToNotice(notice: Element): void {
  const to = scrollTarget(notice.getBoundingClientRect().top + window.scrollY, SCROLL_OFFSET_PX + coveredTop());
  const from = window.scrollY;
  stopRunning?.();
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (reduced || from === to) {
    window.scrollTo(0, to);
    return;
  }
  let frame: number | undefined;
  const stop = () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    frame = undefined;
    for (const type of SHOPPER_TAKES_OVER) window.removeEventListener(type, stop, true);
    if (stopRunning === stop) stopRunning = undefined;
  };
  stopRunning = stop;
  for (const type of SHOPPER_TAKES_OVER) window.addEventListener(type, stop, { capture: true, passive: true });
  const start = performance.now();
  const step = (now: number) => {
    // A notice taken away meanwhile (replaced, dismissed) is no longer somewhere to go.
    if (!notice.isConnected) return stop();
    const elapsed = now - start;
    window.scrollTo(0, scrollAt(from, to, elapsed));
    if (elapsed < SCROLL_DURATION_MS) frame = requestAnimationFrame(step);
    else stop();
  };
  frame = requestAnimationFrame(step);
}

/** An error notice as notices/error.php prints it, holding `message` as text (an HTTP error, never server markup). */
export function errorNotice(message: string): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'woocommerce-error';
  list.setAttribute('role', 'alert');
  const item = document.createElement('li');
  item.textContent = message;
  list.append(item);
  return list;
}

/**
 * checkout.js's notice group, prepended to the form: `checkout` for the order's refusals, `updateOrderReview` for
 * update_order_review's. Payment gateways remove, read and add these groups themselves (the Stripe gateway's
 * showErrorCheckout removes every `.woocommerce-NoticeGroup-checkout` and prepends its own), so they stay plain
 * markup: a React root there would render into a group another script took away.
 */
export function prependNoticeGroup(form: HTMLFormElement, kind: 'checkout' | 'updateOrderReview', content: Node[]): HTMLElement {
  const group = document.createElement('div');
  group.className = `woocommerce-NoticeGroup woocommerce-NoticeGroup-${kind}`;
  group.append(...content);
  form.prepend(group);
  return group;
}

/** Parses notice markup the server sent (apply_coupon's answer, a checkout's messages): server fragments, as the contract says. */
export function noticeNodes(markup: string): Node[] {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return Array.from(template.content.childNodes);
}

const ANY_NOTICE = '.woocommerce-error, .woocommerce-message, .woocommerce-info, .is-error, .is-info, .is-success, .wc-block-components-notice-banner';

/**
 * The notices of an answer that always holds one (apply_coupon and remove_coupon print theirs, success
 * or refusal). An answer without any (an empty body, a PHP warning and half a JSON) never reached the
 * coupon code: it throws, so the shopper is told rather than shown nothing.
 */
export function requiredNotices(markup: string): Node[] {
  const nodes = noticeNodes(markup);
  const found = nodes.some((node) => node instanceof Element && (node.matches(ANY_NOTICE) || node.querySelector(ANY_NOTICE)));
  if (!found) throw new HttpError('unknown_error', { data: markup });
  return nodes;
}

/**
 * The element that had the keyboard focus, by id or name, so it can be found again in markup that
 * replaced it (a cart update replaces the form under the shopper's fingers).
 */
export function focusKey(): { id: string; name: string } | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  return { id: active.id, name: active.getAttribute('name') ?? '' };
}

/** Focuses the element matching `key` inside `root` when the focus was lost with the replaced markup. */
export function restoreFocus(key: { id: string; name: string } | null, root: ParentNode = document): void {
  if (!key || (document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected)) return;
  const byId = key.id ? root.querySelector<HTMLElement>(`#${CSS.escape(key.id)}`) : null;
  const byName = !byId && key.name ? root.querySelector<HTMLElement>(`[name="${CSS.escape(key.name)}"]`) : null;
  (byId ?? byName)?.focus({ preventScroll: true });
}
