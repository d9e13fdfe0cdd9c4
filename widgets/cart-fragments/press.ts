import { gateFragments } from '../../src/cart';

/**
 * Markup put in again while the shopper is pressing on it loses the press. A click goes to the element the
 * pointer went down and came up on or, when those differ, to the nearest ancestor they share: once the cart
 * fragments have replaced the mini cart between the two, the remove link the shopper pressed is gone, the click
 * lands on the mini cart's container, and the removal never happens, with nothing on the page to say so (the
 * sweep's load test found it: the fragments' refresh after a page load, under a shopper's press).
 *
 * So on a page with a mini cart, fragments that come while the pointer is pressed wait until that press has made
 * its click (its listeners run first, on the markup it was pressed on), or was cancelled, or PRESS_WAIT_MS have
 * passed: a long press is no reason to keep showing a stale cart. Any press holds them, not only one on the mini
 * cart (a header's cart link is a fragment too, and the wait is a press long); updates that come meanwhile wait
 * behind them, in order.
 */

/** The longest a press holds the fragments back. */
export const PRESS_WAIT_MS = 1000;
/** A touch's click comes from the tap gesture, a moment after its pointerup (a mouse's, in the same task). */
const TAP_CLICK_MS = 300;

/** The primary pointer's press under way (its pointerId), until it ends. */
let pressed: number | undefined;
/** Fragment updates held back by the press, oldest first. */
const held: Array<() => void> = [];
/** The pending end of a press (a task or a tap after it) and the cap on the hold: one of each, the newest. */
let ending: ReturnType<typeof setTimeout> | undefined;
let capped: ReturnType<typeof setTimeout> | undefined;

function release(): void {
  pressed = undefined;
  clearTimeout(ending);
  clearTimeout(capped);
  for (const update of held.splice(0)) {
    try {
      update();
    } catch (error) {
      // One update's failure (a listener of its `after`) must not lose the ones behind it; reported as uncaught.
      setTimeout(() => {
        throw error;
      });
    }
  }
}

/** The hold lasts PRESS_WAIT_MS at most from now: counted again for each press, so an earlier one's cap cannot cut a later press short. */
function cap(): void {
  clearTimeout(capped);
  capped = setTimeout(release, PRESS_WAIT_MS);
}

function onPointer(event: PointerEvent): void {
  if (event.type === 'pointerdown') {
    // The primary pointer's main button: a right click or a pen's barrel button makes no click to protect (and a
    // context menu may swallow its pointerup); a second finger is not the press.
    if (!event.isPrimary || event.button !== 0) return;
    pressed = event.pointerId;
    clearTimeout(ending);
    if (held.length) cap();
    return;
  }
  // Only the press's own pointer ends it (another finger lifting does not); its click ends it whatever its id.
  if (pressed === undefined || (event.type !== 'click' && event.pointerId !== pressed)) return;
  // After the click's own listeners: a task later, or a touch's tap later.
  clearTimeout(ending);
  ending = setTimeout(release, event.type === 'pointerup' && event.pointerType !== 'mouse' ? TAP_CLICK_MS : 0);
}

/** Follows the pointer's presses and holds the page's fragment updates back while one is on them (once per page). */
export function watchPresses(): void {
  for (const type of ['pointerdown', 'pointerup', 'pointercancel', 'click']) document.addEventListener(type, onPointer as EventListener, true);
  gateFragments((update) => {
    if (pressed === undefined && held.length === 0) return update();
    if (held.push(update) === 1) cap();
  });
}

/** Test hook: the press under way ends, and what it held back goes in. */
export const resetPressesForTests = release;
