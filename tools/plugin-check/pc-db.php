<?php
/**
 * Housekeeping for run.sh, through WordPress's own $wpdb (so no credentials are copied anywhere).
 *
 *   php pc-db.php <wp root> list       tables of Plugin Check's throwaway runtime site ({$base_prefix}pc_*)
 *   php pc-db.php <wp root> drop       drops them (Plugin Check drops its core tables itself; this catches the rest)
 *   php pc-db.php <wp root> inactive   makes sure plugin-check/plugin.php is not in active_plugins
 */
$_SERVER['HTTP_HOST']      = '127.0.0.1';
$_SERVER['REQUEST_URI']    = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
$pc_root = rtrim( $argv[1] ?? '', '/' );
$pc_cmd  = $argv[2] ?? 'list';
require $pc_root . '/wp-load.php';

global $wpdb;
$pc_like   = $wpdb->esc_like( $wpdb->base_prefix . 'pc_' ) . '%';
$pc_tables = $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $pc_like ) );

switch ( $pc_cmd ) {
	case 'list':
		echo implode( "\n", $pc_tables ), $pc_tables ? "\n" : '';
		break;
	case 'drop':
		foreach ( $pc_tables as $pc_t ) {
			$wpdb->query( "DROP TABLE IF EXISTS `$pc_t`" );
		}
		echo count( $pc_tables ), " leftover {$wpdb->base_prefix}pc_* tables dropped\n";
		break;
	case 'inactive':
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		if ( is_plugin_active( 'plugin-check/plugin.php' ) ) {
			deactivate_plugins( 'plugin-check/plugin.php', true );
			echo "plugin-check deactivated\n";
		} else {
			echo "plugin-check is not active\n";
		}
		break;
}
