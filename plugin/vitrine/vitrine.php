<?php
/**
 * Plugin Name:          Vitrine
 * Plugin URI:           https://github.com/vitrine/vitrine
 * Description:          Replaces WooCommerce's jQuery storefront scripts (ajax add to cart, cart fragments, variation form, product gallery, …) with one lazily loaded script module. WooCommerce's markup, settings and events stay as they are.
 * Version:              0.1.0
 * Requires at least:    6.1
 * Tested up to:         6.8
 * Requires PHP:         7.4
 * Requires Plugins:     woocommerce
 * WC requires at least: 8.0
 * WC tested up to:      10.0
 * Author:               Vitrine contributors
 * License:              GPL-2.0-or-later
 * License URI:          https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:          vitrine
 * Domain Path:          /languages
 *
 * @package Vitrine
 */

defined( 'ABSPATH' ) || exit;

define( 'VITRINE_VERSION', '0.1.0' );
define( 'VITRINE_FILE', __FILE__ );

require_once __DIR__ . '/includes/options.php';
require_once __DIR__ . '/includes/requirements.php';
require_once __DIR__ . '/includes/site-health.php';
require_once __DIR__ . '/includes/strings.php';
require_once __DIR__ . '/includes/older-woocommerce.php';
if ( is_admin() ) {
	require_once __DIR__ . '/includes/admin.php';
}

/**
 * The script handles Vitrine replaces. Adding a handle here is all it takes to replace one more script.
 *
 * A replaced handle stays registered and enqueued, but without a source and without dependencies: WordPress
 * still prints its localized data (wp_localize_script's "var …_params = {…}") and its "before" and "after"
 * inline code, and WooCommerce's localize_printed_scripts still sees it enqueued, so it still prints the settings
 * (and, for wc-add-to-cart-variation, the variation templates) Vitrine reads. The helpers these scripts pulled
 * in (jQuery, jquery-blockui, js-cookie, wp-util, underscore) are then printed only if a kept script or inline
 * code needs them. A replaced handle that a kept script depends on is served by Vitrine where it keeps the
 * handle's contract (VITRINE_KEPT_CONTRACTS), and put back otherwise (VITRINE_STEP_ASIDE says which widgets then
 * step aside).
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
	'wc-selectWoo',           // selectWoo under a wc- name, should WooCommerce rename it as it did the libraries in 10.3.
	                          // (wc-select2 is not here: it is select2, a library WooCommerce does not enqueue on the
	                          // storefront; a plugin that enqueues it, or its alias select2, for its own selects keeps it.)
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
 * Replaced handles whose contract Vitrine keeps: the jQuery events they fire and hear (with jQuery on the page,
 * src/jquery-bridge.ts fires them with WooCommerce's arguments), the vetoes they ask through triggerHandler and
 * the globals they print. A kept script that depends on one of them (a payment gateway on wc-checkout, a theme
 * script on woocommerce) gets what the original pulled in besides WooCommerce's own scripts (jQuery, blockUI,
 * js-cookie) and Vitrine's events, not the original: two scripts would drive one form. docs/decisions.md,
 * "Coexistence", says why each is here.
 */
const VITRINE_KEPT_CONTRACTS = array(
	'woocommerce',
	'wc-add-to-cart',
	'wc-cart-fragments',
	'wc-cart',
	'wc-checkout',
	'wc-country-select',
	'wc-address-i18n',
	'wc-order-attribution',
);

/**
 * Replaced handles whose contract Vitrine cannot keep (a jQuery plugin such as $.fn.wc_variation_form or
 * $.fn.wc_product_gallery, an object the original builds): when a kept script depends on one, the original is
 * printed and the widgets named here step aside on that page, so the original runs alone on their markup.
 * Replaced handles in neither list are libraries (flexslider, PhotoSwipe, selectWoo, sourcebuster, the WP
 * Consent API): put back for a kept script that needs them, they drive no markup of their own.
 */
