<?php
/**
 * Deleting Vitrine (Plugins → Delete) removes what it stored: its options. Deactivating already brought every
 * original script back.
 *
 * @package Vitrine
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/options.php';

foreach ( VITRINE_OPTIONS as $vitrine_option ) {
	delete_option( $vitrine_option );
}
