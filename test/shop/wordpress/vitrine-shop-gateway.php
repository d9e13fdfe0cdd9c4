<?php
/**
 * Plugin Name: Vitrine genuine-shop fixture gateway and tracking
 * Description: Must-use plugin of Vitrine's genuine-shop suite (test/shop, journeys/coexistence.ts). It changes nothing
 * unless a request carries its cookies.
 *
 * - Cookie `vitrine_test_gateway=1`: a payment gateway ("Fixture card", id vitrine_fixture) whose classic checkout
 *   script depends on `wc-checkout`, as WooPayments registers `wc-payment-checkout` (['stripe', 'wc-checkout']). The
 *   script is written on checkout.js's documented contract: it vetoes the first submit with
 *   `checkout_place_order_vitrine_fixture`, blocks the form with blockUI while it "tokenizes" (a timer), adds a hidden
 *   token field and submits the form again with jQuery, as Stripe's classic script does; after `checkout_error` it drops
 *   the token, so the next press tokenizes again. The order keeps the token as `_vitrine_fixture_token`; a token that
 *   starts with `tok_declined` is refused as a declined card. It also counts `updated_checkout`.
 * - Cookie `vitrine_test_tracking=1`: a tag manager's add-to-cart tracking, attached after `wc-add-to-cart` with
 *   wp_add_inline_script, counting `added_to_cart` with the button's product id in `window.vitrineTracked`.
 * - Cookie `vitrine_test_theme_gallery=1`: a theme's script on product pages that depends on `wc-single-product` and
 *   drives the gallery through it (`$.fn.wc_product_gallery`), a contract Vitrine cannot keep: the plugin prints the
 *   original for it, the gallery widgets step aside, and Site Health says so (journeys/admin.ts). The script records
 *   in `window.vitrineThemeGallery` whether single-product.js's jQuery plugin was there when it ran.
 * - Cookie `vitrine_test_cart_plugin=1`: a cart plugin's script on the cart page that depends on `wc-cart`, written on
 *   cart.js's contract: its "Add a free gift card" button changes the cart with the plugin's own request (wc-ajax
 *   `vitrine_fixture_gift`), then asks the cart page to draw it again with `$( document ).trigger( 'wc_update_cart' )`.
 *   It counts `updated_wc_div` in `window.vitrineCartPlugin`.
 * - Cookie `vitrine_test_qty_buttons=1`: a theme's quantity buttons, on `jquery` alone as themes write them: "−" and
 *   "+" beside each quantity field, which set the field with `.val()` and say so with `.trigger( 'change' )`, the way
 *   cart.js and WooCommerce's forms hear it.
 * - Cookie `vitrine_test_pixel=1`: an ad pixel as Meta's Facebook for WooCommerce sends its AddToCart: every page gets
 *   an empty placeholder (added at DOMContentLoaded), and an ajax add's fragments carry it back holding the event's
 *   script, which jQuery's replaceWith runs. The script pushes the product id to `window.vitrinePixel`.
 * - The gateway's payment fields also carry a script that sets the card field up (`data-fixture-ready`), as many
 *   gateways print one beside their fields.
 * - Cookie `vitrine_test_quick_view=1`: a quick view on the shop page, as quick-view plugins write it: it enqueues
 *   wc-add-to-cart-variation itself (not as its script's dependency), puts a variable product's form in a panel and
 *   starts it with `$form.wc_variation_form()`.
 * - Cookie `vitrine_test_ga_tracker=1`: Google Analytics for WooCommerce's tracker, stood in for under its handle
 *   (`woocommerce-google-analytics-integration`, so its script's id is the plugin's) with a Google tag that only queues
 *   (`gtag` into `dataLayer`): the tracker records how it heard each add in `window.vitrineGaHeard`.
 *
 * @package VitrineShopTest
 */

defined( 'ABSPATH' ) || exit;

/** Whether this request carries the cookie `name=1`. */
function vitrine_shop_fixture_cookie( $name ) {
	return isset( $_COOKIE[ $name ] ) && '1' === $_COOKIE[ $name ]; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
}

