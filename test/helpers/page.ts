import { waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { holdEarlyActions, resetHeldQueueForTests } from '../../mount/early';
import { observe, report, resetMounts, scan, settled } from '../../mount/mounts';
import type { MountState } from '../../mount/types';

/**
 * Puts server-shaped markup in the document and boots the mount layer on it, as the real
 * entry does, then waits for every `ready`/`idle`/`visible` widget to mount. `beforeScan` runs on the
 * server markup before the mount layer sees it.
 */
export async function bootPage(html: string, { beforeScan }: { beforeScan?: () => void } = {}): Promise<void> {
  resetMounts();
  resetHeldQueueForTests();
  document.body.innerHTML = html;
  // What a shopper did to the server's markup before the bundle arrived (chosen options, typed text).
  beforeScan?.();
  // The public API the entry puts on window, which the replay of held actions reads (mount/replay.ts).
  window.vitrine = { report, settled } as unknown as Window['vitrine'];
  holdEarlyActions();
  scan(document);
  observe();
  await settled();
}

/**
 * Waits until `widget` reports `state` for `element` (or any element when omitted). A widget that loads
 * on `interaction` is woken first, as a shopper's pointer passing over it would.
 */
export async function waitForMount(widget: string, element?: Element, state: MountState = 'mounted'): Promise<void> {
  for (const row of report()) {
    if (row.widget === widget && row.state === 'pending' && (!element || row.element === element)) {
      row.element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    }
  }
  await waitFor(
    async () => {
      await settled();
      const row = report().find((r) => r.widget === widget && (!element || r.element === element));
      if (row?.state !== state) throw new Error(`${widget} is ${row?.state ?? 'absent'}, waiting for ${state}`);
    },
    // A deadline for a hang, not a timing: a loaded machine may take seconds to transform a chunk.
    { timeout: 60_000 },
  );
}

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Boots like `bootPage`, but on a fake clock (setTimeout/clearTimeout only), so a test can say
 * "not at 499 ms, at 500 ms" without depending on how busy the machine is. Module loading and
 * React's scheduler keep running on real time; every timer a widget sets waits for
 * `vi.advanceTimersByTimeAsync`. Returns once the widget has set a timer (unless told not to). Call `vi.useRealTimers()` at the end of the test.
 */
export async function bootPageOnFakeClock(
  html: string,
  widget: string,
  { waitForTimer = true, beforeScan }: { waitForTimer?: boolean; beforeScan?: () => void } = {},
): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  void bootPage(html, { beforeScan });
  // The `ready` strategy starts widgets from a 0 ms timeout; their chunks load on real I/O.
  // Only the widget under test is waited for: `idle` ones may wait for a clock that stands still.
  // A deadline for a hang (far above the seconds a loaded machine takes), not a timing.
  const deadline = performance.now() + 60_000;
  while (!isMounted(widget)) {
    if (performance.now() > deadline) throw new Error(`${widget} did not mount on the fake clock`);
    await vi.advanceTimersByTimeAsync(0);
    await nextMacrotask();
  }
  // Let React run the widget's effects, which set the timer under test, before the clock moves.
  for (let turn = 0; waitForTimer && vi.getTimerCount() === 0; turn++) {
    if (turn > 1000) throw new Error(`${widget} mounted but set no timer`);
    await nextMacrotask();
  }
}

function isMounted(widget: string): boolean {
  return report().some((row) => row.widget === widget && row.state === 'mounted');
}

/** Lets real-time work (React's scheduler, module loading) run between fake-clock steps. */
export async function realTurns(count = 20): Promise<void> {
  for (let turn = 0; turn < count; turn++) await nextMacrotask();
}

/** The browser shows the page again from its back-forward cache (Back after leaving): `pageshow` with `persisted`. */
export function returnFromPageCache(): void {
  const event = new Event('pageshow') as PageTransitionEvent;
  Object.defineProperty(event, 'persisted', { value: true });
  window.dispatchEvent(event);
}
