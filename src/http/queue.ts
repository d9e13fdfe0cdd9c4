/**
 * A strict FIFO queue running one task at a time. WooCommerce's add-to-cart.js queues add and remove
 * requests so the cart session sees them in click order and each answer's fragments are the newest
 * (ATC-03); Vitrine sends every cart mutation through `cartQueue`.
 */

export interface Queue {
  /** Runs `task` after every earlier task has settled; resolves or rejects with its outcome. */
  enqueue<T>(task: () => Promise<T> | T): Promise<T>;
  /** Tasks waiting plus the one running. */
  readonly size: number;
  /** Resolves once nothing is waiting or running. */
  idle(): Promise<void>;
}

export function createQueue(): Queue {
  let tail: Promise<unknown> = Promise.resolve();
  let size = 0;
  let waiters: Array<() => void> = [];

  const settle = () => {
    size -= 1;
    if (size > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  return {
    enqueue<T>(task: () => Promise<T> | T): Promise<T> {
      size += 1;
      // A task that throws synchronously or rejects must not stop the ones behind it, hence the
      // tail only ever resolves.
      const run = tail.then(() => task());
      tail = run.then(settle, settle);
      return run;
    },
    get size() {
      return size;
    },
    idle(): Promise<void> {
      if (size === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}

/** The one queue for cart mutations (add, remove, quantity changes). */
export const cartQueue: Queue = createQueue();
