<?php
/**
 * The storefront's reports (vitrine_page_reports) in words a site owner understands, for the settings screen and
 * Site Health. Every sentence is plain text: callers escape it where they print it.
 *
 * @package Vitrine
 */

defined( 'ABSPATH' ) || exit;

/**
 * What a script handle is, in words: WooCommerce's and the plugins' scripts Vitrine knows, the handle otherwise.
 *
 * @param string $handle A script handle.
 * @return string
 */
function vitrine_handle_label( $handle ) {
	switch ( $handle ) {
		case 'woocommerce':
			return __( 'WooCommerce’s common script', 'vitrine' );
		case 'wc-add-to-cart':
			return __( 'WooCommerce’s add to cart buttons', 'vitrine' );
		case 'wc-add-to-cart-variation':
			return __( 'WooCommerce’s product options form', 'vitrine' );
		case 'wc-cart-fragments':
			return __( 'WooCommerce’s mini cart updates', 'vitrine' );
		case 'wc-single-product':
			return __( 'WooCommerce’s product page script (gallery, tabs, reviews)', 'vitrine' );
		case 'wc-zoom':
		case 'zoom':
			return __( 'the image zoom', 'vitrine' );
		case 'wc-flexslider':
		case 'flexslider':
			return __( 'the gallery slider', 'vitrine' );
		case 'wc-photoswipe':
		case 'wc-photoswipe-ui-default':
		case 'photoswipe':
		case 'photoswipe-ui-default':
			return __( 'the full-screen gallery', 'vitrine' );
		case 'cfvsw_swatches_product':
			return __( 'Variation Swatches for WooCommerce', 'vitrine' );
		case 'smart-search-general':
			return __( 'Smart WooCommerce Search', 'vitrine' );
		case 'cookie-notice-front':
			return __( 'Cookie Notice’s banner', 'vitrine' );
		case 'wp-consent-api':
			return __( 'the WP Consent API', 'vitrine' );
		case 'sourcebuster-js':
		case 'wc-order-attribution':
		case 'wp-consent-api-integration':
			return __( 'WooCommerce’s order attribution', 'vitrine' );
		case 'wc-cart':
			return __( 'WooCommerce’s cart page script', 'vitrine' );
		case 'wc-checkout':
			return __( 'WooCommerce’s checkout script', 'vitrine' );
		case 'wc-country-select':
			return __( 'the country and state fields', 'vitrine' );
		case 'wc-address-i18n':
			return __( 'the address formats per country', 'vitrine' );
		case 'selectWoo':
		case 'wc-select2':
			return __( 'the searchable drop-downs', 'vitrine' );
		case 'wc-address-autocomplete':
		case 'wc-address-autocomplete-common':
			return __( 'the address suggestions', 'vitrine' );
		case 'WCPAY_EXPRESS_CHECKOUT_ECE':
			return __( 'WooPayments’ express payment buttons', 'vitrine' );
	}
	return $handle;
}

/**
 * Handles in words, each with its handle: "the image zoom (wc-zoom), …".
 *
 * @param string[] $handles Script handles.
 * @return string
 */
function vitrine_handles_in_words( $handles ) {
	$words = array();
	foreach ( $handles as $handle ) {
		$label   = vitrine_handle_label( $handle );
		$words[] = $label === $handle ? $handle : sprintf( '%1$s (%2$s)', $label, $handle );
	}
	return implode( ', ', $words );
}

/**
 * A page type's name.
 *
 * @param string $type shop, product, cart, checkout or other.
 * @return string
 */
function vitrine_page_type_label( $type ) {
	switch ( $type ) {
		case 'shop':
			return __( 'Shop and category pages', 'vitrine' );
		case 'product':
			return __( 'Product pages', 'vitrine' );
		case 'cart':
			return __( 'Cart', 'vitrine' );
		case 'checkout':
			return __( 'Checkout', 'vitrine' );
	}
	return __( 'Other pages', 'vitrine' );
}

/**
 * A feature's name on the settings screen.
 *
 * @param string $key A key of VITRINE_FEATURES.
 * @return string
 */
