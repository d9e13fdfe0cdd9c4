/**
 * The wallet button's room at first paint (styles/first-paint-wallet.js and first-paint.css): this browser's
 * wallet is remembered as the height its box had when it last showed, so the next page that carries the button
 * shows the box at that height before any script runs, and the page below it does not move when the button
 * appears. localStorage holds a number and nothing else: no identifier, nothing sent anywhere (docs/decisions.md,
 * "The express wallet keeps its room").
 */

const KEY = 'vitrine-wallet';
const MARK = 'vitrine-wallet';
const HEIGHT = '--vitrine-wallet-height';

/** Whether the head script kept the room at first paint (this browser had a wallet on an earlier page). */
export function roomKept(): boolean {
  return document.documentElement.classList.contains(MARK);
}

/** Gives the room back: the box follows its own display again (the widget's hide, WooPayments' display:none). */
export function releaseRoom(): void {
  document.documentElement.classList.remove(MARK);
  document.documentElement.style.removeProperty(HEIGHT);
}

/** The wallet showed: its box's height now, for the next page's first paint (nothing when it has no height). */
export function rememberWallet(box: HTMLElement): void {
  const height = Math.round(box.getBoundingClientRect().height);
  if (height <= 0) return;
  try {
    localStorage.setItem(KEY, String(height));
  } catch {
    // Storage refused (a private window's quota, a policy): the next page shows the button as it comes.
  }
}

/** This browser has no wallet (any more): no room on the next pages. */
export function forgetWallet(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
