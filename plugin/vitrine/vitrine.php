<?php
/**
 * Plugin Name:          Vitrine
 * Plugin URI:           https://github.com/vitrine/vitrine
 * Description:          Replaces WooCommerce's jQuery storefront scripts (ajax add to cart, cart fragments, variation form, product gallery, …) with one lazily loaded script module. WooCommerce's markup, settings and events stay as they are.
 * Version:              0.1.0
 * Requires at least:    6.1
 * Requires PHP:         7.4
 * WC requires at least: 8.0
 * Author:               Vitrine contributors
 * License:              GPL-2.0-or-later
 * License URI:          https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:          vitrine
 *
 * @package Vitrine
 */

defined( 'ABSPATH' ) || exit;

define( 'VITRINE_VERSION', '0.1.0' );
define( 'VITRINE_FILE', __FILE__ );

/**
 * The script handles Vitrine replaces. Adding a handle here is all it takes to replace one more script.
 *
 * A replaced handle stays registered and enqueued, but without a source and without dependencies: WordPress
 * still prints its localized data (wp_localize_script's "var …_params = {…}") and its "before" inline
 * scripts, and WooCommerce's localize_printed_scripts still sees it enqueued, so it still prints the settings
 * (and, for wc-add-to-cart-variation, the variation templates) Vitrine reads. The helpers these scripts pulled
 * in (jQuery, jquery-blockui, js-cookie, wp-util, underscore) are then printed only if a kept script needs them.
 * A replaced handle that a kept script depends on is left alone: that script needs the real one.
 */
const VITRINE_REPLACED_SCRIPTS = array(
	'woocommerce',
	'wc-add-to-cart',
	'wc-add-to-cart-variation',
	'wc-cart-fragments',
	'wc-single-product',
	'wc-zoom',
	'wc-flexslider',
	'wc-photoswipe',
	'wc-photoswipe-ui-default',
	'zoom',                   // The pre-10.3 names, aliases of the wc- ones since.
	'flexslider',
	'photoswipe',
	'photoswipe-ui-default',
	'cfvsw_swatches_product', // Variation Swatches for WooCommerce (global cfvsw_swatches_settings).
	'smart-search-general',   // Smart WooCommerce Search (global swsL10n).
	'cookie-notice-front',    // Cookie Notice (global cnArgs, markup #cookie-notice).
	'wp-consent-api',         // WP Consent API (global consent_api): Vitrine provides wp_has_consent / wp_set_consent.
	'sourcebuster-js',        // Order attribution (global wc_order_attribution): Vitrine records the visit itself,
	'wc-order-attribution',   // fills <wc-order-attribution-inputs> and provides wc_order_attribution.setOrderTracking;
	'wp-consent-api-integration', // its consent glue (consentCategory, printed before it, is still read).
	'wc-cart',                // The cart page (global wc_cart_params).
	'wc-checkout',            // The checkout (global wc_checkout_params).
	'wc-country-select',      // Country and state fields (global wc_country_select_params).
	'wc-address-i18n',        // Address locale (global wc_address_i18n_params).
	'selectWoo',              // The searchable selects: Vitrine's select-combobox widget.
	'wc-select2',             // selectWoo's 10.3+ name.
	'wc-address-autocomplete-common', // Address autocomplete (global wc_address_autocomplete_common_params):
	'wc-address-autocomplete',        // Vitrine provides window.wc.addressAutocomplete and the suggestions.
	'WCPAY_EXPRESS_CHECKOUT_ECE',     // WooPayments' express wallet button (global wcpayExpressCheckoutParams); Stripe.js
	                                  // (its `stripe` dependency) is loaded by the widget when a button is shown.
);

/**
 * Replaced handles whose JavaScript API Vitrine provides itself, so a kept script that depends on one of them
 * does not need WooCommerce's original: address providers depend on wc-address-autocomplete to find
 * window.wc.addressAutocomplete. Such a handle stays source-less and prints the file named here as a "before"
 * inline script (a stand-in that queues the providers' registrations until Vitrine's registry takes them over).
 */
const VITRINE_PROVIDED_APIS = array(
	'wc-address-autocomplete'        => 'address-autocomplete-stub.js',
	'wc-address-autocomplete-common' => null,
);

/**
 * The handles replaced on this page: VITRINE_REPLACED_SCRIPTS through the `vitrine_replaced_scripts` filter.
 *
 * @return string[]
 */
