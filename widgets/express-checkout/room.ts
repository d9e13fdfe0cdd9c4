/**
 * The wallet button's room at first paint (styles/first-paint-wallet.js and first-paint.css): this browser's
 * wallet is remembered as the height its box had when it last showed, so the next page that carries the button
 * shows the box at that height before any script runs, and the page below it does not move when the button
 * appears. localStorage holds a number and nothing else: no identifier, nothing sent anywhere (docs/decisions.md,
 * "The express wallet keeps its room…"). The mark on <html> and the storage key share the name.
 */
const WALLET = 'vitrine-wallet';
/** The widget's mark that it has taken the room over: the head script's 10 s cap then leaves it alone. */
const HELD = 'vitrine-wallet-held';

/** Whether the head script kept the room at first paint (this browser had a wallet on an earlier page). */
export const roomKept = (): boolean => document.documentElement.classList.contains(WALLET);

/**
 * The widget has started and answers for the room from now on: it stays, however long Stripe takes, until
 * releaseRoom. Without this mark the head script gives the room back 10 s after the first paint.
 */
export function holdRoom(): void {
  if (roomKept()) document.documentElement.classList.add(HELD);
}

/**
 * Gives the room back: the box follows its own display again (the widget's hide, WooPayments' display:none).
 * The height the head script set stays on <html>, unused without the mark.
 */
export const releaseRoom = (): void => document.documentElement.classList.remove(WALLET, HELD);

/** Remembers the wallet's box height for the next page's first paint; 0 forgets it (no wallet in this browser). */
export function rememberWallet(height: number): void {
  try {
    if (height > 0) localStorage.setItem(WALLET, String(height));
    else localStorage.removeItem(WALLET);
  } catch {
    // Storage refused (a private window's quota, a policy): the next page shows the button as it comes.
  }
}
