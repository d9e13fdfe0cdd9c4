<?php
/**
 * What Vitrine needs and declares: WooCommerce (8.0 or later), its features Vitrine is compatible with, and the
 * text domain. Without WooCommerce Vitrine does nothing on the storefront and says so in the admin, never fatally.
 *
 * @package Vitrine
 */

defined( 'ABSPATH' ) || exit;

/** The oldest WooCommerce Vitrine supports (the plugin header's "WC requires at least"). */
const VITRINE_MIN_WC_VERSION = '8.0';

/**
 * WooCommerce's version when WooCommerce is active and supported, '' otherwise. WooCommerce loads after Vitrine
 * (plugins load by folder name), so this is asked from hooks, never while the plugin file loads.
 *
 * @return string
 */
function vitrine_woocommerce_version() {
	$version = defined( 'WC_VERSION' ) ? (string) WC_VERSION : '';
	return '' !== $version && version_compare( $version, VITRINE_MIN_WC_VERSION, '>=' ) ? $version : '';
}

/** The admin notice when WooCommerce is missing or older than supported. */
function vitrine_requirements_notice() {
	if ( vitrine_woocommerce_version() || ! current_user_can( 'activate_plugins' ) ) {
		return;
	}
	if ( defined( 'WC_VERSION' ) ) {
		/* translators: 1: the WooCommerce version installed, 2: the oldest version Vitrine supports. */
		$message = sprintf( __( 'Vitrine does nothing on your shop yet: it needs WooCommerce %2$s or later, and this site runs WooCommerce %1$s. Update WooCommerce in Plugins.', 'vitrine' ), WC_VERSION, VITRINE_MIN_WC_VERSION );
	} else {
		/* translators: %s: the oldest WooCommerce version Vitrine supports. */
		$message = sprintf( __( 'Vitrine does nothing on your site yet: it needs WooCommerce %s or later, installed and active.', 'vitrine' ), VITRINE_MIN_WC_VERSION );
	}
	printf( '<div class="notice notice-warning" id="vitrine-requirements"><p>%s</p></div>', esc_html( $message ) );
}
add_action( 'admin_notices', 'vitrine_requirements_notice' );

/**
 * Declares Vitrine compatible with WooCommerce's order tables (it never reads orders) and with the Cart and Checkout
 * blocks (it replaces no block script, and the genuine-shop suite's block journeys pass with it).
 */
function vitrine_declare_compatibility() {
	if ( class_exists( '\Automattic\WooCommerce\Utilities\FeaturesUtil' ) ) {
		\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'custom_order_tables', VITRINE_FILE, true );
		\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'cart_checkout_blocks', VITRINE_FILE, true );
	}
}
add_action( 'before_woocommerce_init', 'vitrine_declare_compatibility' );

/** Loads the translations of the admin screens and of the shopper-facing strings (languages/ holds vitrine.pot). */
function vitrine_load_textdomain() {
	load_plugin_textdomain( 'vitrine', false, dirname( plugin_basename( VITRINE_FILE ) ) . '/languages' );
}
add_action( 'init', 'vitrine_load_textdomain' );
