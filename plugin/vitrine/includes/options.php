<?php
/**
 * The site owner's choices (WooCommerce → Settings → Vitrine) and what the storefront reported, as options.
 *
 * - `vitrine_flavour`: 'react' (default) or 'lite'; the `vitrine_flavour` filter runs on top of it.
 * - `vitrine_widgets`: feature key => 'yes' | 'no' (VITRINE_FEATURES); a feature that is 'no' leaves its handles to
 *   WooCommerce and the plugin concerned, and its widgets step aside. The `vitrine_replaced_scripts` filter runs on
 *   top: a handle it adds back is replaced again, and the feature's widgets then run.
 * - `vitrine_page_reports`: the last `vitrine_scripts` report per page type (shop, product, cart, checkout, other),
 *   written only when it changes, for the settings screen and Site Health.
 *
 * @package Vitrine
 */

defined( 'ABSPATH' ) || exit;

/** Every option Vitrine stores (uninstall.php deletes them). */
const VITRINE_OPTIONS = array( 'vitrine_flavour', 'vitrine_widgets', 'vitrine_page_reports' );

/**
 * What a site owner can switch off: the widgets that step aside and the handles given back to WooCommerce and the
 * plugin concerned. Labels are translated where they are shown (vitrine_feature_label).
 */
const VITRINE_FEATURES = array(
	'add-to-cart'          => array(
		'widgets' => array( 'add-to-cart', 'add-to-cart-form', 'mini-cart-remove' ),
		'handles' => array( 'wc-add-to-cart' ),
	),
	'cart-fragments'       => array(
		'widgets' => array( 'cart-fragments' ),
		'handles' => array( 'wc-cart-fragments' ),
	),
	'product-gallery'      => array(
		'widgets' => array( 'product-gallery', 'product-tabs', 'review-rating' ),
		'handles' => array( 'wc-single-product', 'wc-zoom', 'wc-flexslider', 'wc-photoswipe', 'wc-photoswipe-ui-default', 'zoom', 'flexslider', 'photoswipe', 'photoswipe-ui-default' ),
	),
	'variation-form'       => array(
		'widgets' => array( 'variation-form', 'swatches' ),
		'handles' => array( 'wc-add-to-cart-variation', 'cfvsw_swatches_product' ),
	),
	'swatches'             => array(
		'widgets' => array( 'swatches' ),
		'handles' => array( 'cfvsw_swatches_product' ),
	),
	'instant-search'       => array(
		'widgets' => array( 'instant-search' ),
		'handles' => array( 'smart-search-general' ),
	),
	'cookie-notice'        => array(
		'widgets' => array( 'cookie-notice' ),
		'handles' => array( 'cookie-notice-front' ),
	),
	'cart-page'            => array(
		'widgets' => array( 'cart-page' ),
		'handles' => array( 'wc-cart' ),
	),
	'checkout'             => array(
		'widgets' => array( 'checkout' ),
		'handles' => array( 'wc-checkout' ),
	),
	'address-autocomplete' => array(
		'widgets' => array( 'address-autocomplete' ),
		'handles' => array( 'wc-address-autocomplete', 'wc-address-autocomplete-common' ),
	),
	'express-checkout'     => array(
		'widgets' => array( 'express-checkout' ),
		'handles' => array( 'WCPAY_EXPRESS_CHECKOUT_ECE' ),
	),
	'order-attribution'    => array(
		'widgets' => array( 'order-attribution' ),
		'handles' => array( 'sourcebuster-js', 'wc-order-attribution', 'wp-consent-api-integration' ),
	),
);

/** The flavour the site owner chose: 'react' or 'lite'. */
function vitrine_option_flavour() {
	return 'lite' === get_option( 'vitrine_flavour', 'react' ) ? 'lite' : 'react';
}

/**
 * The features the site owner switched off.
 *
 * @return string[] Keys of VITRINE_FEATURES.
 */
function vitrine_features_off() {
	$widgets = get_option( 'vitrine_widgets', array() );
	$off     = array();
	foreach ( array_keys( VITRINE_FEATURES ) as $key ) {
		if ( is_array( $widgets ) && isset( $widgets[ $key ] ) && 'no' === $widgets[ $key ] ) {
			$off[] = $key;
		}
	}
	return $off;
}

