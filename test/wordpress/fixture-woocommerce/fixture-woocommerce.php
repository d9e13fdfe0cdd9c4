<?php
/**
 * Plugin Name: Fixture WooCommerce (Vitrine's WordPress test)
 * Description: Registers, enqueues and localizes the storefront scripts the way WooCommerce 10 does (and the
 *              Variation Swatches and Smart WooCommerce Search plugins), and renders genuine-shaped WooCommerce
 *              markup. Test-only: it is not WooCommerce, it reproduces its script loading so the Vitrine plugin
 *              can be tested against real WordPress core.
 * Version:     10.3.0-fixture
 * License:     GPL-2.0-or-later
 *
 * Facts reproduced (class-wc-frontend-scripts.php, WooCommerce 10.3+):
 * - scripts are registered and the early ones enqueued at wp_enqueue_scripts (priority 10);
 * - since 10.3 the libraries are registered as wc-zoom, wc-flexslider, wc-photoswipe, wc-photoswipe-ui-default,
 *   wc-jquery-blockui, wc-js-cookie, wc-select2, wc-jquery-payment, wc-jquery-tiptip, the old names kept as
 *   source-less aliases depending on the new ones (registered in the footer); WooCommerce's own scripts depend on
 *   the new names; 10.3.0 reports a deprecation for every legacy alias enqueued or printed (a shutdown check);
 * - WooCommerce 11.0 (woocommerce/woocommerce#64431, reverted by #67294 after issue #67159) registers the scripts
 *   that have a legacy alias blocking, like their aliases (in the footer, no defer strategy), the others deferred.
 *   The option fixture_wc_version ('10.3', the default, or '11.0') picks the registration;
 * - older releases, the option fixture_wc_version '8.5' or '9.4': the libraries under their pre-10.3 names (jquery-blockui,
 *   js-cookie, zoom, flexslider, photoswipe, …), no aliases, and the settings globals without the fields those releases
 *   did not print yet (9.5 added i18n_product_gallery_trigger_text and i18n_reset_alert_text, 9.7 i18n_password_show,
 *   i18n_password_hide and i18n_rating_options); 8.5 prints wc_order_attribution with its params only (allowTracking
 *   'yes' or 'no', no base64) and no fields map (8.6 added it), and enqueues wc-order-attribution-blocks on every page;
 * - wc-add-to-cart-variation is enqueued while the variable product form renders and wc-cart-fragments by the
 *   cart widget (not on the cart and checkout pages), both after wp_enqueue_scripts;
 * - the settings globals are localized at print time (wp_print_scripts and wp_print_footer_scripts, priority 5),
 *   only for handles still enqueued, named handle with - → _ plus _params, through the woocommerce_get_script_data
 *   filter and then the global's own filter (every release since 3.0); localizing wc-add-to-cart-variation also prints
 *   the variation templates.
 *
 * @package VitrineTest
 */

defined( 'ABSPATH' ) || exit;

if ( get_option( 'fixture_wc_consent_api' ) && ! class_exists( 'WP_CONSENT_API' ) ) {
	/** The WP Consent API plugin's main class, by which WooCommerce (and Vitrine) know that plugin is active. */
	class WP_CONSENT_API {} // phpcs:ignore Generic.Files.OneObjectStructurePerFile,Generic.Classes.OpeningBraceSameLine
}

/** The WooCommerce release reproduced: '10.3' (the default), '11.0', '9.4' or '8.5' (the option fixture_wc_version). */
function fixture_wc_mode() {
	$mode = get_option( 'fixture_wc_version' );
	return in_array( $mode, array( '8.5', '9.4', '11.0' ), true ) ? $mode : '10.3';
}

define( 'FIXTURE_WC_VERSION', fixture_wc_mode() . '.0' );
// What Vitrine checks for WooCommerce (its requirements notice, and whether it runs on the storefront).
define( 'WC_VERSION', FIXTURE_WC_VERSION );

/** Whether the release reproduced is older than the given one. */
function fixture_wc_before( $version ) {
	return version_compare( FIXTURE_WC_VERSION, $version, '<' );
}

/** A library's handle in the release reproduced: before 10.3, the name without wc- (wc-zoom was zoom). */
function fixture_wc_handle( $handle ) {
	$renamed = array(
		'wc-jquery-blockui'        => 'jquery-blockui',
		'wc-js-cookie'             => 'js-cookie',
		'wc-zoom'                  => 'zoom',
		'wc-flexslider'            => 'flexslider',
		'wc-photoswipe'            => 'photoswipe',
		'wc-photoswipe-ui-default' => 'photoswipe-ui-default',
		'wc-select2'               => 'select2',
		'wc-jquery-payment'        => 'jquery-payment',
		'wc-jquery-tiptip'         => 'jquery-tiptip',
	);
	return fixture_wc_before( '10.3' ) && isset( $renamed[ $handle ] ) ? $renamed[ $handle ] : $handle;
}

/** The catalogue: slug => product. */
function fixture_wc_products() {
	return array(
		'hoodie'   => array(
			'id'     => 0,
			'name'   => 'Hoodie',
			'type'   => 'variable',
			'price'  => '45.00',
			'images' => array( 'red', 'blue', 'green' ),
		),
		'beanie'   => array(
			'id'     => 0,
			'name'   => 'Beanie',
			'type'   => 'simple',
			'price'  => '18.00',
			'images' => array( 'green', 'red' ),
		),
		'cap'      => array(
			'id'     => 0,
			'name'   => 'Cap',
			'type'   => 'simple',
			'price'  => '16.00',
			'images' => array( 'blue' ),
		),
	);
}

