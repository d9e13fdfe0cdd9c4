<?php
/**
 * The shop state the genuine-shop journeys need, set with WooCommerce's own API (never by hand), on a shop the
 * real-shop kit built. Usage: php shop-state.php /path/to/shop/wp http://127.0.0.1:PORT
 *
 * - Shipping: a United States zone (Flat rate $5, Express $15) and a Canada zone (Flat rate $12); no zone and so no
 *   rate for any other country (France, in the journeys).
 * - A coupon, VITRINE10: 10% off the cart.
 * - The Simple Mug's stock at 1000 (the journeys buy it by the dozen).
 * - Two offline payment methods: Check payments (on in the kit) and Direct bank transfer.
 * - The store notice on (the kit's default), kept as it is.
 *
 * Running it twice leaves the same state (zones and the coupon are looked up before they are made).
 *
 * @package VitrineShopTest
 */

require __DIR__ . '/boot.php';

/** A zone named $name for $country with the given flat rates (title => cost), made once. */
function vitrine_shop_zone( $name, $country, $rates ) {
	foreach ( WC_Shipping_Zones::get_zones() as $data ) {
		if ( $data['zone_name'] === $name ) {
			return;
		}
	}
	$zone = new WC_Shipping_Zone();
	$zone->set_zone_name( $name );
	$zone->add_location( $country, 'country' );
	$zone->save();
	foreach ( $rates as $title => $cost ) {
		$instance = $zone->add_shipping_method( 'flat_rate' );
		update_option(
			"woocommerce_flat_rate_{$instance}_settings",
			array(
				'title'      => $title,
				'tax_status' => 'none',
				'cost'       => (string) $cost,
			)
		);
	}
	echo "zone $name ($country): " . implode( ', ', array_keys( $rates ) ) . "\n";
}

vitrine_shop_zone( 'United States', 'US', array( 'Flat rate' => 5, 'Express' => 15 ) );
vitrine_shop_zone( 'Canada', 'CA', array( 'Flat rate' => 12 ) );
WC_Cache_Helper::get_transient_version( 'shipping', true );

if ( ! wc_get_coupon_id_by_code( 'vitrine10' ) ) {
	$coupon = new WC_Coupon();
	$coupon->set_code( 'vitrine10' );
	$coupon->set_discount_type( 'percent' );
	$coupon->set_amount( 10 );
	$coupon->save();
	echo "coupon vitrine10: 10% off\n";
}

foreach ( array( 'cheque', 'bacs' ) as $gateway ) {
	$settings            = (array) get_option( "woocommerce_{$gateway}_settings", array() );
	$settings['enabled'] = 'yes';
	update_option( "woocommerce_{$gateway}_settings", $settings );
}
echo "payment methods: cheque, bacs\n";

// The Simple Mug is what most journeys buy: a full run orders about fifty (the kit seeds 50), and a run that sold out
// failed its last journeys on "Not enough units" or a quantity field capped at what was left. Set afresh every run.
$vitrine_shop_mug = wc_get_product( 10 );
if ( $vitrine_shop_mug ) {
	$vitrine_shop_mug->set_manage_stock( true );
	$vitrine_shop_mug->set_stock_quantity( 1000 );
	$vitrine_shop_mug->save();
	echo "Simple Mug: 1000 in stock\n";
}

/*
 * Colour swatches for pa_color, as most shops with Variation Swatches set them up (the kit leaves its attributes as
 * label swatches): the attribute's type is the plugin's `color`, and each term has the plugin's colour. Colour
 * swatches carry the plugin's tooltips, which Vitrine fetches on the first hover. The type list is the plugin's own
 * filter, which it adds in wp-admin only.
 */
$vitrine_shop_colours = array(
	'red'   => '#c0392b',
	'blue'  => '#2563eb',
	'green' => '#15803d',
	'black' => '#111111',
	'white' => '#ffffff',
);
$vitrine_shop_color_id = wc_attribute_taxonomy_id_by_name( 'pa_color' );
if ( $vitrine_shop_color_id ) {
	add_filter(
		'product_attributes_type_selector',
		function ( $types ) {
			return $types + array( 'color' => 'Color' );
		}
	);
	$vitrine_shop_attribute = wc_get_attribute( $vitrine_shop_color_id );
	if ( 'color' !== $vitrine_shop_attribute->type ) {
		$vitrine_shop_updated = wc_update_attribute(
			$vitrine_shop_color_id,
			array(
				'name'         => $vitrine_shop_attribute->name,
				'slug'         => $vitrine_shop_attribute->slug,
				'type'         => 'color',
				'order_by'     => $vitrine_shop_attribute->order_by,
				'has_archives' => $vitrine_shop_attribute->has_archives,
			)
		);
		if ( is_wp_error( $vitrine_shop_updated ) ) {
			fwrite( STDERR, 'pa_color: ' . $vitrine_shop_updated->get_error_message() . "\n" );
			exit( 1 );
		}
	}
	foreach ( $vitrine_shop_colours as $slug => $hex ) {
		$term = get_term_by( 'slug', $slug, 'pa_color' );
		if ( $term ) {
			update_term_meta( $term->term_id, 'cfvsw_color', $hex );
		}
	}
	echo "pa_color: colour swatches\n";
}
