<?php
/**
 * Router for `php -S`: files are served as they are, the fixture's script files (which stand for WooCommerce's
 * and the plugins' jQuery scripts) answer as empty scripts, and everything else goes to WordPress.
 *
 * @package VitrineTest
 */

$path = urldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
$file = $_SERVER['DOCUMENT_ROOT'] . $path;
if ( '/' !== $path && is_file( $file ) ) {
	return false;
}
if ( str_starts_with( $path, '/wp-content/plugins/fixture-woocommerce/assets/js/' ) ) {
	header( 'Content-Type: text/javascript' );
	echo '/* ', basename( $path ), ": stands for the real script in Vitrine's WordPress test */\n";
	return true;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
