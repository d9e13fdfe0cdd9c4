import type { Page } from 'playwright-core';

/** Wakes the instant-search widgets (they load on interaction) as a pointer passing over them would, then waits for `count` of them. */
export async function mountedSearch(page: Page, count = 1): Promise<void> {
  await page.evaluate(() => {
    for (const row of window.vitrine?.report() ?? []) {
      if (row.widget === 'instant-search' && row.state === 'pending') row.element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    }
  });
  await page.waitForFunction(
    (n) => (window.vitrine?.report().filter((row) => row.widget === 'instant-search' && row.state === 'mounted').length ?? 0) >= n,
    count,
  );
}
