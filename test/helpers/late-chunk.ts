/**
 * A lazily imported part (a chunk of its own in the build) that arrives when the test says so, as on a slow network,
 * and counts how often it was asked for. Used from `vi.hoisted`, since `vi.mock` factories run before imports:
 *
 *   const chunk = await vi.hoisted(async () => (await import('../helpers/late-chunk')).lateChunk());
 *   vi.mock('../../widgets/x/part', async (importActual) => chunk.deliver(importActual));
 */
export interface LateChunk {
  /** How many times the module was imported. */
  readonly asked: number;
  /** Lets the module arrive. */
  arrive(): void;
  /** The mock factory's body: counts the import, waits for `arrive`, then hands over the real module. */
  deliver<T>(importActual: () => Promise<T>): Promise<T>;
}

export function lateChunk(): LateChunk {
  let asked = 0;
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return {
    get asked() {
      return asked;
    },
    arrive: () => arrive(),
    async deliver(importActual) {
      asked += 1;
      await arrived;
      return importActual();
    },
  };
}