add_action(
	'init',
	static function () {
		register_post_type(
			'product',
			array(
				'public'      => true,
				'has_archive' => 'shop',
				'label'       => 'Products',
				'supports'    => array( 'title', 'editor' ),
			)
		);
	}
);

// WooCommerce's conditional tags, answered from this fixture's pages.
if ( ! function_exists( 'is_product' ) ) {
	function is_product() {
		return is_singular( 'product' );
	}
	function is_shop() {
		return is_post_type_archive( 'product' );
	}
	function is_cart() {
		return is_page( (int) get_option( 'fixture_wc_cart_page' ) );
	}
	function is_checkout() {
		return is_page( (int) get_option( 'fixture_wc_checkout_page' ) );
	}
	function is_account_page() {
		return false;
	}
}

function fixture_wc_asset( $path ) {
	return plugins_url( $path, __FILE__ );
}

/** WC_AJAX::get_endpoint(): the home URL with ?wc-ajax=. */
function fixture_wc_ajax_endpoint( $request ) {
	return add_query_arg( 'wc-ajax', $request, home_url( '/', 'relative' ) );
}

/** Before WordPress 6.3 a script's args could only say "in the footer"; since, WooCommerce asks for defer. */
function fixture_wc_script_args() {
	return version_compare( get_bloginfo( 'version' ), '6.3', '>=' ) ? array( 'strategy' => 'defer' ) : false;
}

function fixture_wc_register_scripts() {
	$v       = FIXTURE_WC_VERSION;
	$scripts = array(
		// handle => array( file, deps, legacy alias ).
		'wc-jquery-blockui'        => array( 'jquery-blockui/jquery.blockUI.min.js', array( 'jquery' ), 'jquery-blockui' ),
		'wc-js-cookie'             => array( 'js-cookie/js.cookie.min.js', array(), 'js-cookie' ),
		'wc-zoom'                  => array( 'zoom/jquery.zoom.min.js', array( 'jquery' ), 'zoom' ),
		'wc-flexslider'            => array( 'flexslider/jquery.flexslider.min.js', array( 'jquery' ), 'flexslider' ),
		'wc-photoswipe'            => array( 'photoswipe/photoswipe.min.js', array(), 'photoswipe' ),
		'wc-photoswipe-ui-default' => array( 'photoswipe/photoswipe-ui-default.min.js', array( 'wc-photoswipe' ), 'photoswipe-ui-default' ),
		'wc-select2'               => array( 'select2/select2.full.min.js', array( 'jquery' ), 'select2' ),
		'wc-jquery-payment'        => array( 'jquery-payment/jquery.payment.min.js', array( 'jquery' ), 'jquery-payment' ),
		'wc-jquery-tiptip'         => array( 'jquery-tiptip/jquery.tipTip.min.js', array( 'jquery' ), 'jquery-tiptip' ),
		'selectWoo'                => array( 'selectWoo/selectWoo.full.min.js', array( 'jquery' ), null ),
		'woocommerce'              => array( 'frontend/woocommerce.min.js', array( 'jquery', 'wc-jquery-blockui', 'wc-js-cookie' ), null ),
		'wc-add-to-cart'           => array( 'frontend/add-to-cart.min.js', array( 'jquery', 'wc-jquery-blockui' ), null ),
		'wc-add-to-cart-variation' => array( 'frontend/add-to-cart-variation.min.js', array( 'jquery', 'wp-util', 'wc-jquery-blockui' ), null ),
		'wc-cart-fragments'        => array( 'frontend/cart-fragments.min.js', array( 'jquery', 'wc-js-cookie' ), null ),
		'wc-single-product'        => array( 'frontend/single-product.min.js', array( 'jquery' ), null ),
		'wc-country-select'        => array( 'frontend/country-select.min.js', array( 'jquery' ), null ),
		'wc-address-i18n'          => array( 'frontend/address-i18n.min.js', array( 'jquery', 'wc-country-select' ), null ),
		'wc-cart'                  => array( 'frontend/cart.min.js', array( 'jquery', 'woocommerce', 'wc-country-select', 'wc-address-i18n' ), null ),
		'wc-checkout'              => array( 'frontend/checkout.min.js', array( 'jquery', 'woocommerce', 'wc-country-select', 'wc-address-i18n' ), null ),
		// Order attribution (every page) and address autocomplete (checkout), as WooCommerce 10 registers them.
		'sourcebuster-js'                => array( 'sourcebuster/sourcebuster.min.js', array(), null ),
		'wc-order-attribution'           => array( 'frontend/order-attribution.min.js', array( 'sourcebuster-js' ), null ),
		'wc-address-autocomplete-common' => array( 'frontend/utils/address-autocomplete-common.min.js', array(), null ),
		'wc-address-autocomplete'        => array( 'frontend/address-autocomplete.min.js', array( 'wc-address-autocomplete-common' ), null ),
	);
	foreach ( $scripts as $handle => list( $file, $deps, $legacy ) ) {
		// 11.0: a script with a legacy alias is blocking, in the footer, as its alias is.
		$args = $legacy && '11.0' === fixture_wc_mode() ? true : fixture_wc_script_args();
		wp_register_script( fixture_wc_handle( $handle ), fixture_wc_asset( 'assets/js/' . $file ), array_map( 'fixture_wc_handle', $deps ), $v, $args );
		if ( $legacy && ! fixture_wc_before( '10.3' ) ) {
			$GLOBALS['fixture_wc_legacy_handles'][ $legacy ] = $handle;
			wp_register_script( $legacy, false, array( $handle ), $v, true );
		}
	}
}

