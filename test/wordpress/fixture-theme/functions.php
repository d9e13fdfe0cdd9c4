<?php
/**
 * The fixture theme declares the gallery features, as Storefront and most WooCommerce themes do.
 *
 * @package VitrineTest
 */

add_action(
	'after_setup_theme',
	static function () {
		add_theme_support( 'woocommerce' );
		add_theme_support( 'wc-product-gallery-zoom' );
		add_theme_support( 'wc-product-gallery-lightbox' );
		add_theme_support( 'wc-product-gallery-slider' );
	}
);
add_action(
	'wp_enqueue_scripts',
	static function () {
		wp_enqueue_style( 'fixture-theme', get_stylesheet_uri(), array(), '1.0.0' );
	}
);
