/**
 * When a widget's effects run, relative to its mount. Widgets set up their listeners on the server's markup
 * in effects, and the mount reports "mounted" (and lets the held events go) right after the first render, so
 * the effects must have run by then. React runs a flushSync render's effects within it: nothing to do here.
 * The lite build swaps this module for mount-effects.lite.ts (see vite.config.ts), where Preact needs help.
 */
export function withMountEffects(render: () => void): void {
  render();
}