/**
 * VITRINE_REPLACED_SCRIPTS without the handles of the features switched off: what the filter starts from.
 *
 * @param string[] $handles The handles Vitrine replaces by default.
 * @return string[]
 */
function vitrine_option_replaced_scripts( $handles ) {
	$given_back = array();
	foreach ( vitrine_features_off() as $key ) {
		$given_back = array_merge( $given_back, VITRINE_FEATURES[ $key ]['handles'] );
	}
	return array_values( array_diff( $handles, $given_back ) );
}

/**
 * The widgets that step aside because the site owner switched their feature off, unless a filter replaces one of
 * its handles again.
 *
 * @param string[] $replaced The handles replaced on this page (after the filter).
 * @return array<string, string> Widget => why.
 */
function vitrine_widgets_switched_off( $replaced ) {
	$aside = array();
	foreach ( vitrine_features_off() as $key ) {
		if ( array_intersect( VITRINE_FEATURES[ $key ]['handles'], $replaced ) ) {
			continue;
		}
		foreach ( VITRINE_FEATURES[ $key ]['widgets'] as $widget ) {
			$aside[ $widget ] = sprintf( '%s is switched off in WooCommerce > Settings > Vitrine', $key );
		}
	}
	return $aside;
}

/**
 * Sanitizes the flavour whoever saves it (the settings screen, update_option from code).
 *
 * @param mixed $value The value to store.
 * @return string
 */
function vitrine_sanitize_flavour( $value ) {
	return 'lite' === $value ? 'lite' : 'react';
}
add_filter( 'sanitize_option_vitrine_flavour', 'vitrine_sanitize_flavour' );

/**
 * Sanitizes the widget switches: known feature keys only, 'yes' or 'no'.
 *
 * @param mixed $value The value to store.
 * @return array<string, string>
 */
function vitrine_sanitize_widgets( $value ) {
	$clean = array();
	foreach ( array_keys( VITRINE_FEATURES ) as $key ) {
		if ( is_array( $value ) && isset( $value[ $key ] ) ) {
			$clean[ $key ] = 'no' === $value[ $key ] ? 'no' : 'yes';
		}
	}
	return $clean;
}
add_filter( 'sanitize_option_vitrine_widgets', 'vitrine_sanitize_widgets' );

/** The page type of this storefront request, for the reports: shop, product, cart, checkout or other. */
function vitrine_page_type() {
	$types = array(
		'product'  => 'is_product',
		'cart'     => 'is_cart',
		'checkout' => 'is_checkout',
		'shop'     => 'is_shop',
	);
	foreach ( $types as $type => $test ) {
		if ( function_exists( $test ) && $test() ) {
			return $type;
		}
	}
	if ( function_exists( 'is_product_taxonomy' ) && is_product_taxonomy() ) {
		return 'shop';
	}
	return 'other';
}

/**
 * Keeps the page's report as the last one of its page type, writing the option only when it changed.
 *
 * @param array $report The report vitrine_print_report prints (replaced, restored, served, aside).
 */
function vitrine_record_report( $report ) {
	$report  = array(
		'replaced' => array_values( (array) $report['replaced'] ),
		'restored' => (array) $report['restored'],
		'served'   => (array) $report['served'],
		'aside'    => (array) $report['aside'],
	);
	$type    = vitrine_page_type();
	$reports = get_option( 'vitrine_page_reports', array() );
	$reports = is_array( $reports ) ? $reports : array();
	if ( isset( $reports[ $type ]['report'] ) && $reports[ $type ]['report'] === $report ) {
		return;
	}
	$reports[ $type ] = array(
		'report' => $report,
		'time'   => time(),
	);
	update_option( 'vitrine_page_reports', $reports, false );
}

/**
 * The last report of each page type seen since the settings last changed.
 *
 * @return array<string, array{report: array, time: int}>
 */
function vitrine_page_reports() {
	$reports = get_option( 'vitrine_page_reports', array() );
	return is_array( $reports ) ? $reports : array();
}
