/*
 * Printed inline in the <head> of pages that carry WooPayments' express wallet button, before the first paint
 * (the WordPress plugin prints dist/first-paint-wallet.js). The button's box and its "— OR —" are printed hidden
 * and shown once Stripe says this browser has a wallet, which pushed everything below them down. A browser whose
 * wallet showed on an earlier page (the express-checkout widget keeps the box's height in localStorage,
 * widgets/express-checkout/room.ts) gets .vitrine-wallet on <html> and the height in --vitrine-wallet-height, and
 * first-paint.css shows the box at that height from the first paint: nothing moves when the button appears.
 *
 * The widget marks the room as its own when it starts (.vitrine-wallet-held) and gives it back once Stripe has
 * answered. A widget that has not started 10 s on never will on most pages (its code blocked or failed, the wallet
 * handed back to WooPayments' own script), and an empty box must not stay: the room goes then.
 * No globals, nothing newer than ES2015: it runs before anything else, in every browser a shop serves.
 */
(function () {
  try {
    const html = document.documentElement;
    const height = parseInt(localStorage.getItem('vitrine-wallet'), 10);
    if (height > 0 && height < 400) {
      html.classList.add('vitrine-wallet');
      html.style.setProperty('--vitrine-wallet-height', height + 'px');
      setTimeout(() => {
        if (!html.classList.contains('vitrine-wallet-held')) html.classList.remove('vitrine-wallet');
      }, 10000);
    }
  } catch (e) {}
})();
