/*
 * Printed inline in the <head> of pages that carry WooPayments' express wallet button, before the first paint
 * (the WordPress plugin prints dist/first-paint-wallet.js). The button's box and its "— OR —" are printed hidden
 * and shown once Stripe says this browser has a wallet, which pushed everything below them down. A browser whose
 * wallet showed on an earlier page (the express-checkout widget keeps the box's height in localStorage,
 * widgets/express-checkout/room.ts) gets .vitrine-wallet on <html> and the height in --vitrine-wallet-height, and
 * first-paint.css shows the box at that height from the first paint: nothing moves when the button appears.
 * No globals, nothing newer than ES2015: it runs before anything else, in every browser a shop serves.
 */
(function () {
  try {
    const height = parseInt(localStorage.getItem('vitrine-wallet'), 10);
    if (height > 0 && height < 400) {
      document.documentElement.classList.add('vitrine-wallet');
      document.documentElement.style.setProperty('--vitrine-wallet-height', height + 'px');
    }
  } catch (e) {}
})();