function vitrine_replaced_scripts() {
	$handles = apply_filters( 'vitrine_replaced_scripts', VITRINE_REPLACED_SCRIPTS );
	return is_array( $handles ) ? array_values( array_filter( $handles, 'is_string' ) ) : array();
}

/**
 * The entry file, relative to the plugin folder: `vitrine_flavour` picks 'react' (dist/vitrine.js, the default)
 * or 'lite' (dist/vitrine.lite.js, used only when the file exists).
 *
 * @return string
 */
function vitrine_entry_file() {
	$flavour = apply_filters( 'vitrine_flavour', 'react' );
	if ( 'lite' === $flavour && is_readable( __DIR__ . '/dist/vitrine.lite.js' ) ) {
		return 'dist/vitrine.lite.js';
	}
	return 'dist/vitrine.js';
}

/** The entry's URL, versioned by the file's modification time so a new build is never served stale. */
function vitrine_entry_url() {
	$file = vitrine_entry_file();
	$time = @filemtime( __DIR__ . '/' . $file ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
	return add_query_arg( 'ver', VITRINE_VERSION . ( $time ? '.' . $time : '' ), plugins_url( $file, VITRINE_FILE ) );
}

/** Whether this request renders the storefront (not the admin, a feed, or a REST or ajax request). */
function vitrine_is_storefront() {
	return ! is_admin() && ! wp_doing_ajax() && ! is_feed() && ! ( defined( 'REST_REQUEST' ) && REST_REQUEST );
}

/**
 * Sources and dependencies of the replaced handles as they were registered, so that a handle can be put back
 * when a script enqueued later turns out to need it.
 *
 * @var array<string, array{src: string|false, deps: string[], after: mixed}>
 */
$GLOBALS['vitrine_originals'] = array();

/**
 * Every handle the kept scripts need, following the registered dependencies (the originals for replaced ones).
 *
 * @param WP_Scripts $scripts  The scripts registry.
 * @param string[]   $replaced The replaced handles.
 * @return array<string, true>
 */
function vitrine_needed_by_kept( $scripts, $replaced ) {
	$originals = $GLOBALS['vitrine_originals'];
	$deps_of   = static function ( $handle ) use ( $scripts, $originals ) {
		if ( isset( $originals[ $handle ] ) ) {
			return $originals[ $handle ]['deps'];
		}
		return isset( $scripts->registered[ $handle ] ) ? (array) $scripts->registered[ $handle ]->deps : array();
	};
	$needed = array();
	$stack  = array();
	foreach ( array_merge( $scripts->queue, $scripts->done ) as $handle ) {
		if ( ! in_array( $handle, $replaced, true ) && 'vitrine' !== $handle ) {
			$stack = array_merge( $stack, $deps_of( $handle ) );
		}
	}
	while ( $stack ) {
		$handle = array_pop( $stack );
		if ( isset( $needed[ $handle ] ) || ( array_key_exists( $handle, VITRINE_PROVIDED_APIS ) && in_array( $handle, $replaced, true ) ) ) {
			continue;
		}
		$needed[ $handle ] = true;
		$stack             = array_merge( $stack, $deps_of( $handle ) );
	}
	return $needed;
}

/**
 * Turns each replaced handle into a source-less one, unless a kept script needs it. Runs before each print
 * (head and footer), because WooCommerce enqueues wc-add-to-cart-variation and wc-cart-fragments while the
 * page renders, after wp_enqueue_scripts.
 */
function vitrine_replace_scripts() {
	if ( ! vitrine_is_storefront() ) {
		return;
	}
	$scripts  = wp_scripts();
	$replaced = vitrine_replaced_scripts();
	foreach ( $replaced as $handle ) {
		if ( isset( $scripts->registered[ $handle ] ) && ! isset( $GLOBALS['vitrine_originals'][ $handle ] ) ) {
			$item                                    = $scripts->registered[ $handle ];
			$GLOBALS['vitrine_originals'][ $handle ] = array(
				'src'   => $item->src,
				'deps'  => (array) $item->deps,
				'after' => isset( $item->extra['after'] ) ? $item->extra['after'] : null,
			);
		}
	}
	// A replaced script pulled in only as another replaced script's dependency (wc-add-to-cart-variation under the
	// swatches script) is enqueued on its own, so that its settings are still printed once the link is cut.
	$pulled = array_values( array_intersect( $scripts->queue, $replaced ) );
	while ( $pulled ) {
		$handle = array_pop( $pulled );
		if ( ! isset( $GLOBALS['vitrine_originals'][ $handle ] ) ) {
			continue;
		}
		foreach ( array_intersect( $GLOBALS['vitrine_originals'][ $handle ]['deps'], $replaced ) as $dep ) {
			if ( isset( $scripts->registered[ $dep ] ) && ! in_array( $dep, $scripts->queue, true ) && ! in_array( $dep, $scripts->done, true ) ) {
				$scripts->enqueue( $dep );
				$pulled[] = $dep;
			}
		}
	}
	$needed = vitrine_needed_by_kept( $scripts, $replaced );
	foreach ( $replaced as $handle ) {
		if ( ! isset( $GLOBALS['vitrine_originals'][ $handle ] ) ) {
			continue;
		}
		$item     = $scripts->registered[ $handle ];
		$original = $GLOBALS['vitrine_originals'][ $handle ];
		$done     = in_array( $handle, $scripts->done, true );
		if ( $done && ! ( isset( $needed[ $handle ] ) && false === $item->src && $original['src'] ) ) {
			continue;
		}
		if ( isset( $needed[ $handle ] ) ) {
			if ( $done ) {
				// Printed in the head without its source, but a script enqueued while the page rendered needs the
				// real one: the footer prints it (its settings once more, with the same values).
				$scripts->done = array_values( array_diff( $scripts->done, array( $handle ) ) );
			}
			$item->src  = $original['src'];
			$item->deps = $original['deps'];
			if ( null !== $original['after'] ) {
				$item->extra['after'] = $original['after'];
			}
		} else {
			$item->src  = false;
			$item->deps = array();
			// "after" code was written to run after the replaced script, which is gone; "before" code and the
			// localized data stay.
			unset( $item->extra['after'] );
			vitrine_add_stand_in( $scripts, $handle );
		}
	}
}
/**
 * The stand-in of a provided API (VITRINE_PROVIDED_APIS), printed once before the source-less handle.
 *
 * @param WP_Scripts $scripts The scripts registry.
 * @param string     $handle  A replaced handle.
 */
function vitrine_add_stand_in( $scripts, $handle ) {
	static $added = array();
	$file = isset( VITRINE_PROVIDED_APIS[ $handle ] ) ? __DIR__ . '/' . VITRINE_PROVIDED_APIS[ $handle ] : '';
	if ( '' === $file || isset( $added[ $handle ] ) || ! is_readable( $file ) ) {
		return;
	}
	$added[ $handle ] = true;
	$scripts->add_inline_script( $handle, (string) file_get_contents( $file ), 'before' ); // phpcs:ignore WordPress.WP.AlternativeFunctions
}

// Before WooCommerce localizes (priority 5) and before WordPress prints.
add_action( 'wp_print_scripts', 'vitrine_replace_scripts', 1 );
add_action( 'wp_print_footer_scripts', 'vitrine_replace_scripts', 1 );

/** Enqueues the entry (a script module) and the first-paint CSS when the build ships one. */
function vitrine_enqueue() {
	if ( ! vitrine_is_storefront() ) {
		return;
	}
	$css = __DIR__ . '/dist/first-paint.css';
	if ( is_readable( $css ) ) {
		wp_register_style( 'vitrine-first-paint', false, array(), VITRINE_VERSION );
		wp_enqueue_style( 'vitrine-first-paint' );
		wp_add_inline_style( 'vitrine-first-paint', (string) file_get_contents( $css ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions
	}
	if ( function_exists( 'wp_enqueue_script_module' ) ) {
		// WordPress 6.5+: printed once, as <script type="module">, in the footer of classic themes.
		wp_enqueue_script_module( 'vitrine', vitrine_entry_url(), array(), null );
	} else {
		add_action( 'wp_footer', 'vitrine_print_module', 100 );
	}
}
add_action( 'wp_enqueue_scripts', 'vitrine_enqueue', 100 );

/** Before WordPress 6.5: the module tag, after the footer scripts (a module runs after parsing anyway). */
function vitrine_print_module() {
	static $printed = false;
	if ( $printed ) {
		return;
	}
	$printed = true;
	printf( "<script type=\"module\" src=\"%s\" id=\"vitrine-js-module\"></script>\n", esc_url( vitrine_entry_url() ) );
}

/** Starts fetching the entry while the head is parsed. */
function vitrine_print_preload() {
	if ( vitrine_is_storefront() ) {
		printf( "<link rel=\"modulepreload\" href=\"%s\">\n", esc_url( vitrine_entry_url() ) );
	}
}
add_action( 'wp_head', 'vitrine_print_preload', 2 );
