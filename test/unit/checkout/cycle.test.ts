import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCheckoutCycle, TYPING_DELAY_MS, UPDATE_DELAY_MS } from '../../../src/checkout/cycle';

// The checkout's states without a form: fake timers stand for checkout.js's 5 ms and 1000 ms waits.

describe('checkout cycle: when an update runs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('requests made together (a country, then its state) make one update, 5 ms after the last', () => {
    const cycle = createCheckoutCycle();
    const update = vi.fn();
    cycle.schedule(update);
    vi.advanceTimersByTime(UPDATE_DELAY_MS - 1);
    cycle.schedule(update);
    vi.advanceTimersByTime(UPDATE_DELAY_MS - 1);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('typing in an address waits for a 1000 ms pause; each key starts the wait again', () => {
    const cycle = createCheckoutCycle<string>();
    const check = vi.fn();
    cycle.typed('billing_city', check);
    vi.advanceTimersByTime(TYPING_DELAY_MS - 100);
    cycle.typed('billing_city', check);
    vi.advanceTimersByTime(TYPING_DELAY_MS - 100);
    expect(check).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(check).toHaveBeenCalledTimes(1);
    expect(cycle.typingIn).toBe('billing_city');
  });

  it('an update request cancels the typing wait and forgets the field typed in', () => {
    const cycle = createCheckoutCycle<string>();
    const check = vi.fn();
    cycle.typed('billing_postcode', check);
    cycle.requested();
    vi.advanceTimersByTime(TYPING_DELAY_MS * 2);
    expect(check).not.toHaveBeenCalled();
    expect(cycle.typingIn).toBeNull();
  });

  it('a press runs what waits at once (flushWaiting): the gathered update or the check after typing, once, and never again at its time', () => {
    const cycle = createCheckoutCycle<string>();
    expect(cycle.flushWaiting(), 'nothing waits').toBe(false);
    const update = vi.fn();
    cycle.schedule(update);
    expect(cycle.flushWaiting()).toBe(true);
    expect(update).toHaveBeenCalledTimes(1);
    const check = vi.fn();
    cycle.typed('billing_postcode', check);
    expect(cycle.flushWaiting()).toBe(true);
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TYPING_DELAY_MS * 2);
    expect(update).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledTimes(1);
    expect(cycle.flushWaiting(), 'what ran no longer waits').toBe(false);
  });

  it('what ran at its time no longer waits: a later press has nothing to flush', () => {
    const cycle = createCheckoutCycle();
    const update = vi.fn();
    cycle.schedule(update);
    vi.advanceTimersByTime(UPDATE_DELAY_MS);
    expect(update).toHaveBeenCalledTimes(1);
    expect(cycle.flushWaiting()).toBe(false);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('placing the order: the waiting update never runs, and no request starts one until the order is refused', () => {
    const cycle = createCheckoutCycle();
    const update = vi.fn();
    cycle.schedule(update);
    cycle.stopWaiting();
    cycle.startPlacing();
    expect(cycle.schedule(update)).toBe(false);
    vi.advanceTimersByTime(TYPING_DELAY_MS);
    expect(update).not.toHaveBeenCalled();
    cycle.placingFailed();
    expect(cycle.schedule(update)).toBe(true);
    vi.advanceTimersByTime(UPDATE_DELAY_MS);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('a second place-order while the first is on its way is refused (a double press is one order)', () => {
    const cycle = createCheckoutCycle();
    expect(cycle.canPlace()).toBe(true);
    cycle.startPlacing();
    expect(cycle.canPlace()).toBe(false);
    cycle.placingFailed();
    expect(cycle.canPlace()).toBe(true);
  });

  it('dispose: nothing scheduled runs after the widget is gone, and the request in flight is aborted', () => {
    const cycle = createCheckoutCycle();
    const update = vi.fn();
    const ticket = cycle.startUpdate();
    cycle.schedule(update);
    cycle.dispose();
    vi.advanceTimersByTime(TYPING_DELAY_MS);
    expect(update).not.toHaveBeenCalled();
    expect(ticket.signal.aborted).toBe(true);
  });
});

describe('checkout cycle: which answer wins', () => {
  it('a newer update aborts the one in flight, whose answer is then stale', () => {
    const cycle = createCheckoutCycle();
    const first = cycle.startUpdate();
    expect(first.current()).toBe(true);
    const second = cycle.startUpdate();
    expect(first.signal.aborted).toBe(true);
    expect(first.current()).toBe(false);
    expect(second.current()).toBe(true);
    expect(second.signal.aborted).toBe(false);
  });

  it('only the newest update, when it settles, ends the busy state; an older one settling does not', () => {
    const cycle = createCheckoutCycle();
    const first = cycle.startUpdate();
    const second = cycle.startUpdate();
    expect(first.settled()).toBe(false);
    expect(second.settled()).toBe(true);
  });

  it('placing the order aborts the update in flight', () => {
    const cycle = createCheckoutCycle();
    const update = cycle.startUpdate();
    cycle.startPlacing();
    expect(update.signal.aborted).toBe(true);
  });

  it('any order of starts: exactly the last one started is current', () => {
    const cycle = createCheckoutCycle();
    const tickets = Array.from({ length: 7 }, () => cycle.startUpdate());
    expect(tickets.map((t) => t.current())).toEqual([false, false, false, false, false, false, true]);
    expect(tickets.filter((t) => t.signal.aborted)).toHaveLength(6);
  });
});
