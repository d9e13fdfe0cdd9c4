/**
 * What both halves of the wallet do to the page and with Store API answers: the overlay, the error notice
 * and the cart check. The button's half (controller.ts) needs them for a failed re-pricing and a press,
 * the sheet's half (sheet.ts) for everything after; they live here so the sheet chunk imports them from
 * the chunk already loaded instead of carrying a copy.
 */
import { HttpError, toHttpError } from '../../src/http/errors';
import { isRecord } from '../../src/guards';
import { errorNotice, scrollToNotice } from '../../src/notices';
import { type ExpressCart, failureMessage, isExpressCart } from './logic';

const OVERLAY_CLASS = 'vitrine-express-overlay';

/** The page blocked while the wallet works (WooPayments' blockUI: white, 0.6). */
export function blockPage(block: boolean): void {
  const existing = document.querySelector(`.${OVERLAY_CLASS}`);
  if (!block) {
    existing?.remove();
    document.body.removeAttribute('aria-busy');
    return;
  }
  if (existing) return;
  const overlay = document.createElement('div');
  overlay.className = OVERLAY_CLASS;
  document.body.append(overlay);
  document.body.setAttribute('aria-busy', 'true');
}

/**
 * EXP-26 The message replaces the error notices of the first notices area (only those: an error elsewhere, such as
 * the checkout form's own, stays), and the page scrolls to it. The page is unblocked unless the wallet sheet stays
 * open (a refused address or rate): then closing the sheet unblocks it.
 */
export function showExpressError(message: string, { unblock = true } = {}): void {
  if (unblock) blockPage(false);
  const wrapper = document.querySelector('.woocommerce-notices-wrapper') ?? document.querySelector('main') ?? document.body;
  for (const old of wrapper.querySelectorAll(':scope > .woocommerce-error')) old.remove();
  const notice = errorNotice(message);
  wrapper.prepend(notice);
  scrollToNotice(notice);
}

/** What to tell the shopper about a failed step: the shop's errorMessage detail, or `fallback` for the step. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isRecord(error) && isRecord(error.data) && Array.isArray(error.data.details)) {
    const detail = (error.data.details as Array<{ key?: string; value?: string }>).find((d) => d.key === 'errorMessage');
    if (detail?.value) return detail.value;
  }
  return failureMessage(toHttpError(error), fallback);
}

/** A Store API answer that must be a cart: an empty body or a stray page is treated as garbage. */
export async function asCart(pending: Promise<unknown>): Promise<ExpressCart> {
  const answer = await pending;
  if (!isExpressCart(answer)) throw new HttpError('invalid_json');
  return answer;
}
