<?php
/**
 * The settings fields older WooCommerce releases do not print yet, filled in on the storefront so that Vitrine's
 * widgets read the shape WooCommerce 10 prints on every supported release (8.0 and later): translated texts where
 * the bundle would fall back to English, order attribution's field map where it would fill nothing. Done here rather
 * than in the bundle, which every shop downloads: only shops on an old release need it, and here it adds no byte of
 * JavaScript.
 *
 * Only absent keys are added, and early: WooCommerce's own values stand, and a site's filters (on
 * `woocommerce_get_script_data`, and on the global's own filter, `woocommerce_params` …, which WooCommerce applies
 * after it) see the filled-in texts and keep the last word.
 *
 * @package Vitrine
 */

defined( 'ABSPATH' ) || exit;

/**
 * Order attribution's fields on WooCommerce 8.5 (its own field names, with the sourcebuster.js path that 8.5's
 * order-attribution.js read for each in sbjsDataToSchema). 8.6 and later print such a map as `fields`.
 */
const VITRINE_WC85_ATTRIBUTION_FIELDS = array(
	'type'               => 'current.typ',
	'url'                => 'current_add.rf',
	'utm_campaign'       => 'current.cmp',
	'utm_source'         => 'current.src',
	'utm_medium'         => 'current.mdm',
	'utm_content'        => 'current.cnt',
	'utm_id'             => 'current.id',
	'utm_term'           => 'current.trm',
	'session_entry'      => 'current_add.ep',
	'session_start_time' => 'current_add.fd',
	'session_pages'      => 'session.pgs',
	'session_count'      => 'udata.vst',
	'user_agent'         => 'udata.uag',
);

/**
 * The fields a handle's settings have on newer releases, as those releases write them (escaped with esc_attr, as
 * WooCommerce's esc_attr__ does). The texts WooCommerce added are translated with WordPress core's own strings
 * where core has the same text (its login form's password toggle), with Vitrine's text domain otherwise: an old
 * WooCommerce release ships no translation of a text it did not have yet.
 *
 * @param string $handle A script handle.
 * @return array<string, mixed>
 */
function vitrine_newer_script_data( $handle ) {
	switch ( $handle ) {
		case 'woocommerce':
			// WooCommerce 9.7. Core's texts, in core's domain: its login form has them since WordPress 5.3.
			return array(
				'i18n_password_show' => esc_attr__( 'Show password', 'default' ),
				'i18n_password_hide' => esc_attr__( 'Hide password', 'default' ),
			);
		case 'wc-single-product':
			// WooCommerce 9.7 prints "1 of 5 stars" … "5 of 5 stars", five texts; Vitrine's review stars have the
			// one text with {n} (widgets/review-rating/strings.ts), already offered to translators.
			$stars = array();
			foreach ( range( 1, 5 ) as $n ) {
				/* translators: keep {n} as written: Vitrine fills it in. */
				$stars[] = esc_attr( str_replace( '{n}', (string) $n, __( '{n} of 5 stars', 'vitrine' ) ) );
			}
			return array(
				'i18n_rating_options'               => $stars,
				// WooCommerce 9.5: the product gallery's full-screen button.
				'i18n_product_gallery_trigger_text' => esc_attr__( 'View full-screen image gallery', 'vitrine' ),
			);
		case 'wc-add-to-cart-variation':
			// WooCommerce 9.5.
			return array(
				'i18n_reset_alert_text' => esc_attr__( 'Your selection has been reset. Please select some product options before adding this product to your cart.', 'vitrine' ),
			);
	}
	return array();
}

/**
 * `woocommerce_get_script_data`: adds the fields a newer release would print and this one did not, never replacing
 * one it printed.
 *
 * @param array|false $params The handle's settings (false for a handle WooCommerce prints none for).
 * @param string      $handle The script handle.
 * @return array|false
 */
function vitrine_fill_script_data( $params, $handle = '' ) {
	if ( ! is_array( $params ) || ! is_string( $handle ) ) {
		return $params;
	}
	return $params + vitrine_newer_script_data( $handle );
}

/**
 * WooCommerce 8.5's order attribution global lacks the `fields` map Vitrine reads (8.6 added it), and consent code
 * written for 8.5 calls `setAllowTrackingConsent( allow )`, which 8.6 replaced with `setOrderTracking( allow )`. Both
 * are added, where the printed global has no fields, by a "before" script on the source-less handle, which WordPress
 * prints right after `var wc_order_attribution = {…}` (wp_localize_script, not woocommerce_get_script_data, prints
 * that global). Vitrine puts setOrderTracking on the global when it starts, after this ran: the alias looks it up
 * when called. Called before Vitrine started, it allows tracking in the settings Vitrine then reads, as 8.5's own
 * setAllowTrackingConsent did; called with false, it does nothing, as 8.5's did.
 */
function vitrine_add_wc85_attribution() {
	$fields = wp_json_encode( VITRINE_WC85_ATTRIBUTION_FIELDS, JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES );
	// 8.5 has a WP Consent API integration, but nothing starts it (8.6 does): on 8.5 order attribution records every
	// visit, whatever the shopper chose in the consent banner. 8.6 and later print the consent category where the WP
	// Consent API is active, and Vitrine then asks the browser for that consent (widgets/order-attribution); given the
	// category, 8.5 shops get what 8.6 gives.
	$consent = class_exists( 'WP_CONSENT_API' ) ? 'if(a.params&&!a.params.consentCategory){a.params.consentCategory="marketing"}' : '';
	$script = '(function(){var a=window.wc_order_attribution;if(!a||a.fields){return}'
		. $consent
		. 'a.fields=' . $fields . ';'
		. 'a.setAllowTrackingConsent=function(allow){var o=window.wc_order_attribution;if(!allow||!o){return}'
		. 'if(o.params){o.params.allowTracking="yes"}'
		. 'if(typeof o.setOrderTracking==="function"){o.setOrderTracking(true)}}})();';
	wp_add_inline_script( 'wc-order-attribution', $script, 'before' );
}

/** On the storefront Vitrine runs: the fields older WooCommerce releases lack, filled in. */
function vitrine_fill_older_woocommerce() {
	if ( ! vitrine_is_storefront() ) {
		return;
	}
	// Early (priority 1), so that the filters after it (a site's own, the global's own filter WooCommerce applies
	// next) see the filled-in texts and may change or remove them.
	add_filter( 'woocommerce_get_script_data', 'vitrine_fill_script_data', 1, 2 );
	$version = vitrine_woocommerce_version();
	if ( version_compare( $version, '8.5', '>=' ) && version_compare( $version, '8.6', '<' )
		&& wp_script_is( 'wc-order-attribution', 'registered' ) && in_array( 'wc-order-attribution', vitrine_replaced_scripts(), true ) ) {
		vitrine_add_wc85_attribution();
		// 8.5 enqueues its block checkout script on every page (8.6 dropped it). It reads sourcebuster.js's global and
		// 8.5's sbjsDataToSchema, which Vitrine replaces, so it threw on every page, after pulling in React and the
		// block data stores; Vitrine's order attribution gives a block checkout its data itself (setExtensionData).
		wp_dequeue_script( 'wc-order-attribution-blocks' );
	}
}
// After WooCommerce enqueued its scripts and localized order attribution (priority 10), before any script is printed
// (WooCommerce localizes its other settings then, through woocommerce_get_script_data).
add_action( 'wp_enqueue_scripts', 'vitrine_fill_older_woocommerce', 100 );