/** WC_Frontend_Scripts::load_scripts(). */
function fixture_wc_load_scripts() {
	fixture_wc_register_scripts();
	if ( 'yes' === get_option( 'woocommerce_enable_ajax_add_to_cart', 'yes' ) ) {
		wp_enqueue_script( 'wc-add-to-cart' );
	}
	if ( is_cart() ) {
		wp_enqueue_script( 'wc-cart' );
	}
	if ( is_cart() || is_checkout() ) {
		wp_enqueue_script( 'selectWoo' );
	}
	if ( is_checkout() ) {
		wp_enqueue_script( 'wc-checkout' );
		// A declared address provider and its script, which depends on WooCommerce's registry.
		wp_enqueue_script( 'wc-address-autocomplete' );
		wp_localize_script( 'wc-address-autocomplete-common', 'wc_address_autocomplete_common_params', array( 'address_providers' => wp_json_encode( array( array( 'id' => 'fixture-provider', 'name' => 'Fixture provider' ) ) ) ) );
		wp_enqueue_script( 'fixture-address-provider', fixture_wc_asset( 'assets/address-provider.js' ), array( 'wc-address-autocomplete' ), '1.0', true );
	}
	if ( is_checkout() && get_option( 'fixture_wc_gateway' ) ) {
		// A payment gateway's classic checkout script, registered as WooPayments registers wc-payment-checkout
		// (['stripe', 'wc-checkout']): it relies on wc-checkout's contract (jQuery, its events and vetoes).
		wp_enqueue_script( 'fixture-gateway', fixture_wc_asset( 'assets/gateway.js' ), array( 'wc-checkout' ), '1.0', true );
	}
	if ( is_product() && get_option( 'fixture_wc_theme_gallery' ) ) {
		// A theme script that drives the gallery through single-product.js ($.fn.wc_product_gallery): a contract
		// Vitrine cannot keep.
		wp_enqueue_script( 'fixture-theme-gallery', fixture_wc_asset( 'assets/theme-gallery.js' ), array( 'wc-single-product' ), '1.0', true );
	}
	foreach ( (array) get_option( 'fixture_wc_enqueue', array() ) as $handle ) {
		// A plugin enqueuing one of WooCommerce's registered libraries directly for its own markup.
		wp_enqueue_script( fixture_wc_handle( $handle ) );
	}
	$theme_deps = get_option( 'fixture_wc_theme_deps' );
	if ( $theme_deps ) {
		// A theme's own script on every page, depending on the handles the test names (legacy aliases or new names).
		wp_enqueue_script( 'fixture-theme-script', fixture_wc_asset( 'assets/js/theme-script.js' ), (array) $theme_deps, '1.0', true );
	}
	if ( get_option( 'fixture_wc_tracking' ) ) {
		// A tag manager's add-to-cart tracking, attached to WooCommerce's script as such plugins do.
		wp_add_inline_script( 'wc-add-to-cart', 'window.fixtureBefore = typeof jQuery;', 'before' );
		// (At DOM ready: before WordPress 6.3 the fixture prints WooCommerce's scripts in the head, where there is no body yet.)
		wp_add_inline_script( 'wc-add-to-cart', "jQuery( function ( \$ ) { \$( document.body ).on( 'added_to_cart', function ( event, fragments, hash, \$button ) { ( window.fixtureAdds = window.fixtureAdds || [] ).push( \$button.data( 'product_id' ) ); } ); } );", 'after' );
	}
	// OrderAttributionController: on every page, with its settings.
	wp_enqueue_script( 'wc-order-attribution' );
	// The filter wc_order_attribution_allow_tracking, which consent plugins answer ('no' until the shopper consents).
	$allow = ! get_option( 'fixture_wc_attribution_no_consent' );
	if ( fixture_wc_before( '8.6' ) ) {
		// 8.5: allowTracking as wc_bool_to_string() gives it, no base64, no fields map (its script had the names).
		$attribution = array(
			'params' => array(
				'lifetime'      => 1.0e-5,
				'session'       => 30,
				'ajaxurl'       => admin_url( 'admin-ajax.php' ),
				'prefix'        => 'wc_order_attribution_',
				'allowTracking' => $allow ? 'yes' : 'no',
			),
		);
	} else {
		$attribution = array(
			'params' => array(
				'lifetime'      => 1.0e-5,
				'session'       => 30,
				'base64'        => false,
				'ajaxurl'       => admin_url( 'admin-ajax.php' ),
				'prefix'        => 'wc_order_attribution_',
				'allowTracking' => $allow,
			),
			'fields' => array(
				'source_type'   => 'current.typ',
				'utm_source'    => 'current.src',
				'session_pages' => 'session.pgs',
			),
		);
	}
	wp_localize_script( 'wc-order-attribution', 'wc_order_attribution', $attribution );
	if ( fixture_wc_before( '8.6' ) ) {
		// 8.5's OrderAttributionBlocksController enqueued its block checkout script on every page (8.6 dropped it); it
		// depended on order attribution (and on the blocks' data stores, left out here) and read sourcebuster.js's global.
		wp_enqueue_script( 'wc-order-attribution-blocks', fixture_wc_asset( 'assets/order-attribution-blocks.js' ), array( 'wc-order-attribution', 'wp-data' ), FIXTURE_WC_VERSION, true );
	}
	if ( get_option( 'fixture_wc_attribution_consent_call' ) ) {
		// A consent plugin written for WooCommerce 8.5 grants consent as soon as order attribution's script has run.
		wp_add_inline_script( 'wc-order-attribution', 'window.wc_order_attribution.setAllowTrackingConsent( true );', 'after' );
	}
	if ( is_product() ) {
		if ( current_theme_supports( 'wc-product-gallery-zoom' ) ) {
			wp_enqueue_script( fixture_wc_handle( 'wc-zoom' ) );
		}
		if ( current_theme_supports( 'wc-product-gallery-slider' ) ) {
			wp_enqueue_script( fixture_wc_handle( 'wc-flexslider' ) );
		}
		if ( current_theme_supports( 'wc-product-gallery-lightbox' ) ) {
			wp_enqueue_script( fixture_wc_handle( 'wc-photoswipe-ui-default' ) );
		}
		wp_enqueue_script( 'wc-single-product' );
	}
	wp_enqueue_script( 'woocommerce' );

	// Variation Swatches for WooCommerce: its product script rides on the variation script, on every page.
	wp_register_script( 'cfvsw_swatches_product', fixture_wc_asset( 'assets/js/cfvsw/swatches.js' ), array( 'jquery', 'wc-add-to-cart-variation' ), '1.0.13', true );
	if ( is_product() ) {
		wp_enqueue_script( 'cfvsw_swatches_product' );
		wp_localize_script(
			'cfvsw_swatches_product',
			'cfvsw_swatches_settings',
			array(
				'ajax_url'               => admin_url( 'admin-ajax.php' ),
				'remove_attr_class'      => 'cfvsw-swatches-blur',
				'html_design'            => 'none',
				'unavailable_text'       => 'Selected variant is unavailable.',
				'ajax_add_to_cart_nonce' => wp_create_nonce( 'cfvsw_ajax_add_to_cart' ),
				'tooltip_image'          => '',
				'disable_out_of_stock'   => '1',
			)
		);
	}
	// WooPayments' express wallet button on product pages: its script depends on jQuery and Stripe.js and carries
	// wcpayExpressCheckoutParams (no container is printed here, so no button is drawn).
	if ( is_product() ) {
		wp_register_script( 'stripe', 'https://js.stripe.com/v3/', array(), '3.0', true );
		wp_enqueue_script( 'WCPAY_EXPRESS_CHECKOUT_ECE', fixture_wc_asset( 'assets/js/wcpay/tokenized-express-checkout.js' ), array( 'jquery', 'stripe' ), '9.9.0', true );
		wp_localize_script(
			'WCPAY_EXPRESS_CHECKOUT_ECE',
			'wcpayExpressCheckoutParams',
			array(
				'ajax_url'       => admin_url( 'admin-ajax.php' ),
				'stripe'         => array( 'publishableKey' => 'pk_test_fixture', 'accountId' => 'acct_fixture', 'locale' => 'en' ),
				'nonce'          => array( 'store_api_nonce' => wp_create_nonce( 'wc_store_api' ), 'platform_tracker' => wp_create_nonce( 'platform_tracks_nonce' ) ),
				'checkout'       => array( 'currency_code' => 'usd', 'currency_decimals' => 2, 'country_code' => 'US', 'needs_shipping' => true, 'needs_payer_phone' => true ),
				'button'         => array( 'type' => 'default', 'theme' => 'dark', 'height' => '48' ),
				'login_confirmation' => false,
				'button_context' => 'product',
				'has_block'      => false,
				'total_label'    => 'Fixture shop (via WooCommerce)',
			)
		);
	}
	// Smart WooCommerce Search: its script and settings on every page (no search widget configured here).
	wp_enqueue_script( 'smart-search-general', fixture_wc_asset( 'assets/js/sws/general.js' ), array( 'jquery' ), '2.16.1', true );
	wp_localize_script(
		'smart-search-general',
		'swsL10n',
		array(
			'restUrl' => rest_url( 'ysm/v1/search' ) . '?',
			'widgets' => array(),
		)
	);
}
add_action( 'wp_enqueue_scripts', 'fixture_wc_load_scripts' );

