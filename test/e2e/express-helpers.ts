import type { Dialog, Page } from 'playwright-core';

// Shared steps of the express wallet e2e files: the shopper's moves in the Stripe stand-in's sheet
// (test/fixtures/stripe-stand-in.js) and reads of what the backend holds.

export interface Log {
  resolved: Array<Record<string, unknown>>;
  updates: Array<{ amount?: number }>;
  rejected: number;
  errors: string[];
  elements: Array<Record<string, unknown>>;
  clicks: unknown[];
  amounts: number[];
  nextActions: Array<{ intent: string; clientSecret: string }>;
}
export const standIn = (page: Page) => page.evaluate(() => (window as unknown as { __stripeStandIn: Log }).__stripeStandIn);
export const statuses = async (base: string) => (await (await fetch(new URL('/__vitrine/order-statuses', base))).json()) as Array<{ id: number; status: string; lines: Array<{ name: string; quantity: number }> }>;

export const COUNTRY_NAMES: Record<string, string> = { US: 'United States (US)', GB: 'United Kingdom (UK)', DE: 'Germany', AT: 'Austria' };

/** Polls the backend until `accept` holds; the default deadline is playwright's (30 s), never a short one. */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, timeout = 30_000): Promise<T> {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The wallet button shows, and is no longer busy with its amount (a click then pays the right amount). */
export async function walletReady(page: Page): Promise<void> {
  await page.waitForSelector('#wcpay-express-checkout-element:not([aria-busy]) [data-stand-in="wallet-button"]', { state: 'visible' });
}

export async function openSheet(page: Page): Promise<void> {
  await page.click('[data-stand-in="wallet-button"]');
  try {
    await page.waitForSelector('.sis-sheet [data-stand-in="pay"]');
  } catch (error) {
    // What the wallet saw, so a failure says whether the press arrived, was answered or was refused.
    const seen = await page.evaluate(() => {
      const log = (window as unknown as { __stripeStandIn: Log }).__stripeStandIn;
      const container = document.getElementById('wcpay-express-checkout-element');
      return { clicks: log.clicks.length, resolved: log.resolved.length, errors: log.errors, busy: container?.getAttribute('aria-busy') ?? null, buttons: document.querySelectorAll('[data-stand-in="wallet-button"]').length, overlay: !!document.querySelector('.vitrine-express-overlay') };
    });
    throw new Error(`no sheet opened after the wallet press: ${JSON.stringify(seen)}`, { cause: error });
  }
}

/** Chooses a shipping country in the sheet; unless the shop is expected to refuse it, waits until the sheet shows it as accepted. */
export async function chooseAddress(page: Page, country: string, expect: 'accepted' | 'refused' = 'accepted'): Promise<void> {
  await page.selectOption('.sis-sheet [data-stand-in="address"] select', country);
  await page.click('[data-stand-in="use-address"]');
  if (expect === 'accepted') await page.waitForSelector(`[data-stand-in="ship-to"]:text-is("Shipping to ${COUNTRY_NAMES[country]}")`);
}

export async function pay(page: Page, outcome: 'success' | 'declined' | '3ds' = 'success'): Promise<void> {
  await page.selectOption('[data-stand-in="outcome"]', outcome);
  await page.click('[data-stand-in="pay"]');
}

/**
 * Clicks and accepts the dialog the click opens. The listener is there before the click (a dialog blocks
 * the page until answered, so the click only returns once it is), and the dialog is awaited with
 * playwright's default timeout.
 */
export async function clickThroughDialog(page: Page, selector: string): Promise<Dialog> {
  const opened = page.waitForEvent('dialog');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.click(selector);
  return opened;
}

/** The main cart, read from the cart page as the shopper sees it. */
export async function mainCartNames(page: Page, base: string): Promise<string[]> {
  const other = await page.context().newPage();
  await other.goto(`${base}cart/`);
  const names = await other.$$eval('.woocommerce-cart-form .product-name a', (links) => links.map((a) => a.textContent?.trim() ?? ''));
  await other.close();
  return names;
}

/** Waits until the last amount the shop gave the wallet (at creation or in an update) is `cents`. */
export async function walletAmountIs(page: Page, cents: number): Promise<void> {
  await page.waitForFunction((want) => (window as unknown as { __stripeStandIn: Log }).__stripeStandIn.amounts.at(-1) === want, cents);
}
