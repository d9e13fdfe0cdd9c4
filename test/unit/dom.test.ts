import { describe, expect, it, vi } from 'vitest';
import { onPress } from '../../src/dom';

function key(element: HTMLElement, name: string): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return event;
}

describe('onPress', () => {
  it('presses a role=button link on click and Space (Enter is the browser’s own click on a link with href)', () => {
    document.body.innerHTML = '<a href="/?remove_item=abc" role="button">Remove</a>';
    const link = document.querySelector('a')!;
    const press = vi.fn((event: MouseEvent) => event.preventDefault());
    onPress(link, press);
    link.click();
    const space = key(link, ' ');
    key(link, 'Enter');
    expect(press).toHaveBeenCalledTimes(2);
    expect(space.defaultPrevented).toBe(true);
  });

  it('presses an element with no href on Enter and Space too', () => {
    document.body.innerHTML = '<a class="coming-soon-footer-banner-dismiss" tabindex="0"></a>';
    const link = document.querySelector('a')!;
    const press = vi.fn();
    onPress(link, press);
    key(link, 'Enter');
    key(link, ' ');
    expect(press).toHaveBeenCalledTimes(2);
  });

  it('leaves a real <button> to the browser, so one key press is one press', () => {
    document.body.innerHTML = '<button type="button">Add</button>';
    const button = document.querySelector('button')!;
    const press = vi.fn();
    onPress(button, press);
    expect(key(button, ' ').defaultPrevented).toBe(false);
    expect(key(button, 'Enter').defaultPrevented).toBe(false);
    expect(press).not.toHaveBeenCalled();
  });

  it('stops listening after cleanup', () => {
    document.body.innerHTML = '<a role="button" tabindex="0">x</a>';
    const link = document.querySelector('a')!;
    const press = vi.fn();
    onPress(link, press)();
    link.click();
    key(link, ' ');
    expect(press).not.toHaveBeenCalled();
  });
});
