<?php
/**
 * Loads the genuine shop's WordPress for a command-line script of the suite, as the admin user.
 * The calling script is run as: php script.php /path/to/shop/wp http://127.0.0.1:PORT [arguments…]
 *
 * @package VitrineShopTest
 */

if ( PHP_SAPI !== 'cli' || $argc < 3 ) {
	fwrite( STDERR, "usage: php script.php /path/to/wp http://127.0.0.1:PORT [arguments]\n" );
	exit( 2 );
}
error_reporting( E_ALL & ~E_DEPRECATED );
$vitrine_shop_url           = parse_url( $argv[2] ); // phpcs:ignore WordPress.WP.AlternativeFunctions
$_SERVER['HTTP_HOST']       = $vitrine_shop_url['host'] . ':' . $vitrine_shop_url['port'];
$_SERVER['SERVER_NAME']     = $vitrine_shop_url['host'];
$_SERVER['SERVER_PORT']     = (string) $vitrine_shop_url['port'];
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';
require rtrim( $argv[1], '/' ) . '/wp-load.php';
wp_set_current_user( get_user_by( 'login', 'admin' )->ID );
