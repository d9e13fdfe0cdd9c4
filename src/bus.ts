import type { VitrineEventName, VitrineEvents } from './events';

export type { VitrineEventName, VitrineEvents } from './events';

const PREFIX = 'vitrine:';

/** Events that arrived from jQuery; the bridge must not send them back. */
const fromJQuery = new WeakSet<Event>();

export type BusHandler<K extends VitrineEventName> = (payload: VitrineEvents[K], event: CustomEvent) => void;

function target(): HTMLElement {
  return document.body ?? document.documentElement;
}

/** Fires a typed event as a DOM CustomEvent `vitrine:<name>` on document.body. */
export function emit<K extends VitrineEventName>(name: K, payload: VitrineEvents[K], origin?: 'jquery'): void {
  const event = new CustomEvent(PREFIX + name, { detail: payload, bubbles: true });
  if (origin === 'jquery') fromJQuery.add(event);
  target().dispatchEvent(event);
}

/** Listens to a typed event; returns the function that stops listening. */
export function on<K extends VitrineEventName>(name: K, handler: BusHandler<K>): () => void {
  const listener = (event: Event) => {
    const custom = event as CustomEvent<VitrineEvents[K]>;
    try {
      handler(custom.detail, custom);
    } catch (error) {
      // One broken listener must not stop the others nor the widget that emitted.
      console.error(`[vitrine] a listener of "${name}" threw`, error);
    }
  };
  // Listen on document so a swapped body (tests, page builders) still delivers.
  document.addEventListener(PREFIX + name, listener);
  return () => document.removeEventListener(PREFIX + name, listener);
}

/** True when the event was relayed from a jQuery trigger (so it must not be relayed back). */
export function cameFromJQuery(event: Event): boolean {
  return fromJQuery.has(event);
}

export const bus = { emit, on };
export type Bus = typeof bus;
