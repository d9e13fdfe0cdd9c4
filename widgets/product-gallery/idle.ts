import { LIGHTBOX } from './logic';

export interface IdleTimer {
  /** The shopper moved, pressed a key or tapped: controls show, the 4 s count restarts. */
  activity(): void;
  /** The mouse left the window: controls go idle after 1 s instead. */
  mouseLeft(): void;
  stop(): void;
}

/**
 * GAL-06: PhotoSwipe v4's idle controls, which v5 lacks. Calls `onChange(true)` when the controls
 * go idle and `onChange(false)` when activity brings them back (only on a change of state).
 */
export function createIdleTimer(onChange: (idle: boolean) => void, timing = LIGHTBOX): IdleTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle = false;
  const set = (next: boolean) => {
    if (next === idle) return;
    idle = next;
    onChange(next);
  };
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => set(true), ms);
  };
  schedule(timing.idleAfterMs);
  return {
    activity() {
      set(false);
      schedule(timing.idleAfterMs);
    },
    mouseLeft() {
      schedule(timing.idleAfterMouseLeftMs);
    },
    stop() {
      clearTimeout(timer);
    },
  };
}
