import { options } from 'preact';

/** Preact's hook for scheduling effects: given the function that runs them, it decides when. */
type EffectScheduler = (runEffects: () => void) => void;

/**
 * The lite flavour's mount-effects.ts. Preact runs effects after the next paint (a frame, or up to 35 ms),
 * so a widget reported mounted still had no listeners for a frame: a click there followed the server's
 * link (a page load instead of an ajax add), and a shopper leaving in that frame went uncounted. During a
 * mount's render this takes Preact's scheduling hook (the one its own test helper uses) and runs the
 * effects as soon as the render is done, as React does. Later renders keep Preact's after-paint timing.
 */
export function withMountEffects(render: () => void): void {
  const hooks = options as { requestAnimationFrame?: EffectScheduler };
  const scheduler = hooks.requestAnimationFrame;
  let runEffects: (() => void) | undefined;
  hooks.requestAnimationFrame = (run) => {
    runEffects = run;
  };
  try {
    render();
  } finally {
    hooks.requestAnimationFrame = scheduler;
    runEffects?.();
  }
}
