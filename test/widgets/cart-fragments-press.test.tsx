import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emit, on } from '../../src/bus';
import { applyFragments, refreshFragments, watchCartChanges } from '../../src/cart';
import { deferred, json, mockFetch } from '../unit/http/fetch-mock';
import { PRESS_WAIT_MS, resetPressesForTests, watchPresses } from '../../widgets/cart-fragments/press';
import { miniCart, miniCartLine, shopSettings } from './cart-helpers';

// A press under way on the mini cart keeps the markup it was pressed on until its click has been heard
// (widgets/cart-fragments/press.ts). Without it the fragments' refresh, landing between the press's pointerdown and
// its pointerup, takes the pressed remove link away and the browser sends the click to the mini cart's container.

const KEY = 'div.widget_shopping_cart_content';
const fragments = (name: string) => ({ [KEY]: miniCart([miniCartLine(name, name, 1)]) });
const shownLine = () => document.querySelector('.woocommerce-mini-cart-item')?.textContent ?? '';
const link = () => document.querySelector<HTMLElement>('.remove_from_cart_button')!;

function press(target: Element, type: string, pointerType = 'mouse', { pointerId = 1, isPrimary = true, button = 0 } = {}): void {
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, isPrimary, pointerType, pointerId, button }));
}

describe('cart fragments during a press', () => {
  beforeAll(() => watchPresses());
  afterEach(() => {
    resetPressesForTests();
    vi.useRealTimers();
  });

  it('MCR-01 an update that comes while a remove link is pressed waits for its click: the click reaches that link, then the mini cart is new and the events fire', async () => {
    document.body.innerHTML = miniCart([miniCartLine('old', 'Old Mug', 1)]);
    const pressed = link();
    const clicks: boolean[] = [];
    pressed.addEventListener('click', () => clicks.push(pressed.isConnected));
    const events: string[] = [];
    const stop = on('fragments:loaded', () => events.push('fragments:loaded'));
    press(pressed, 'pointerdown');
    applyFragments(fragments('New Mug'), { after: () => events.push('then') });
    expect(shownLine()).toContain('Old Mug');
    expect(events).toEqual([]);
    press(pressed, 'pointerup');
    pressed.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(clicks).toEqual([true]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shownLine()).toContain('New Mug');
    expect(events).toEqual(['fragments:loaded', 'then']);
    stop();
  });

  it('MCR-01 without a press an update goes in at once, and its events fire before applyFragments returns', () => {
    document.body.innerHTML = miniCart([miniCartLine('old', 'Old Mug', 1)]);
    const events: string[] = [];
    applyFragments(fragments('New Mug'), { after: () => events.push('then') });
    expect(shownLine()).toContain('New Mug');
    expect(events).toEqual(['then']);
  });

  it(`MCR-01 a long press holds the update for at most ${PRESS_WAIT_MS} ms, and updates held meanwhile go in in the order they came`, () => {
    vi.useFakeTimers();
    document.body.innerHTML = miniCart([miniCartLine('old', 'Old Mug', 1)]);
    press(link(), 'pointerdown');
    const order: string[] = [];
    applyFragments(fragments('Second Mug'), { after: () => order.push('second') });
    applyFragments(fragments('Third Mug'), { after: () => order.push('third') });
    vi.advanceTimersByTime(PRESS_WAIT_MS - 1);
    expect(shownLine()).toContain('Old Mug');
    vi.advanceTimersByTime(1);
    expect(order).toEqual(['second', 'third']);
    expect(shownLine()).toContain('Third Mug');
  });

  it("MCR-01 a touch's click, which comes a moment after its pointerup, still finds the link it was pressed on", () => {
    vi.useFakeTimers();
    document.body.innerHTML = miniCart([miniCartLine('old', 'Old Mug', 1)]);
    const pressed = link();
    const clicks: boolean[] = [];
    pressed.addEventListener('click', () => clicks.push(pressed.isConnected));
    press(pressed, 'pointerdown', 'touch');
    applyFragments(fragments('New Mug'));
    press(pressed, 'pointerup', 'touch');
    vi.advanceTimersByTime(150);
    expect(shownLine()).toContain('Old Mug');
    pressed.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(clicks).toEqual([true]);
    vi.advanceTimersByTime(0);
    expect(shownLine()).toContain('New Mug');
  });

  it('MCR-01 a press that is cancelled (the page scrolled under a finger) lets the update in', () => {
    vi.useFakeTimers();
    document.body.innerHTML = miniCart([miniCartLine('old', 'Old Mug', 1)]);
    press(link(), 'pointerdown', 'touch');
    applyFragments(fragments('New Mug'));
    press(link(), 'pointercancel', 'touch');
    vi.advanceTimersByTime(0);
    expect(shownLine()).toContain('New Mug');
  });

  it(`MCR-01 an earlier press's ${PRESS_WAIT_MS} ms cap does not cut a later press short`, () => {
    vi.useFakeTimers();
    document.body.innerHTML = miniCart([miniCartLine('old', 'Old Mug', 1)]);
    press(link(), 'pointerdown');
    applyFragments(fragments('Second Mug'));
    press(link(), 'pointerup');
    vi.advanceTimersByTime(0);
    expect(shownLine()).toContain('Second Mug');
    vi.advanceTimersByTime(900);
    press(link(), 'pointerdown');
    applyFragments(fragments('Third Mug'));
    vi.advanceTimersByTime(200);
    expect(shownLine(), 'the first press\'s cap came and went: the link is still pressed').toContain('Second Mug');
    press(link(), 'pointerup');
    vi.advanceTimersByTime(0);
    expect(shownLine()).toContain('Third Mug');
  });

  it('MCR-01 a second finger lifting does not end the press of the first, and a right click holds nothing', () => {
    vi.useFakeTimers();
    document.body.innerHTML = miniCart([miniCartLine('old', 'Old Mug', 1)]);
    press(link(), 'pointerdown', 'touch', { pointerId: 7 });
    press(link(), 'pointerdown', 'touch', { pointerId: 8, isPrimary: false });
    applyFragments(fragments('New Mug'));
    press(link(), 'pointerup', 'touch', { pointerId: 8, isPrimary: false });
    vi.advanceTimersByTime(400);
    expect(shownLine()).toContain('Old Mug');
    press(link(), 'pointerup', 'touch', { pointerId: 7 });
    vi.advanceTimersByTime(300);
    expect(shownLine()).toContain('New Mug');
    // A context menu can swallow the right button's pointerup: that press must not hold the cart back.
    press(link(), 'pointerdown', 'mouse', { button: 2 });
    applyFragments(fragments('Newer Mug'));
    expect(shownLine()).toContain('Newer Mug');
  });

  it('MCR-01 a held update whose listener throws does not lose the updates behind it', () => {
    vi.useFakeTimers();
    document.body.innerHTML = miniCart([miniCartLine('old', 'Old Mug', 1)]);
    press(link(), 'pointerdown');
    const order: string[] = [];
    applyFragments(fragments('Second Mug'), {
      after: () => {
        throw new Error('a listener failed');
      },
    });
    applyFragments(fragments('Third Mug'), { after: () => order.push('third') });
    press(link(), 'pointerup');
    vi.advanceTimersByTime(0);
    expect(order).toEqual(['third']);
    expect(shownLine()).toContain('Third Mug');
    expect(() => vi.runOnlyPendingTimers()).toThrow('a listener failed');
  });

  it("MCR-01 a refresh's answer that came while an add was held behind a press does not put the cart from before the add back", async () => {
    shopSettings();
    watchCartChanges();
    document.body.innerHTML = miniCart([miniCartLine('old', 'Old Mug', 1)]);
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    const refreshing = refreshFragments('storage');
    press(link(), 'pointerdown');
    // The add's answer comes during the press, and is held with its cart:added.
    const added = fragments('Added Mug');
    applyFragments(added, { after: () => emit('cart:added', { fragments: added, cartHash: 'h-added', button: null }) });
    // Then the refresh, asked before the add, answers with the cart as it was.
    answer.resolve(json({ fragments: fragments('Old Mug'), cart_hash: 'h-old' }));
    await refreshing;
    press(link(), 'pointerup');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shownLine()).toContain('Added Mug');
  });
});