const VITRINE_STEP_ASIDE = array(
	'wc-single-product'          => array( 'product-gallery', 'product-tabs', 'review-rating' ),
	'wc-add-to-cart-variation'   => array( 'variation-form', 'swatches' ),
	'cfvsw_swatches_product'     => array( 'swatches' ),
	'smart-search-general'       => array( 'instant-search' ),
	'cookie-notice-front'        => array( 'cookie-notice' ),
	'WCPAY_EXPRESS_CHECKOUT_ECE' => array( 'express-checkout' ),
);

/**
 * The handles replaced on this page: VITRINE_REPLACED_SCRIPTS without the features switched off in the settings
 * (includes/options.php), then through the `vitrine_replaced_scripts` filter.
 *
 * @return string[]
 */
function vitrine_replaced_scripts() {
	$handles = apply_filters( 'vitrine_replaced_scripts', vitrine_option_replaced_scripts( VITRINE_REPLACED_SCRIPTS ) );
	return is_array( $handles ) ? array_values( array_filter( $handles, 'is_string' ) ) : array();
}

/**
 * The entry file, relative to the plugin folder: the flavour chosen in the settings, then the `vitrine_flavour`
 * filter, picks 'react' (dist/vitrine.js, the default) or 'lite' (dist/vitrine.lite.js, used only when the file exists).
 *
 * @return string
 */
