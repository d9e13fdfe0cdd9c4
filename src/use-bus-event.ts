import { useEffect, useRef } from 'react';
import { type BusHandler, on } from './bus';
import type { VitrineEventName } from './events';

/** Listens to a bus event for the component's lifetime; the latest handler is always called. */
export function useBusEvent<K extends VitrineEventName>(name: K, handler: BusHandler<K>): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => on(name, (payload, event) => latest.current(payload, event)), [name]);
}
