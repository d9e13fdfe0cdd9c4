<?php
/**
 * Plugin Name: Vitrine genuine-shop test switches
 * Description: Must-use plugin of Vitrine's genuine-shop suite (test/shop). It changes nothing a shopper sees unless
 * a request carries the suite's cookies, and adds what the journeys need that WooCommerce 10.0.2 lacks.
 *
 * - Cookie `vitrine_test_stack`: `classic` runs the request with the Vitrine plugin inactive (WooCommerce's own
 *   scripts, the reference), `lite` asks Vitrine for its lite flavour, anything else leaves the plugin as installed.
 * - An address provider registered the way WooCommerce documents it (the `woocommerce_address_providers` filter and
 *   a script that depends on `wc-address-autocomplete`). WooCommerce 10.0.2 ships only the server half, so the
 *   client handles are registered here under the names 10.3 gives them, pointing where 10.3 keeps the files
 *   (absent in 10.0.2: the classic stack has no client there, and the journey table says so).
 * - The cart fragments' request_timeout at 30 s for every stack: CI's shop answers beside two e2e passes.
 *
 * @package VitrineShopTest
 */

defined( 'ABSPATH' ) || exit;

/** The stack this request asked for: classic, react or lite. */
function vitrine_shop_test_stack() {
	$stack = isset( $_COOKIE['vitrine_test_stack'] ) ? sanitize_key( wp_unslash( $_COOKIE['vitrine_test_stack'] ) ) : '';
	return in_array( $stack, array( 'classic', 'react', 'lite' ), true ) ? $stack : 'react';
}

if ( 'classic' === vitrine_shop_test_stack() ) {
	add_filter(
		'option_active_plugins',
		static function ( $plugins ) {
			return array_values( array_diff( (array) $plugins, array( 'vitrine/vitrine.php' ) ) );
		}
	);
}
if ( 'lite' === vitrine_shop_test_stack() ) {
	add_filter(
		'vitrine_flavour',
		static function () {
			return 'lite';
		}
	);
}

// Cookie `vitrine_test_theme_css=hide-store-notice`: the rule some popular classic themes ship, hiding the store
// notice in CSS and counting on woocommerce.js (jQuery's show()) to show it.
if ( isset( $_COOKIE['vitrine_test_theme_css'] ) && 'hide-store-notice' === $_COOKIE['vitrine_test_theme_css'] ) {
	add_action(
		'wp_head',
		static function () {
			echo "<style id=\"vitrine-shop-test-theme-css\">.woocommerce-store-notice, p.demo_store { display: none; }</style>\n";
		},
		100
	);
}

// Every journey posts from 127.0.0.1: WordPress would refuse a second review within 15 s as a flood.
add_filter( 'comment_flood_filter', '__return_false' );

// CI runs this shop on 2 cores beside two end-to-end passes and their browsers, where get_refreshed_fragments can take
// longer than WooCommerce's 5 s request_timeout. Past it, both stacks leave the mini cart as the page printed it, empty
// (WooCommerce's contract: a failed refresh raises an error event, nothing more), and a journey about removing an item
// has nothing to remove. The shop waits as long as the journeys do, for both stacks alike; a site owner with a slow
// host sets the same through this filter.
add_filter(
	'woocommerce_get_script_data',
	static function ( $params, $handle ) {
		if ( 'wc-cart-fragments' === $handle && is_array( $params ) ) {
			$params['request_timeout'] = 30000;
		}
		return $params;
	},
	10,
	2
);

// The address provider: declared on the server, searched in the browser by a script of its own.
add_action(
	'woocommerce_loaded',
	static function () {
		if ( ! class_exists( 'WC_Address_Provider' ) ) {
			return;
		}
		/** A provider with a fixed list of addresses, offline. */
		class Vitrine_Shop_Test_Address_Provider extends WC_Address_Provider {
			/** Sets the id and name WooCommerce requires. */
			public function __construct() {
				$this->id   = 'vitrine-demo'; // The id test/fixtures/demo-address-provider.js registers.
				$this->name = 'Vitrine demo addresses';
			}
		}
	}
);
add_filter(
	'woocommerce_address_providers',
	static function ( $providers ) {
		$providers[] = 'Vitrine_Shop_Test_Address_Provider';
		return $providers;
	}
);

add_action(
	'wp_enqueue_scripts',
	static function () {
		// The classic (shortcode) checkout only: the Checkout block brings its own address autocomplete.
		if ( ! function_exists( 'is_checkout' ) || ! is_checkout() || has_block( 'woocommerce/checkout' ) ) {
			return;
		}
		$wc      = plugins_url( 'woocommerce/' );
		$suffix  = '.min';
		$version = defined( 'WC_VERSION' ) ? WC_VERSION : null;
		// WooCommerce 10.3's names and paths (10.0.2 has no such files: the classic stack gets a 404 there).
		wp_register_script( 'wc-address-autocomplete-common', $wc . "assets/js/frontend/utils/address-autocomplete-common$suffix.js", array(), $version, true );
		wp_register_script( 'wc-address-autocomplete', $wc . "assets/js/frontend/address-autocomplete$suffix.js", array( 'wc-address-autocomplete-common' ), $version, true );
		$providers = array();
		// The controller's get_providers() came in WooCommerce 10.0 (9.9 has the class with get_registered_providers(), 9.8
		// and before none): an older release (a developer's shop, docs/decisions.md) has no providers.
		$controller_class = \Automattic\WooCommerce\Internal\AddressProvider\AddressProviderController::class;
		if ( function_exists( 'wc_get_container' ) && class_exists( $controller_class ) && method_exists( $controller_class, 'get_providers' ) ) {
			$controller = wc_get_container()->get( $controller_class );
			foreach ( $controller->get_providers() as $provider ) {
				$providers[] = array(
					'id'   => $provider->id,
					'name' => $provider->name,
				);
			}
		}
		wp_localize_script( 'wc-address-autocomplete-common', 'wc_address_autocomplete_common_params', array( 'address_providers' => wp_json_encode( $providers ) ) );
		// WooCommerce 10.3 enqueues its client on the checkout when a provider is registered.
		wp_enqueue_script( 'wc-address-autocomplete' );
		// The repository's demo provider (test/fixtures/demo-address-provider.js) and its addresses, copied here
		// by the suite: the example provider authors read, run on a genuine shop.
		wp_enqueue_script( 'vitrine-shop-test-address-provider', plugins_url( 'vitrine-shop-test/address-provider.js', __FILE__ ), array( 'wc-address-autocomplete' ), '1', true );
		$addresses = (string) file_get_contents( __DIR__ . '/vitrine-shop-test/addresses.json' ); // phpcs:ignore WordPress.WP.AlternativeFunctions
		wp_add_inline_script( 'vitrine-shop-test-address-provider', 'window.vitrineDemoAddresses = ' . $addresses . ';', 'before' );
	},
	20
);