/**
 * WC_Frontend_Scripts::get_script_data(): the release's fields, through the woocommerce_get_script_data filter.
 *
 * @param string $handle A script handle.
 * @return array|false
 */
function fixture_wc_script_data( $handle ) {
	$params = fixture_wc_script_fields( $handle );
	if ( is_array( $params ) ) {
		// The fields the release reproduced did not print yet: field => the release that added it.
		$since = array(
			'i18n_password_show'                => '9.7',
			'i18n_password_hide'                => '9.7',
			'i18n_rating_options'               => '9.7',
			'i18n_product_gallery_trigger_text' => '9.5',
			'i18n_reset_alert_text'             => '9.5',
		);
		foreach ( $since as $field => $version ) {
			if ( fixture_wc_before( $version ) ) {
				unset( $params[ $field ] );
			}
		}
	}
	return apply_filters( 'woocommerce_get_script_data', $params, $handle );
}

/** The fields of WooCommerce 10's get_script_data(), per handle. */
function fixture_wc_script_fields( $handle ) {
	$ajax    = admin_url( 'admin-ajax.php', 'relative' );
	$wc_ajax = fixture_wc_ajax_endpoint( '%%endpoint%%' );
	$hash    = md5( get_current_blog_id() . '_' . get_site_url( get_current_blog_id(), '/' ) . get_template() );
	switch ( $handle ) {
		case 'woocommerce':
			return array(
				'ajax_url'           => $ajax,
				'wc_ajax_url'        => $wc_ajax,
				'i18n_password_show' => 'Show password',
				'i18n_password_hide' => 'Hide password',
			);
		case 'wc-add-to-cart':
			return array(
				'ajax_url'                => $ajax,
				'wc_ajax_url'             => $wc_ajax,
				'i18n_view_cart'          => 'View cart',
				'cart_url'                => get_permalink( (int) get_option( 'fixture_wc_cart_page' ) ),
				'is_cart'                 => is_cart(),
				'cart_redirect_after_add' => 'no',
			);
		case 'wc-add-to-cart-variation':
			// Localizing this script also prints the templates it renders (single-product/add-to-cart/variation.php).
			fixture_wc_variation_templates();
			return array(
				'wc_ajax_url'                      => $wc_ajax,
				'i18n_no_matching_variations_text' => 'Sorry, no products matched your selection. Please choose a different combination.',
				'i18n_make_a_selection_text'       => 'Please select some product options before adding this product to your cart.',
				'i18n_unavailable_text'            => 'Sorry, this product is unavailable. Please choose a different combination.',
				'i18n_reset_alert_text'            => 'Your selection has been reset. Please select some product options before adding this product to your cart.',
			);
		case 'wc-cart-fragments':
			return array(
				'ajax_url'        => $ajax,
				'wc_ajax_url'     => $wc_ajax,
				'cart_hash_key'   => 'wc_cart_hash_' . $hash,
				'fragment_name'   => 'wc_fragments_' . $hash,
				'request_timeout' => 5000,
			);
		case 'wc-single-product':
			return array(
				'i18n_required_rating_text'         => 'Please select a rating',
				'i18n_rating_options'               => array( '1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars' ),
				'i18n_product_gallery_trigger_text' => 'View full-screen image gallery',
				'review_rating_required'            => 'yes',
				'flexslider'                        => array(
					'rtl'            => is_rtl(),
					'animation'      => 'slide',
					'smoothHeight'   => true,
					'directionNav'   => false,
					'controlNav'     => 'thumbnails',
					'slideshow'      => false,
					'animationSpeed' => 500,
					'animationLoop'  => false,
					'allowOneSlide'  => false,
				),
				'zoom_enabled'                      => current_theme_supports( 'wc-product-gallery-zoom' ),
				'zoom_options'                      => array(),
				'photoswipe_enabled'                => current_theme_supports( 'wc-product-gallery-lightbox' ),
				'photoswipe_options'                => array(
					'shareEl'               => false,
					'closeOnScroll'         => false,
					'history'               => false,
					'hideAnimationDuration' => 0,
					'showAnimationDuration' => 0,
				),
				'flexslider_enabled'                => current_theme_supports( 'wc-product-gallery-slider' ),
			);
		case 'wc-cart':
			return array(
				'ajax_url'                     => $ajax,
				'wc_ajax_url'                  => $wc_ajax,
				'update_shipping_method_nonce' => wp_create_nonce( 'update-shipping-method' ),
				'apply_coupon_nonce'           => wp_create_nonce( 'apply-coupon' ),
				'remove_coupon_nonce'          => wp_create_nonce( 'remove-coupon' ),
			);
		case 'wc-checkout':
			return array(
				'ajax_url'                  => $ajax,
				'wc_ajax_url'               => $wc_ajax,
				'update_order_review_nonce' => wp_create_nonce( 'update-order-review' ),
				'apply_coupon_nonce'        => wp_create_nonce( 'apply-coupon' ),
				'remove_coupon_nonce'       => wp_create_nonce( 'remove-coupon' ),
				'option_guest_checkout'     => 'yes',
				'checkout_url'              => fixture_wc_ajax_endpoint( 'checkout' ),
				'is_checkout'               => is_checkout() ? '1' : '0',
				'debug_mode'                => false,
				'i18n_checkout_error'       => 'There was an error processing your order. Please check for any charges in your payment method and review your <a href="/my-account/orders/">order history</a> before placing the order again.',
			);
		case 'wc-country-select':
			return array(
				'countries'              => wp_json_encode( array( 'FR' => array() ) ),
				'i18n_select_state_text' => 'Select an option…',
			);
		case 'wc-address-i18n':
			return array(
				'locale'             => wp_json_encode( array( 'default' => array() ) ),
				'locale_fields'      => wp_json_encode( array( 'address_1' => '#billing_address_1_field' ) ),
				'i18n_required_text' => 'required',
				'i18n_optional_text' => 'optional',
			);
	}
	return false;
}

