<?php
/**
 * What the journeys read back from the genuine shop's database, as JSON.
 * Usage: php query.php /path/to/wp http://127.0.0.1:PORT COMMAND [ARG]
 *   orders-after ID   every order with an id above ID: id, status, payment method, billing country and state,
 *                     shipping lines, total, its order attribution meta (_wc_order_attribution_*) and the
 *                     fixture gateway's token (_vitrine_fixture_token).
 *   last-order-id     the highest order id (0 when none).
 *   pending-order EMAIL  a new pending guest order (one Simple Mug) for EMAIL: its id and pay-for-order address.
 *
 * @package VitrineShopTest
 */

require __DIR__ . '/boot.php';

$vitrine_command = $argv[3] ?? '';
if ( 'last-order-id' === $vitrine_command ) {
	$ids = wc_get_orders( array( 'limit' => 1, 'orderby' => 'id', 'order' => 'DESC', 'return' => 'ids', 'status' => 'any' ) );
	echo wp_json_encode( $ids ? (int) $ids[0] : 0 );
	exit( 0 );
}
if ( 'orders-after' === $vitrine_command ) {
	$after  = (int) ( $argv[4] ?? 0 );
	$orders = array();
	foreach ( wc_get_orders( array( 'limit' => -1, 'orderby' => 'id', 'order' => 'ASC', 'status' => 'any' ) ) as $order ) {
		if ( $order->get_id() <= $after ) {
			continue;
		}
		$attribution = array();
		foreach ( $order->get_meta_data() as $meta ) {
			if ( 0 === strpos( $meta->key, '_wc_order_attribution_' ) ) {
				$attribution[ substr( $meta->key, strlen( '_wc_order_attribution_' ) ) ] = $meta->value;
			}
		}
		$orders[] = array(
			'id'          => $order->get_id(),
			'email'       => $order->get_billing_email(),
			'status'      => $order->get_status(),
			'payment'     => $order->get_payment_method(),
			'country'     => $order->get_billing_country(),
			'state'       => $order->get_billing_state(),
			'address_1'   => $order->get_billing_address_1(),
			'shipping'    => array_values( array_map( static fn( $item ) => $item->get_name(), $order->get_items( 'shipping' ) ) ),
			'total'       => $order->get_total(),
			'items'       => array_values( array_map( static fn( $item ) => array( 'product' => $item->get_product_id(), 'variation' => $item->get_variation_id(), 'qty' => $item->get_quantity() ), $order->get_items() ) ),
			'attribution' => $attribution,
			// The fixture gateway's token (vitrine-shop-gateway.php), '' for other orders.
			'token'       => (string) $order->get_meta( '_vitrine_fixture_token' ),
		);
	}
	echo wp_json_encode( $orders );
	exit( 0 );
}
if ( 'pending-order' === $vitrine_command ) {
	// An order waiting for its payment (a failed card, an invoice the shop sent): one Simple Mug for a guest, paid on
	// its pay-for-order page.
	$order = wc_create_order( array( 'status' => 'pending' ) );
	$order->add_product( wc_get_product( 10 ), 1 );
	$order->set_billing_email( (string) ( $argv[4] ?? 'shopper@example.com' ) );
	$order->set_billing_first_name( 'Pay' );
	$order->set_billing_last_name( 'Later' );
	$order->set_billing_country( 'US' );
	$order->calculate_totals();
	$order->save();
	echo wp_json_encode( array( 'id' => $order->get_id(), 'pay' => $order->get_checkout_payment_url() ) );
	exit( 0 );
}
fwrite( STDERR, "unknown command '$vitrine_command'\n" );
exit( 2 );
