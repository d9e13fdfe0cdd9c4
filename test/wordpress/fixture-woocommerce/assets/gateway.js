/* A payment gateway's classic checkout script (Vitrine's WordPress test): it depends on wc-checkout and uses what
   wc-checkout's contract gives it: jQuery, woocommerce.js's $.scroll_to_notices, the checkout's events. */
window.fixtureGateway = { jquery: typeof jQuery, scrollToNotices: typeof jQuery.scroll_to_notices, updated: 0 };
jQuery( document.body ).on( 'updated_checkout', function () {
	window.fixtureGateway.updated += 1;
	window.fixtureGateway.scrollToNotices = typeof jQuery.scroll_to_notices;
} );