function vitrine_feature_label( $key ) {
	switch ( $key ) {
		case 'add-to-cart':
			return __( 'Add to cart without reloading (shop buttons, product form, removing from the mini cart)', 'vitrine' );
		case 'cart-fragments':
			return __( 'Mini cart updates', 'vitrine' );
		case 'product-gallery':
			return __( 'Product gallery, tabs and review rating', 'vitrine' );
		case 'variation-form':
			return __( 'Product options form (variable products; with it off, the swatches are off too)', 'vitrine' );
		case 'swatches':
			return __( 'Variation Swatches', 'vitrine' );
		case 'instant-search':
			return __( 'Instant search (Smart WooCommerce Search)', 'vitrine' );
		case 'cookie-notice':
			return __( 'Cookie banner (Cookie Notice)', 'vitrine' );
		case 'cart-page':
			return __( 'Cart page', 'vitrine' );
		case 'checkout':
			return __( 'Checkout', 'vitrine' );
		case 'address-autocomplete':
			return __( 'Address suggestions at checkout', 'vitrine' );
		case 'express-checkout':
			return __( 'Express payment buttons (WooPayments)', 'vitrine' );
		case 'order-attribution':
			return __( 'Order attribution (where orders come from)', 'vitrine' );
	}
	return $key;
}

/**
 * Vitrine's widgets in words: the name of the switch that turns each off on the settings screen, each name once.
 *
 * @param string[] $widgets Widget names (add-to-cart-form, product-tabs, ...).
 * @return string
 */
function vitrine_widgets_in_words( $widgets ) {
	$names = array();
	foreach ( $widgets as $widget ) {
		// The switch named after the widget, else the first switch that turns it off.
		$feature = isset( VITRINE_FEATURES[ $widget ] ) ? $widget : '';
		if ( '' === $feature ) {
			foreach ( VITRINE_FEATURES as $key => $spec ) {
				if ( in_array( $widget, $spec['widgets'], true ) ) {
					$feature = $key;
					break;
				}
			}
		}
		$names[] = $feature ? vitrine_feature_label( $feature ) : $widget;
	}
	return implode( '; ', array_unique( $names ) );
}

/**
 * One page type's report in sentences.
 *
 * @param array $report A recorded report (replaced, restored, served, aside).
 * @return string[]
 */
function vitrine_report_sentences( $report ) {
	$sentences = array();
	if ( $report['replaced'] ) {
		/* translators: %s: the scripts, in words. */
		$sentences[] = sprintf( __( 'Vitrine replaced: %s.', 'vitrine' ), vitrine_handles_in_words( $report['replaced'] ) );
	} else {
		$sentences[] = __( 'Vitrine replaced no script here.', 'vitrine' );
	}
	foreach ( $report['restored'] as $handle => $dependents ) {
		/* translators: 1: a script, in words, 2: the scripts that need it (their handles). */
		$sentences[] = sprintf( __( 'Put back: %1$s, because %2$s needs it. Vitrine leaves that part of the page to it.', 'vitrine' ), vitrine_handles_in_words( array( $handle ) ), implode( ', ', (array) $dependents ) );
	}
	foreach ( $report['served'] as $handle => $dependents ) {
		/* translators: 1: the scripts that rely on it (their handles), 2: a script, in words. */
		$sentences[] = sprintf( __( 'Kept working: %1$s relies on %2$s; Vitrine gives it the same settings and events, and jQuery.', 'vitrine' ), implode( ', ', (array) $dependents ), vitrine_handles_in_words( array( $handle ) ) );
	}
	$off    = array();
	$others = array();
	foreach ( $report['aside'] as $widget => $why ) {
		if ( false !== strpos( (string) $why, 'switched off in WooCommerce' ) ) {
			$off[] = $widget;
		} else {
			$others[] = $widget;
		}
	}
	if ( $others ) {
		/* translators: %s: Vitrine's widgets (their names). */
		$sentences[] = sprintf( __( 'Left to the original script: %s.', 'vitrine' ), vitrine_widgets_in_words( $others ) );
	}
	if ( $off ) {
		/* translators: %s: Vitrine's widgets (their names). */
		$sentences[] = sprintf( __( 'Switched off in these settings: %s.', 'vitrine' ), vitrine_widgets_in_words( $off ) );
	}
	return $sentences;
}

/**
 * Every script put back on the storefront, from the recorded reports: "handle" => [page types, dependents].
 *
 * @return array<string, array{pages: string[], for: string[]}>
 */
function vitrine_restored_scripts() {
	$restored = array();
	foreach ( vitrine_page_reports() as $type => $entry ) {
		foreach ( (array) $entry['report']['restored'] as $handle => $dependents ) {
			$restored[ $handle ]['pages'][] = $type;
			$restored[ $handle ]['for']     = array_values( array_unique( array_merge( $restored[ $handle ]['for'] ?? array(), (array) $dependents ) ) );
		}
	}
	return $restored;
}