function vitrine_entry_file() {
	$flavour = apply_filters( 'vitrine_flavour', vitrine_option_flavour() );
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

/**
 * Whether this request renders the storefront (not the admin, a feed, or a REST or ajax request) of a WooCommerce
 * shop, with Vitrine's entry file in place: without WooCommerce, or without the built files (Site Health says so),
 * every script stays as it is.
 */
function vitrine_is_storefront() {
	return ! is_admin() && ! wp_doing_ajax() && ! is_feed() && ! ( defined( 'REST_REQUEST' ) && REST_REQUEST )
		&& vitrine_woocommerce_version() && is_readable( __DIR__ . '/' . vitrine_entry_file() );
}

/**
 * Sources and dependencies of the replaced handles as they were registered, so that a handle can be put back
 * when a script enqueued later turns out to need it.
 *
 * @var array<string, array{src: string|false, deps: string[]}>
 */
$GLOBALS['vitrine_originals'] = array();

/**
 * What the kept scripts (enqueued, not replaced) need of the replaced handles, following the registered
 * dependencies (the originals for replaced ones). `restored`: replaced handles whose original must be printed;
 * `served`: replaced handles whose contract Vitrine keeps or whose API it provides, printed source-less. Each
 * maps the handle to the kept scripts that need it.
 *
 * @param WP_Scripts $scripts  The scripts registry.
 * @param string[]   $replaced The replaced handles.
 * @return array{restored: array<string, string[]>, served: array<string, string[]>}
 */
function vitrine_needs( $scripts, $replaced ) {
	$needs = array(
		'restored' => array(),
		'served'   => array(),
	);
	foreach ( array_merge( $scripts->queue, $scripts->done ) as $root ) {
		if ( in_array( $root, $replaced, true ) || 'vitrine' === $root ) {
			continue;
		}
		$seen  = array();
		$stack = vitrine_deps_of( $scripts, $root );
		while ( $stack ) {
			$handle = array_pop( $stack );
			if ( isset( $seen[ $handle ] ) ) {
				continue;
			}
			$seen[ $handle ] = true;
			if ( ! in_array( $handle, $replaced, true ) ) {
				$stack = array_merge( $stack, vitrine_deps_of( $scripts, $handle ) );
				continue;
			}
			$kind                             = vitrine_keeps_contract( $handle ) ? 'served' : 'restored';
			$needs[ $kind ][ $handle ][ $root ] = true;
			if ( 'restored' === $kind ) {
				$stack = array_merge( $stack, vitrine_deps_of( $scripts, $handle ) );
			} elseif ( ! array_key_exists( $handle, VITRINE_PROVIDED_APIS ) ) {
				$stack = array_merge( $stack, vitrine_helpers( $scripts, $handle, $replaced ) );
			}
		}
	}
	foreach ( $needs as $kind => $handles ) {
		$needs[ $kind ] = array_map( 'array_keys', $handles );
	}
	return $needs;
}

/**
 * A handle's registered dependencies (the original ones for a replaced handle).
 *
 * @param WP_Scripts $scripts The scripts registry.
 * @param string     $handle  A handle.
 * @return string[]
 */
function vitrine_deps_of( $scripts, $handle ) {
	if ( isset( $GLOBALS['vitrine_originals'][ $handle ] ) ) {
		return $GLOBALS['vitrine_originals'][ $handle ]['deps'];
	}
	return isset( $scripts->registered[ $handle ] ) ? (array) $scripts->registered[ $handle ]->deps : array();
}

/** Whether Vitrine keeps the handle's contract or provides its API: a kept script needing it does not get the original. */
function vitrine_keeps_contract( $handle ) {
	return in_array( $handle, VITRINE_KEPT_CONTRACTS, true ) || array_key_exists( $handle, VITRINE_PROVIDED_APIS );
}

/**
 * What a replaced handle pulled in besides the replaced scripts (jQuery, blockUI, js-cookie, …), through the
 * replaced handles whose contract Vitrine keeps (wc-checkout → woocommerce → blockUI, js-cookie): what a kept
 * script that depends on it, or code attached to it, may use.
 *
 * @param WP_Scripts $scripts  The scripts registry.
 * @param string     $handle   A replaced handle.
 * @param string[]   $replaced The replaced handles.
 * @return string[]
 */
function vitrine_helpers( $scripts, $handle, $replaced ) {
	$helpers = array();
	$seen    = array( $handle => true );
	$stack   = vitrine_deps_of( $scripts, $handle );
	while ( $stack ) {
		$dep = array_pop( $stack );
		if ( isset( $seen[ $dep ] ) ) {
			continue;
		}
		$seen[ $dep ] = true;
		if ( ! in_array( $dep, $replaced, true ) ) {
			$helpers[] = $dep;
		} elseif ( in_array( $dep, VITRINE_KEPT_CONTRACTS, true ) ) {
			$stack = array_merge( $stack, vitrine_deps_of( $scripts, $dep ) );
		}
	}
	return array_reverse( $helpers );
}

/**
 * Whether inline code attached to the handle ("before" or "after") uses jQuery. WordPress prints it where the
 * script would have been; it was written with the script's dependencies loaded, jQuery among them.
 *
 * @param _WP_Dependency $item A registered script.
 */
function vitrine_inline_uses_jquery( $item ) {
	foreach ( array( 'before', 'after' ) as $position ) {
		foreach ( isset( $item->extra[ $position ] ) ? (array) $item->extra[ $position ] : array() as $code ) {
			if ( is_string( $code ) && preg_match( '/\bjQuery\b|(?<![\w$])\$\s*[(.]/', $code ) ) {
				return true;
			}
		}
	}
	return false;
}

/**
 * What happened on this page, for `window.vitrine.report().scripts` (printed in the footer, vitrine_print_report).
 *
 * @var array{replaced: array<string, true>, restored: array<string, string[]>, served: array<string, string[]>, aside: array<string, string>}
 */
$GLOBALS['vitrine_report'] = array(
	'replaced' => array(),
	'restored' => array(),
	'served'   => array(),
	'aside'    => array(),
);

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
	$needs  = vitrine_needs( $scripts, $replaced );
	$report = &$GLOBALS['vitrine_report'];
	foreach ( VITRINE_STEP_ASIDE as $handle => $widgets ) {
		// A site owner kept WooCommerce's script (the vitrine_replaced_scripts filter): it drives its markup alone.
		if ( ! in_array( $handle, $replaced, true ) && ( in_array( $handle, $scripts->queue, true ) || in_array( $handle, $scripts->done, true ) ) ) {
			foreach ( $widgets as $widget ) {
				$report['aside'][ $widget ] = sprintf( '%s is kept by the vitrine_replaced_scripts filter', $handle );
			}
		}
	}
	// A site owner switched the feature off in the settings: its widgets step aside on every page.
	$report['aside'] = array_merge( $report['aside'], vitrine_widgets_switched_off( $replaced ) );
	foreach ( $replaced as $handle ) {
		if ( ! isset( $GLOBALS['vitrine_originals'][ $handle ] ) ) {
			continue;
		}
		$item     = $scripts->registered[ $handle ];
		$original = $GLOBALS['vitrine_originals'][ $handle ];
		$done     = in_array( $handle, $scripts->done, true );
		$restore  = isset( $needs['restored'][ $handle ] );
		if ( $restore ) {
			$report['restored'][ $handle ] = $needs['restored'][ $handle ];
			foreach ( isset( VITRINE_STEP_ASIDE[ $handle ] ) ? VITRINE_STEP_ASIDE[ $handle ] : array() as $widget ) {
				$report['aside'][ $widget ] = sprintf( '%s is printed for %s, which depends on it', $handle, implode( ', ', $needs['restored'][ $handle ] ) );
			}
		}
		if ( isset( $needs['served'][ $handle ] ) ) {
			$report['served'][ $handle ] = $needs['served'][ $handle ];
		}
		if ( $done && ! ( $restore && false === $item->src && $original['src'] ) ) {
			if ( $done && isset( $needs['served'][ $handle ] ) ) {
				vitrine_add_missing_helpers( $scripts, $handle, $needs['served'][ $handle ], $replaced );
			}
			continue;
		}
		if ( $restore ) {
			if ( $done ) {
				// Printed in the head without its source, but a script enqueued while the page rendered needs the
				// real one: the footer prints it (its settings once more, with the same values).
				$scripts->done = array_values( array_diff( $scripts->done, array( $handle ) ) );
			}
			$item->src  = $original['src'];
			$item->deps = $original['deps'];
			unset( $report['replaced'][ $handle ] );
		} else {
			// Source-less: WordPress still prints its localized data and its "before" and "after" code where the
			// script would have been. A kept script that depends on it, or its inline code using jQuery, gets the
			// helpers the original pulled in (jQuery first), and Vitrine's events through the bridge.
			$item->src  = false;
			$item->deps = ( isset( $needs['served'][ $handle ] ) && ! array_key_exists( $handle, VITRINE_PROVIDED_APIS ) ) || vitrine_inline_uses_jquery( $item )
				? vitrine_helpers( $scripts, $handle, $replaced )
				: array();
			vitrine_add_stand_in( $scripts, $handle );
			if ( in_array( $handle, $scripts->queue, true ) || $done ) {
				$report['replaced'][ $handle ] = true;
			}
		}
	}
}