if ( vitrine_shop_fixture_cookie( 'vitrine_test_gateway' ) ) {
	add_action(
		'plugins_loaded',
		static function () {
			if ( ! class_exists( 'WC_Payment_Gateway' ) ) {
				return;
			}
			/** The fixture gateway: a card field stands for the payment provider's tokenizer. */
			final class Vitrine_Shop_Fixture_Gateway extends WC_Payment_Gateway {
				public function __construct() {
					$this->id                 = 'vitrine_fixture';
					$this->method_title       = 'Fixture card';
					$this->method_description = 'Vitrine genuine-shop test gateway.';
					$this->title              = 'Fixture card';
					$this->description        = 'Pay with the fixture card (tokenized in the browser).';
					$this->enabled            = 'yes';
					$this->has_fields         = true;
					$this->supports           = array( 'products' );
				}

				public function payment_fields() {
					echo '<p>' . esc_html( $this->description ) . '</p><p class="form-row"><label for="vitrine_fixture_card">Card</label><input id="vitrine_fixture_card" class="input-text" type="text" value="4242 4242 4242 4242"></p>';
					// Many gateways set their fields up with a script printed beside them, which runs again each time
					// checkout.js draws the payment box anew from update_order_review's fragments.
					echo "<script>( function ( field ) { if ( field ) { field.setAttribute( 'data-fixture-ready', '1' ); } } )( document.getElementById( 'vitrine_fixture_card' ) );</script>";
				}

				public function validate_fields() {
					if ( empty( $_POST['vitrine_fixture_token'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification
						wc_add_notice( 'The fixture card was not tokenized.', 'error' );
						return false;
					}
					return true;
				}

				public function process_payment( $order_id ) {
					$order = wc_get_order( $order_id );
					$token = sanitize_text_field( wp_unslash( $_POST['vitrine_fixture_token'] ?? '' ) ); // phpcs:ignore WordPress.Security.NonceVerification
					// The provider declines the card: WooCommerce answers the checkout with the notice and `failure`.
					if ( 0 === strpos( $token, 'tok_declined' ) ) {
						wc_add_notice( 'The fixture card was declined.', 'error' );
						return array( 'result' => 'failure' );
					}
					// Cookie `vitrine_test_3ds=1`: the first payment asks for a 3-D Secure check on the same page, as Stripe's
					// and WooPayments' answers do (a redirect that only changes the hash, which their script hears).
					if ( vitrine_shop_fixture_cookie( 'vitrine_test_3ds' ) && ! WC()->session->get( 'vitrine_fixture_3ds_asked' ) ) {
						WC()->session->set( 'vitrine_fixture_3ds_asked', true );
						return array(
							'result'   => 'success',
							'redirect' => '#confirm-pi-fixture:' . $order_id,
						);
					}
					$order->update_meta_data( '_vitrine_fixture_token', $token );
					$order->update_status( 'on-hold', 'Fixture card' );
					WC()->cart->empty_cart();
					return array(
						'result'   => 'success',
						'redirect' => $this->get_return_url( $order ),
					);
				}
			}
			add_filter(
				'woocommerce_payment_gateways',
				static function ( $gateways ) {
					$gateways[] = 'Vitrine_Shop_Fixture_Gateway';
					return $gateways;
				}
			);
		}
	);
	add_action(
		'wp_enqueue_scripts',
		static function () {
			if ( ! function_exists( 'is_checkout' ) || ! is_checkout() ) {
				return;
			}
			wp_enqueue_script( 'vitrine-fixture-gateway', plugins_url( 'vitrine-shop-gateway/gateway.js', __FILE__ ), array( 'wc-checkout' ), '1.0', true );
		},
		20
	);
}

if ( vitrine_shop_fixture_cookie( 'vitrine_test_tracking' ) ) {
	add_action(
		'wp_enqueue_scripts',
		static function () {
			wp_add_inline_script(
				'wc-add-to-cart',
				"jQuery( document.body ).on( 'added_to_cart', function ( event, fragments, cartHash, \$button ) { ( window.vitrineTracked = window.vitrineTracked || [] ).push( String( \$button.data( 'product_id' ) ) ); } );",
				'after'
			);
		},
		20
	);
}

if ( vitrine_shop_fixture_cookie( 'vitrine_test_theme_gallery' ) ) {
	add_action(
		'wp_enqueue_scripts',
		static function () {
			if ( ! function_exists( 'is_product' ) || ! is_product() ) {
				return;
			}
			wp_enqueue_script( 'vitrine-fixture-theme-gallery', plugins_url( 'vitrine-shop-gateway/theme-gallery.js', __FILE__ ), array( 'wc-single-product' ), '1.0', true );
		},
		20
	);
}

if ( vitrine_shop_fixture_cookie( 'vitrine_test_cart_plugin' ) ) {
	// The plugin's own request: the gift card (the seed's `gift-card`) goes into the cart.
	add_action(
		'wc_ajax_vitrine_fixture_gift',
		static function () {
			$gift = get_page_by_path( 'gift-card', OBJECT, 'product' );
			$key  = $gift ? WC()->cart->add_to_cart( $gift->ID ) : false;
			wp_send_json( array( 'added' => (bool) $key ) );
		}
	);
	add_action(
		'wp_enqueue_scripts',
		static function () {
			if ( ! function_exists( 'is_cart' ) || ! is_cart() ) {
				return;
			}
			wp_enqueue_script( 'vitrine-fixture-cart-plugin', plugins_url( 'vitrine-shop-gateway/cart-plugin.js', __FILE__ ), array( 'wc-cart' ), '1.0', true );
		},
		20
	);
}

if ( vitrine_shop_fixture_cookie( 'vitrine_test_qty_buttons' ) ) {
	add_action(
		'wp_enqueue_scripts',
		static function () {
			wp_enqueue_script( 'vitrine-fixture-qty-buttons', plugins_url( 'vitrine-shop-gateway/qty-buttons.js', __FILE__ ), array( 'jquery' ), '1.0', true );
		},
		20
	);
}

if ( vitrine_shop_fixture_cookie( 'vitrine_test_pixel' ) ) {
	add_action(
		'wp_head',
		static function () {
			echo "<script>document.addEventListener( 'DOMContentLoaded', function () { document.body.insertAdjacentHTML( 'beforeend', '<div class=\"vitrine-fixture-pixel\"></div>' ); } );</script>\n";
		}
	);
	// Only an ajax add's answer carries the event, as the pixel plugin hooks woocommerce_ajax_added_to_cart.
	add_action(
		'woocommerce_ajax_added_to_cart',
		static function ( $product_id ) {
			add_filter(
				'woocommerce_add_to_cart_fragments',
				static function ( $fragments ) use ( $product_id ) {
					$fragments['div.vitrine-fixture-pixel'] = '<div class="vitrine-fixture-pixel"><script>( window.vitrinePixel = window.vitrinePixel || [] ).push( ' . (int) $product_id . ' );</script></div>';
					return $fragments;
				}
			);
		}
	);
}

if ( vitrine_shop_fixture_cookie( 'vitrine_test_ga_tracker' ) ) {
	add_action(
		'wp_head',
		static function () {
			echo "<script>window.dataLayer = window.dataLayer || []; function gtag() { dataLayer.push( arguments ); }</script>\n";
		},
		1
	);
	add_action(
		'wp_enqueue_scripts',
		static function () {
			wp_enqueue_script( 'woocommerce-google-analytics-integration', plugins_url( 'vitrine-shop-gateway/ga-tracker.js', __FILE__ ), array(), '1.0', true );
		},
		20
	);
}

if ( vitrine_shop_fixture_cookie( 'vitrine_test_quick_view' ) ) {
	add_action(
		'wp_enqueue_scripts',
		static function () {
			if ( ! function_exists( 'is_shop' ) || ! is_shop() ) {
				return;
			}
			$tee = get_page_by_path( 'variable-tee', OBJECT, 'product' );
			wp_enqueue_script( 'wc-add-to-cart-variation' );
			wp_enqueue_script( 'vitrine-fixture-quick-view', plugins_url( 'vitrine-shop-gateway/quick-view.js', __FILE__ ), array( 'jquery' ), '1.0', true );
			wp_localize_script( 'vitrine-fixture-quick-view', 'vitrineFixtureQuickView', array( 'url' => $tee ? get_permalink( $tee ) : '' ) );
		},
		20
	);
}
