/**
 * The checkout's states (checkout.js's timers and flags, without the DOM): when an order review update runs,
 * which update's answer wins, and that nothing updates while the order is being placed.
 *
 * - Requests gather: every request restarts a short timer (5 ms), so the fields a script changes together,
 *   or a country and the state that follows it, make one update_order_review.
 * - Typing in an address waits for a pause (1000 ms); each key restarts the wait.
 * - A new update aborts the one in flight, and only the newest update's answer is applied (an answer that
 *   got through its abort is stale).
 * - Placing the order cancels the waiting update and aborts the one in flight; while it is on its way a
 *   second place-order and every update request are refused, so a double press is one order.
 */

/** checkout.js waits 5 ms after an update request (several fields change at once) and 1000 ms after typing. */
export const UPDATE_DELAY_MS = 5;
export const TYPING_DELAY_MS = 1000;

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** One update_order_review: its abort signal, and whether its answer is still the one to apply. */
export interface UpdateTicket {
  signal: AbortSignal;
  current(): boolean;
  /** Called when the request settled: the page stops showing it busy, unless a newer update took over. */
  settled(): boolean;
}

/** `Typed`: what the shopper is typing in (the widget keeps the field), so a change there can update. */
export function createCheckoutCycle<Typed = unknown>(timers: Timers = browserTimers) {
  let waiting: unknown;
  let inFlight: AbortController | undefined;
  let newest = 0;
  let placing = false;
  let typingIn: Typed | null = null;

  /** What waits to run (the gathered update, or the check after typing), so a press can run it at once. */
  let waitingRun: (() => void) | undefined;

  const wait = (ms: number, run: () => void) => {
    timers.clear(waiting);
    waitingRun = run;
    waiting = timers.set(() => {
      waitingRun = undefined;
      run();
    }, ms);
  };
  const cancelWait = () => {
    timers.clear(waiting);
    waitingRun = undefined;
  };

  return {
    get placing() {
      return placing;
    },
    /** The field the shopper is typing in since the last update request, if any. */
    get typingIn() {
      return typingIn;
    },

    /** A key in an address field: `check` (maybe_update_checkout) runs after a pause in typing. */
    typed(field: Typed, check: () => void) {
      typingIn = field;
      wait(TYPING_DELAY_MS, check);
    },
    /** A change in an address field: the field the update's completeness check reads. */
    addressChanged(field: Typed) {
      typingIn = field;
    },

    /** Someone asked for an update (checkout:update-requested): cancels the typing wait, forgets the typed field. */
    requested() {
      cancelWait();
      typingIn = null;
    },
    /** The bus delivered the request: the update runs after the gathering delay, unless the order is being placed. */
    schedule(run: () => void): boolean {
      if (placing) return false;
      wait(UPDATE_DELAY_MS, run);
      return true;
    },

    /** An update starts: the one in flight is aborted and its answer will not be applied. */
    startUpdate(): UpdateTicket {
      inFlight?.abort();
      const mine = ++newest;
      const abort = new AbortController();
      inFlight = abort;
      return {
        signal: abort.signal,
        current: () => mine === newest,
        settled: () => {
          if (mine !== newest) return false;
          inFlight = undefined;
          return true;
        },
      };
    },

    /** Runs what waits to run now instead of after its delay; false when nothing waited. */
    flushWaiting(): boolean {
      const run = waitingRun;
      if (!run) return false;
      cancelWait();
      run();
      return true;
    },

    /** The place-order press: false when an order is already on its way (a double press). */
    canPlace: () => !placing,
    /** Before the vetoes are asked: no update waits to run behind the order. */
    stopWaiting: cancelWait,
    /** The vetoes allowed it: the order is on its way; the update in flight is aborted. */
    startPlacing() {
      placing = true;
      inFlight?.abort();
    },
    /** The order did not go through (refused, failed, vetoed after success): the shopper may try again. */
    placingFailed() {
      placing = false;
    },

    dispose() {
      cancelWait();
      inFlight?.abort();
    },
  };
}

export type CheckoutCycle<Typed = unknown> = ReturnType<typeof createCheckoutCycle<Typed>>;
