import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** The window as the shopper saw it when a journey failed, in test/shop/screenshots/ (gitignored). */
export async function screenshotFailure(page: Page, name: string): Promise<void> {
  await mkdir(FOLDER, { recursive: true });
  await page.screenshot({ path: path.join(FOLDER, `${name.replace(/[^a-z0-9._-]+/gi, '-').slice(0, 120)}.png`) });
}
