import { h, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { withMountEffects } from '../../mount/mount-effects.lite';

// What the widgets below did, in order; each test starts it empty.
let log: string[] = [];
let bump: () => void = () => {};

/** Logs each run of its effect with the count it saw; `bump()` re-renders it. */
function CountingWidget() {
  const [count, setCount] = useState(0);
  bump = () => setCount((n) => n + 1);
  useEffect(() => {
    log.push(`effect ${count}`);
  }, [count]);
  return h('span', null, String(count));
}

function OneEffectWidget() {
  useEffect(() => {
    log.push('effect');
  }, []);
  return h('span', null, 'ok');
}

// The lite flavour's mount (Preact): a widget's effects, where it sets up its listeners, have run by the
// time the mount returns, as with React's flushSync. Preact itself runs them after the next paint.
describe('lite mount effects', () => {
  const container = document.createElement('div');
  afterEach(() => {
    render(null, container);
    log = [];
  });

  it("a widget's effects have run when its mount returns; later renders keep Preact's after-paint timing", async () => {
    withMountEffects(() => render(h(CountingWidget, null), container));
    expect(log).toEqual(['effect 0']);
    expect(container.textContent).toBe('0');

    bump();
    await new Promise((resolve) => setTimeout(resolve, 0)); // Preact's render debounce
    expect(container.textContent).toBe('1');
    expect(log).toEqual(['effect 0']);
    await new Promise((resolve) => setTimeout(resolve, 100)); // after a frame (or Preact's 35 ms fallback)
    expect(log).toEqual(['effect 0', 'effect 1']);
  });

  it('a render that throws still restores the scheduling and runs the effects already queued', () => {
    expect(() =>
      withMountEffects(() => {
        render(h(OneEffectWidget, null), container);
        throw new Error('after the render');
      }),
    ).toThrow('after the render');
    expect(log).toEqual(['effect']);
  });
});