/** WC_Frontend_Scripts::localize_printed_scripts(): each handle once, only while it is enqueued. */
function fixture_wc_localize_printed_scripts() {
	static $localized = array();
	$handles = array( 'woocommerce', 'wc-add-to-cart', 'wc-add-to-cart-variation', 'wc-cart-fragments', 'wc-single-product', 'wc-cart', 'wc-checkout', 'wc-country-select', 'wc-address-i18n' );
	foreach ( $handles as $handle ) {
		if ( in_array( $handle, $localized, true ) || ! wp_script_is( $handle ) ) {
			continue;
		}
		$data = fixture_wc_script_data( $handle );
		if ( ! $data ) {
			continue;
		}
		$name        = str_replace( '-', '_', $handle ) . '_params';
		$localized[] = $handle;
		wp_localize_script( $handle, $name, apply_filters( $name, $data ) );
	}
}
add_action( 'wp_print_scripts', 'fixture_wc_localize_printed_scripts', 5 );
add_action( 'wp_print_footer_scripts', 'fixture_wc_localize_printed_scripts', 5 );

function fixture_wc_variation_templates() {
	?>
<script type="text/template" id="tmpl-variation-template">
	<div class="woocommerce-variation-description">{{{ data.variation.variation_description }}}</div>
	<div class="woocommerce-variation-price">{{{ data.variation.price_html }}}</div>
	<div class="woocommerce-variation-availability">{{{ data.variation.availability_html }}}</div>
</script>
<script type="text/template" id="tmpl-unavailable-variation-template">
	<p role="alert">Sorry, this product is unavailable. Please choose a different combination.</p>
</script>
	<?php
}

