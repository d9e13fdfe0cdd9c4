import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** The whole page as the shopper had it when a journey failed, in test/shop/screenshots/ (gitignored). */
export async function screenshotFailure(page: Page, name: string): Promise<void> {
  await mkdir(FOLDER, { recursive: true });
  await page.screenshot({ fullPage: true, path: path.join(FOLDER, `${name.replace(/[^a-z0-9._-]+/gi, '-').slice(0, 120)}.png`) });
}
