<?php
/**
 * The shop state the genuine-shop journeys need, set with WooCommerce's own API (never by hand), on a shop the
 * real-shop kit built. Usage: php shop-state.php /path/to/shop/wp http://127.0.0.1:PORT
 *
 * - Shipping: a United States zone (Flat rate $5, Express $15) and a Canada zone (Flat rate $12); no zone and so no
 *   rate for any other country (France, in the journeys).
 * - A coupon, VITRINE10: 10% off the cart.
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
