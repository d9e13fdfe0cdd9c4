<?php
/**
 * WordPress from the command line, for the test (no wp-cli on Debian's wordpress package):
 *   php cli.php <wordpress root> install <site url>
 *   php cli.php <wordpress root> upload-plugin <zip file>
 *   php cli.php <wordpress root> activate|deactivate <plugin file>
 *   php cli.php <wordpress root> option <name> <json value>
 *   php cli.php <wordpress root> get-option <name>
 *   php cli.php <wordpress root> site-health <test>     (the result of a direct Site Health test, as JSON)
 *   php cli.php <wordpress root> uninstall <plugin file>
 *
 * @package VitrineTest
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
list( , $root, $command ) = $argv + array( '', '', '' );
$_SERVER['HTTP_HOST']   = parse_url( getenv( 'FIXTURE_SITE_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'FIXTURE_SITE_URL' ), PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
if ( 'install' === $command ) {
	define( 'WP_INSTALLING', true );
}
require $root . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

switch ( $command ) {
	case 'install':
		// No mail on install (pluggable; checked before upgrade.php defines it).
		function wp_new_blog_notification() {}
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$result = wp_install( 'Vitrine fixture shop', 'admin', 'admin@example.com', true, '', wp_generate_password( 24 ) );
		update_option( 'permalink_structure', '' );
		update_option( 'woocommerce_enable_ajax_add_to_cart', 'yes' );
		switch_theme( 'fixture-theme' );
		foreach ( array( 'hoodie' => 'Hoodie', 'beanie' => 'Beanie', 'cap' => 'Cap' ) as $slug => $title ) {
			wp_insert_post( array( 'post_type' => 'product', 'post_status' => 'publish', 'post_name' => $slug, 'post_title' => $title ) );
		}
		foreach ( array( 'cart' => 'Cart', 'checkout' => 'Checkout' ) as $slug => $title ) {
			$id = wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_name' => $slug, 'post_title' => $title ) );
			update_option( "fixture_wc_{$slug}_page", $id );
		}
		$fail = activate_plugin( 'fixture-woocommerce/fixture-woocommerce.php' );
		if ( is_wp_error( $fail ) ) {
			fwrite( STDERR, $fail->get_error_message() . "\n" );
			exit( 1 );
		}
		echo wp_json_encode( array( 'user_id' => $result['user_id'] ) ), "\n";
		break;
	case 'upload-plugin':
		// What Plugins → Add New → Upload Plugin runs with the uploaded file.
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
		wp_set_current_user( 1 );
		$upgrader = new Plugin_Upgrader( new Automatic_Upgrader_Skin() );
		$result   = $upgrader->install( $argv[3] );
		if ( true !== $result ) {
			fwrite( STDERR, ( is_wp_error( $result ) ? $result->get_error_message() : 'install failed' ) . "\n" . implode( "\n", $upgrader->skin->get_upgrade_messages() ) . "\n" );
			exit( 1 );
		}
		echo wp_json_encode( $upgrader->plugin_info() ), "\n";
		break;
	case 'activate':
		$fail = activate_plugin( $argv[3] );
		if ( is_wp_error( $fail ) ) {
			fwrite( STDERR, $fail->get_error_message() . "\n" );
			exit( 1 );
		}
		echo wp_json_encode( get_option( 'active_plugins' ) ), "\n";
		break;
	case 'deactivate':
		deactivate_plugins( $argv[3] );
		echo wp_json_encode( get_option( 'active_plugins' ) ), "\n";
		break;
	case 'option':
		$value = json_decode( $argv[4], true );
		null === $value ? delete_option( $argv[3] ) : update_option( $argv[3], $value );
		echo wp_json_encode( get_option( $argv[3] ) ), "\n";
		break;
	case 'get-option':
		echo wp_json_encode( get_option( $argv[3] ) ), "\n";
		break;
	case 'site-health':
		require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php';
		$tests = WP_Site_Health::get_tests();
		if ( ! isset( $tests['direct'][ $argv[3] ] ) ) {
			fwrite( STDERR, "no direct Site Health test {$argv[3]}\n" );
			exit( 1 );
		}
		echo wp_json_encode( call_user_func( $tests['direct'][ $argv[3] ]['test'] ) ), "\n";
		break;
	case 'uninstall':
		// What Plugins → Delete runs before removing the files.
		uninstall_plugin( $argv[3] );
		echo wp_json_encode( true ), "\n";
		break;
	default:
		fwrite( STDERR, "unknown command $command\n" );
		exit( 1 );
}