/**
 * A served handle printed in the head without helpers, needed by a script enqueued later: that script gets the
 * helpers as its own dependencies, so they are printed before it.
 *
 * @param WP_Scripts $scripts    The scripts registry.
 * @param string     $handle     The served handle.
 * @param string[]   $dependents The kept scripts that need it.
 * @param string[]   $replaced   The replaced handles.
 */
function vitrine_add_missing_helpers( $scripts, $handle, $dependents, $replaced ) {
	if ( array_key_exists( $handle, VITRINE_PROVIDED_APIS ) ) {
		return;
	}
	$helpers = vitrine_helpers( $scripts, $handle, $replaced );
	foreach ( $dependents as $dependent ) {
		if ( isset( $scripts->registered[ $dependent ] ) && ! in_array( $dependent, $scripts->done, true ) ) {
			$deps                                    = (array) $scripts->registered[ $dependent ]->deps;
			$scripts->registered[ $dependent ]->deps = array_values( array_unique( array_merge( $helpers, $deps ) ) );
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

/** The jQuery plugin stand-ins printed after jQuery (see vitrine_enqueue); `vitrineStandIn` lets the bridge replace them. */
const VITRINE_JQUERY_STAND_INS = 'jQuery.each(["wc_variation_form","wc_product_gallery"],function(i,n){if(!jQuery.fn[n]){jQuery.fn[n]=function(){return this};jQuery.fn[n].vitrineStandIn=true}});';

/** Enqueues the entry (a script module), the first-paint CSS when the build ships one, and the wallet's head script where it is needed. */
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
	// Where WooPayments' express button is (its script enqueued by now, at priority 10) and Vitrine's widget drives
	// it: the head script that keeps the button's room at first paint in a browser whose wallet showed before
	// (styles/first-paint-wallet.js). Where a site owner left the button to WooPayments' own script, nothing here
	// would give the room back when that script finds no wallet.
	$wallet = __DIR__ . '/dist/first-paint-wallet.js';
	if ( wp_script_is( 'WCPAY_EXPRESS_CHECKOUT_ECE', 'enqueued' ) && in_array( 'WCPAY_EXPRESS_CHECKOUT_ECE', vitrine_replaced_scripts(), true ) && is_readable( $wallet ) ) {
		wp_register_script( 'vitrine-first-paint-wallet', false, array(), VITRINE_VERSION, false );
		wp_enqueue_script( 'vitrine-first-paint-wallet' );
		wp_add_inline_script( 'vitrine-first-paint-wallet', (string) file_get_contents( $wallet ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions
	}
	// Quick views start a product form they inserted by hand (`$form.wc_variation_form()`), sometimes before Vitrine's
	// jQuery bridge has arrived to provide the plugin: from the moment jQuery is there, a stand-in that returns the set
	// (Vitrine's observer mounts the inserted form anyway). The bridge replaces it with its own, which scans at once; an
	// original WordPress prints for a kept script replaces it too. Printed only where jQuery is.
	wp_add_inline_script( 'jquery-core', VITRINE_JQUERY_STAND_INS, 'after' );
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
	// wp_print_script_tag() (WordPress 5.7+) rather than a literal <script src> tag, which Plugin Check reports as
	// WordPress.WP.EnqueuedResources.NonEnqueuedScript. Same output: attributes in this order, then a newline.
	wp_print_script_tag(
		array(
			'type' => 'module',
			'src'  => esc_url( vitrine_entry_url() ),
			'id'   => 'vitrine-js-module',
		)
	);
}

/** Starts fetching the entry while the head is parsed. */
function vitrine_print_preload() {
	if ( vitrine_is_storefront() ) {
		printf( "<link rel=\"modulepreload\" href=\"%s\">\n", esc_url( vitrine_entry_url() ) );
	}
}
add_action( 'wp_head', 'vitrine_print_preload', 2 );

/**
 * For theme developers: which handles Vitrine replaced on this page, which it put back and for which kept
 * script, which it served to a kept script with jQuery and its events, and which widgets stepped aside and why:
 * `var vitrine_scripts`, which the entry reads after the page is parsed (the widgets that step aside, and
 * window.vitrine.report().scripts). A global rather than a JSON script: reading it costs the entry fewer bytes.
 */
function vitrine_print_report() {
	if ( ! vitrine_is_storefront() ) {
		return;
	}
	$report             = $GLOBALS['vitrine_report'];
	$report['replaced'] = array_keys( $report['replaced'] );
	vitrine_record_report( $report );
	foreach ( array( 'restored', 'served', 'aside' ) as $key ) {
		$report[ $key ] = (object) $report[ $key ];
	}
	wp_print_inline_script_tag( 'var vitrine_scripts = ' . wp_json_encode( $report, JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES ) . ';', array( 'id' => 'vitrine-scripts' ) );
}
// After the footer scripts (wp_print_footer_scripts runs at 20): every decision of the page is made.
add_action( 'wp_footer', 'vitrine_print_report', 99 );
