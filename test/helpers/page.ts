import { waitFor } from '@testing-library/react';
import { observe, report, resetMounts, scan, settled } from '../../mount/mounts';
import type { MountState } from '../../mount/types';

/**
 * Puts server-shaped markup in the document and boots the mount layer on it, as the real
 * entry does, then waits for every `ready`/`idle`/`visible` widget to mount.
 */
export async function bootPage(html: string): Promise<void> {
  resetMounts();
  document.body.innerHTML = html;
  scan(document);
  observe();
  await settled();
}

/** Waits until `widget` reports `state` for `element` (or any element when omitted). */
export async function waitForMount(widget: string, element?: Element, state: MountState = 'mounted'): Promise<void> {
  await waitFor(
    async () => {
      await settled();
      const row = report().find((r) => r.widget === widget && (!element || r.element === element));
      if (row?.state !== state) throw new Error(`${widget} is ${row?.state ?? 'absent'}, waiting for ${state}`);
    },
    { timeout: 3000 },
  );
}
