import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { on } from '../../src/bus';
import { applyFragments } from '../../src/cart';
import { PRESS_WAIT_MS, resetPressesForTests, watchPresses } from '../../widgets/cart-fragments/press';
import { miniCart, miniCartLine } from './cart-helpers';

// A press under way on the mini cart keeps the markup it was pressed on until its click has been heard
// (widgets/cart-fragments/press.ts). Without it the fragments' refresh, landing between the press's pointerdown and
// its pointerup, takes the pressed remove link away and the browser sends the click to the mini cart's container.

const KEY = 'div.widget_shopping_cart_content';
const fragments = (name: string) => ({ [KEY]: miniCart([miniCartLine(name, name, 1)]) });
const shownLine = () => document.querySelector('.woocommerce-mini-cart-item')?.textContent ?? '';
const link = () => document.querySelector<HTMLElement>('.remove_from_cart_button')!;

function press(target: Element, type: string, pointerType = 'mouse'): void {
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, isPrimary: true, pointerType }));
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
});
