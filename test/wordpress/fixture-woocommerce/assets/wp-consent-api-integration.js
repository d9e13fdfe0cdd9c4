// Stands for WooCommerce 8.5's WP Consent API glue: it told order attribution of a marketing consent.
window.fixtureConsentGlue = true;
