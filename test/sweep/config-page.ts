import type { Page } from 'playwright-core';

// What a page booted with malformed configuration shows the test: Vitrine's console errors, the mount
// report, and whether anything reached Object.prototype.

/** Runs before any page script: what Object.prototype holds before the page's code runs. */
export const PROTOTYPE_BASELINE = `Object.defineProperty(window, '__protoBaseline', { value: Object.getOwnPropertyNames(Object.prototype).join(',') });`;

export interface BootResult {
  /** Widgets whose mount failed, with the reason. */
  failed: { widget: string; reason: string }[];
  mounted: string[];
  /** Names added to Object.prototype, or `polluted_*` keys readable on a fresh object. */
  pollution: string[];
}

/**
 * Lets the page finish what it starts by itself (ready and idle widgets, their first requests), then
 * reads the report. Each `settled()` covers the widgets loading at that moment; idle callbacks between
 * them let the idle ones start.
 */
export async function boot(page: Page): Promise<BootResult> {
  await page.waitForFunction(() => window.vitrine !== undefined);
  return page.evaluate(async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 }));
      await window.vitrine?.settled();
    }
    const rows = window.vitrine?.report() ?? [];
    const baseline = (window as unknown as { __protoBaseline: string }).__protoBaseline.split(',');
    const now = Object.getOwnPropertyNames(Object.prototype);
    const probe: Record<string, unknown> = {};
    const baits = ['polluted_json', 'polluted_json_ctor', 'polluted_json_proto', 'polluted_literal', 'polluted_attr'];
    return {
      failed: rows.filter((row) => row.state === 'failed').map((row) => ({ widget: row.widget, reason: row.reason })),
      mounted: rows.filter((row) => row.state === 'mounted').map((row) => row.widget),
      pollution: [...now.filter((name) => !baseline.includes(name)), ...baits.filter((bait) => probe[bait] !== undefined)],
    };
  });
}

/**
 * Polls `check` until it holds or `ms` pass (console messages reach the test a moment after they are
 * logged, later on a busy machine). Every caller expects it to hold, so `ms` is a hang deadline: it only
 * costs time when the messages never come.
 */
export async function eventually(check: () => boolean, ms = 30_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