/** The wc-ajax endpoints the pages call at load (an empty cart). */
add_action(
	'init',
	static function () {
		if ( empty( $_GET['wc-ajax'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification
			return;
		}
		header( 'Content-Type: text/html; charset=UTF-8' ); // WooCommerce answers JSON as text/html.
		nocache_headers();
		echo wp_json_encode(
			array(
				'fragments' => array( 'div.widget_shopping_cart_content' => fixture_wc_mini_cart_content() ),
				'cart_hash' => '',
			)
		);
		exit;
	},
	0
);

function fixture_wc_price( $amount ) {
	return '<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>' . esc_html( $amount ) . '</bdi></span>';
}

function fixture_wc_product_by_post( $post ) {
	$products = fixture_wc_products();
	if ( ! isset( $products[ $post->post_name ] ) ) {
		return null;
	}
	$product       = $products[ $post->post_name ];
	$product['id'] = $post->ID;
	$product['slug'] = $post->post_name;
	return $product;
}

function fixture_wc_image_url( $key ) {
	return fixture_wc_asset( 'assets/' . $key . '.svg' );
}

/** The mini cart widget (WC_Widget_Cart): hidden on the cart and checkout pages, enqueues cart fragments. */
function fixture_wc_mini_cart_widget() {
	if ( is_cart() || is_checkout() ) {
		return;
	}
	wp_enqueue_script( 'wc-cart-fragments' );
	echo '<section id="woocommerce_widget_cart-1" class="widget woocommerce widget_shopping_cart"><h2 class="widgettitle">Cart</h2>';
	echo fixture_wc_mini_cart_content(); // phpcs:ignore WordPress.Security.EscapeOutput
	echo '</section>';
}

function fixture_wc_mini_cart_content() {
	return '<div class="widget_shopping_cart_content">' . "\n\t" . '<p class="woocommerce-mini-cart__empty-message">No products in the cart.</p>' . "\n" . '</div>';
}

/** The page body, from the query: single product, shop loop, cart, checkout. */
function fixture_wc_content() {
	echo '<div class="woocommerce-notices-wrapper"></div>';
	if ( is_product() ) {
		$product = fixture_wc_product_by_post( get_queried_object() );
		if ( $product ) {
			fixture_wc_single_product( $product );
		}
	} elseif ( is_shop() ) {
		fixture_wc_shop();
	} elseif ( is_cart() ) {
		fixture_wc_cart();
	} elseif ( is_checkout() ) {
		fixture_wc_checkout();
	}
}

function fixture_wc_gallery( $product ) {
	echo '<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4" style="opacity: 0; transition: opacity .25s ease-in-out;">' . "\n";
	echo "\t<div class=\"woocommerce-product-gallery__wrapper\">\n";
	foreach ( $product['images'] as $i => $key ) {
		$url = esc_url( fixture_wc_image_url( $key ) );
		$alt = esc_attr( $product['name'] . ' ' . $key );
		printf(
			'<div data-thumb="%1$s" data-thumb-alt="%2$s" class="woocommerce-product-gallery__image"><a href="%1$s"><img width="600" height="600" src="%1$s" class="%3$s" alt="%2$s" data-caption="" data-src="%1$s" data-large_image="%1$s" data-large_image_width="600" data-large_image_height="600" decoding="async" /></a></div>',
			$url, // phpcs:ignore WordPress.Security.EscapeOutput
			$alt, // phpcs:ignore WordPress.Security.EscapeOutput
			0 === $i ? 'wp-post-image' : ''
		);
	}
	echo "\t</div>\n</div>\n";
}

function fixture_wc_quantity( $id ) {
	printf(
		'<div class="quantity"><label class="screen-reader-text" for="quantity_%1$s">Quantity</label><input type="number" id="quantity_%1$s" class="input-text qty text" name="quantity" value="1" aria-label="Product quantity" size="4" min="1" max="" step="1" placeholder="" inputmode="numeric" autocomplete="off" /></div>',
		esc_attr( 'fixture' . $id )
	);
}

function fixture_wc_variations( $product ) {
	$variations = array();
	foreach ( array( 'red', 'blue', 'green' ) as $i => $colour ) {
		$url          = fixture_wc_image_url( $colour );
		$variations[] = array(
			'attributes'            => array( 'attribute_pa_colour' => $colour ),
			'availability_html'     => '',
			'display_price'         => 45 + $i,
			'display_regular_price' => 45 + $i,
			'image'                 => array(
				'title'                   => $product['name'] . ' ' . $colour,
				'caption'                 => '',
				'url'                     => $url,
				'alt'                     => $product['name'] . ' ' . $colour,
				'src'                     => $url,
				'srcset'                  => '',
				'sizes'                   => '(max-width: 600px) 100vw, 600px',
				'full_src'                => $url,
				'full_src_w'              => 600,
				'full_src_h'              => 600,
				'gallery_thumbnail_src'   => $url,
				'gallery_thumbnail_src_w' => 100,
				'gallery_thumbnail_src_h' => 100,
				'thumb_src'               => $url,
				'thumb_src_w'             => 300,
				'thumb_src_h'             => 300,
				'src_w'                   => 600,
				'src_h'                   => 600,
			),
			'image_id'              => 1000 + $i,
			'is_in_stock'           => true,
			'is_purchasable'        => true,
			'is_sold_individually'  => 'no',
			'max_qty'               => '',
			'min_qty'               => 1,
			'price_html'            => '<span class="price">' . fixture_wc_price( ( 45 + $i ) . '.00' ) . '</span>',
			'sku'                   => 'HOODIE-' . strtoupper( $colour ),
			'variation_description' => '',
			'variation_id'          => $product['id'] * 10 + $i + 1,
			'variation_is_active'   => true,
			'variation_is_visible'  => true,
			'weight'                => '',
			'weight_html'           => 'N/A',
		);
	}
	return $variations;
}

/** single-product/add-to-cart/variable.php, after woocommerce_variable_add_to_cart() enqueued the script. */
function fixture_wc_variable_form( $product ) {
	wp_enqueue_script( 'wc-add-to-cart-variation' );
	$link = get_permalink( $product['id'] );
	?>
<form class="variations_form cart" action="<?php echo esc_url( $link ); ?>" method="post" enctype='multipart/form-data' data-product_id="<?php echo (int) $product['id']; ?>" data-product_variations="<?php echo esc_attr( wp_json_encode( fixture_wc_variations( $product ) ) ); ?>">
	<table class="variations" cellspacing="0" role="presentation">
		<tbody>
			<tr>
				<th class="label"><label for="pa_colour">Colour</label></th>
				<td class="value">
					<select id="pa_colour" class="" name="attribute_pa_colour" data-attribute_name="attribute_pa_colour" data-show_option_none="yes"><option value="">Choose an option</option><option value="red">Red</option><option value="blue">Blue</option><option value="green">Green</option></select><a class="reset_variations" href="#" aria-label="Clear options">Clear</a>
				</td>
			</tr>
		</tbody>
	</table>
	<div class="reset_variations_alert screen-reader-text" role="alert" aria-live="polite" aria-relevant="all"></div>
	<div class="single_variation_wrap">
		<div class="woocommerce-variation single_variation" role="alert" aria-relevant="additions"></div><div class="woocommerce-variation-add-to-cart variations_button">
			<?php fixture_wc_quantity( $product['id'] ); ?>
			<button type="submit" class="single_add_to_cart_button button alt">Add to cart</button>
			<input type="hidden" name="add-to-cart" value="<?php echo (int) $product['id']; ?>" />
			<input type="hidden" name="product_id" value="<?php echo (int) $product['id']; ?>" />
			<input type="hidden" name="variation_id" class="variation_id" value="0" />
		</div>
	</div>
</form>
	<?php
}

function fixture_wc_single_product( $product ) {
	printf( '<div id="product-%1$d" class="product type-product post-%1$d status-publish product-type-%2$s">', (int) $product['id'], esc_attr( $product['type'] ) );
	fixture_wc_gallery( $product );
	echo '<div class="summary entry-summary">';
	printf( '<h1 class="product_title entry-title">%s</h1>', esc_html( $product['name'] ) );
	printf( '<p class="price">%s</p>', fixture_wc_price( $product['price'] ) ); // phpcs:ignore WordPress.Security.EscapeOutput
	if ( 'variable' === $product['type'] ) {
		fixture_wc_variable_form( $product );
	} else {
		printf( '<form class="cart" action="%s" method="post" enctype=\'multipart/form-data\'>', esc_url( get_permalink( $product['id'] ) ) );
		fixture_wc_quantity( $product['id'] );
		printf( '<button type="submit" name="add-to-cart" value="%d" class="single_add_to_cart_button button alt">Add to cart</button></form>', (int) $product['id'] );
	}
	echo '</div></div>';
}

/** archive-product.php with loop/add-to-cart.php buttons. */
function fixture_wc_shop() {
	echo '<header class="woocommerce-products-header"><h1 class="woocommerce-products-header__title page-title">Shop</h1></header>';
	echo '<p class="woocommerce-result-count" role="alert" aria-relevant="all">Showing all 3 results</p>';
	echo '<ul class="products columns-4">';
	foreach ( get_posts( array( 'post_type' => 'product', 'numberposts' => -1, 'orderby' => 'title', 'order' => 'ASC' ) ) as $post ) {
		$product = fixture_wc_product_by_post( $post );
		if ( ! $product ) {
			continue;
		}
		$id   = (int) $product['id'];
		$name = $product['name'];
		printf( '<li class="product type-product post-%d product-type-%s">', $id, esc_attr( $product['type'] ) );
		printf( '<a href="%s" class="woocommerce-LoopProduct-link woocommerce-loop-product__link"><img width="300" height="300" src="%s" alt="%s" /><h2 class="woocommerce-loop-product__title">%s</h2></a>', esc_url( get_permalink( $id ) ), esc_url( fixture_wc_image_url( $product['images'][0] ) ), esc_attr( $name ), esc_html( $name ) );
		printf( '<span class="price">%s</span>', fixture_wc_price( $product['price'] ) ); // phpcs:ignore WordPress.Security.EscapeOutput
		if ( 'simple' === $product['type'] ) {
			printf(
				'<a href="?add-to-cart=%1$d" aria-describedby="woocommerce_loop_add_to_cart_link_describedby_%1$d" data-quantity="1" class="button product_type_simple add_to_cart_button ajax_add_to_cart" data-product_id="%1$d" data-product_sku="%2$s" aria-label="Add to cart: &ldquo;%3$s&rdquo;" rel="nofollow" data-success_message="&ldquo;%3$s&rdquo; has been added to your cart" role="button">Add to cart</a><span id="woocommerce_loop_add_to_cart_link_describedby_%1$d" class="screen-reader-text"></span>',
				$id, // phpcs:ignore WordPress.Security.EscapeOutput
				esc_attr( strtoupper( $product['slug'] ) ),
				esc_attr( $name )
			);
		} else {
			printf( '<a href="%1$s" data-quantity="1" class="button product_type_variable add_to_cart_button" data-product_id="%2$d" aria-label="Select options for &ldquo;%3$s&rdquo;" rel="nofollow">Select options</a>', esc_url( get_permalink( $id ) ), $id, esc_attr( $name ) ); // phpcs:ignore WordPress.Security.EscapeOutput
		}
		echo '</li>';
	}
	echo '</ul>';
	if ( get_option( 'fixture_wc_late_script' ) ) {
		// A plugin enqueuing, while the page renders, a footer script that needs woocommerce.js.
		wp_enqueue_script( 'fixture-late', fixture_wc_asset( 'assets/js/late.js' ), array( 'woocommerce' ), '1.0', true );
	}
	// A theme's own markup marked for a widget, as the README's example shows it.
	echo '<p class="fixture-gift-card"><label>Gift cards <input type="number" name="quantity" value="1" min="1" step="1" data-vitrine-widget="quantity"></label></p>';
}

function fixture_wc_cart() {
	echo '<div class="woocommerce"><form class="woocommerce-cart-form" action="" method="post"><table class="shop_table shop_table_responsive cart woocommerce-cart-form__contents" cellspacing="0"><tbody><tr><td colspan="6" class="actions"><button type="submit" class="button" name="update_cart" value="Update cart">Update cart</button></td></tr></tbody></table></form>';
	echo '<div class="cart-collaterals"><div class="cart_totals"><h2>Cart totals</h2></div></div></div>';
}

function fixture_wc_checkout() {
	echo '<div class="woocommerce"><form name="checkout" method="post" class="checkout woocommerce-checkout" action="" enctype="multipart/form-data" aria-label="Checkout">';
	echo '<div class="woocommerce-billing-fields"><p class="form-row form-row-wide" id="billing_address_1_field"><label for="billing_address_1">Street address</label><input type="text" class="input-text" name="billing_address_1" id="billing_address_1" /></p></div>';
	echo '<div id="order_review" class="woocommerce-checkout-review-order"><button type="submit" class="button alt" name="woocommerce_checkout_place_order" id="place_order" value="Place order">Place order</button></div>';
	echo '</form></div>';
}

/**
 * For the test: the registered scripts graph and what was printed, as JSON after every script was printed.
 * The keep option lets the test try the `vitrine_replaced_scripts` filter.
 */
add_action(
	'wp_footer',
	static function () {
		$scripts    = wp_scripts();
		$registered = array();
		$legacy     = array();
		foreach ( $scripts->registered as $handle => $item ) {
			$registered[ $handle ] = array(
				'src'    => $item->src ? $item->src : false,
				'deps'   => array_values( (array) $item->deps ),
				'footer' => ! empty( $item->extra['group'] ),
			);
			// What WooCommerce 10.3.0's shutdown check reports as deprecated: a legacy alias enqueued or printed.
			if ( isset( $GLOBALS['fixture_wc_legacy_handles'][ $handle ] ) && ( wp_script_is( $handle, 'enqueued' ) || wp_script_is( $handle, 'done' ) ) ) {
				$legacy[] = $handle;
			}
		}
		printf(
			'<script type="application/json" id="fixture-script-graph">%s</script>' . "\n",
			wp_json_encode(
				array(
					'wp_version' => get_bloginfo( 'version' ),
					'wc_version' => FIXTURE_WC_VERSION,
					'legacy'     => $legacy,
					'registered' => $registered,
					'queue'      => array_values( $scripts->queue ),
					'done'       => array_values( $scripts->done ),
					'replaced'   => function_exists( 'vitrine_replaced_scripts' ) ? vitrine_replaced_scripts() : array(),
				)
			)
		);
	},
	10000
);

if ( get_option( 'fixture_wc_flavour' ) ) {
	add_filter(
		'vitrine_flavour',
		static function () {
			return get_option( 'fixture_wc_flavour' );
		}
	);
}
$fixture_wc_keep = get_option( 'fixture_wc_keep_scripts' );
if ( $fixture_wc_keep ) {
	add_filter(
		'vitrine_replaced_scripts',
		static function ( $handles ) use ( $fixture_wc_keep ) {
			return array_values( array_diff( $handles, (array) $fixture_wc_keep ) );
		}
	);
}
