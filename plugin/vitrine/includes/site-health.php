<?php
/**
 * Site Health (Tools → Site Health): one test. Critical when the built files are missing or unreadable,
 * recommended when scripts had to be put back for another script (the widgets for that markup then step aside),
 * good otherwise.
 *
 * @package Vitrine
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/report.php';

/**
 * Adds Vitrine's test.
 *
 * @param array $tests Site Health's tests.
 * @return array
 */
function vitrine_site_status_tests( $tests ) {
	$tests['direct']['vitrine'] = array(
		'label' => __( 'Vitrine', 'vitrine' ),
		'test'  => 'vitrine_site_health_test',
	);
	return $tests;
}
add_filter( 'site_status_tests', 'vitrine_site_status_tests' );

/**
 * The built files the storefront needs that are missing or unreadable, relative to the plugin folder.
 *
 * @return string[]
 */
function vitrine_missing_files() {
	$dir     = dirname( VITRINE_FILE );
	$missing = array();
	foreach ( array_unique( array( 'dist/vitrine.js', vitrine_entry_file() ) ) as $file ) {
		if ( ! is_readable( $dir . '/' . $file ) ) {
			$missing[] = $file;
		}
	}
	if ( ! is_dir( $dir . '/dist/chunks' ) || ! is_readable( $dir . '/dist/chunks' ) ) {
		$missing[] = 'dist/chunks/';
	}
	return $missing;
}

/**
 * The test's result.
 *
 * @return array{label: string, status: string, badge: array, description: string, actions: string, test: string}
 */
function vitrine_site_health_test() {
	$result = array(
		'label'       => __( 'Vitrine runs your shop’s scripts', 'vitrine' ),
		'status'      => 'good',
		'badge'       => array(
			'label' => __( 'Performance', 'vitrine' ),
			'color' => 'blue',
		),
		'description' => '<p>' . esc_html__( 'Vitrine replaces WooCommerce’s storefront scripts, and no script on the pages it has seen needed one of them back.', 'vitrine' ) . '</p>',
		'actions'     => sprintf( '<p><a href="%s">%s</a></p>', esc_url( admin_url( 'admin.php?page=wc-settings&tab=vitrine' ) ), esc_html__( 'What changed on your pages', 'vitrine' ) ),
		'test'        => 'vitrine',
	);
	$missing = vitrine_missing_files();
	if ( $missing ) {
		$result['status']      = 'critical';
		$result['label']       = __( 'Vitrine’s built files are missing', 'vitrine' );
		$result['description'] = '<p>' . esc_html(
			sprintf(
				/* translators: %s: file names. */
				__( 'These files of the Vitrine plugin are missing or unreadable: %s. Until they are back, Vitrine leaves WooCommerce’s scripts in place. Reinstall the plugin from its zip (Plugins → Add New → Upload Plugin), or deactivate it to get WooCommerce’s scripts back.', 'vitrine' ),
				implode( ', ', $missing )
			)
		) . '</p>';
		$result['badge']['color'] = 'red';
		return $result;
	}
	$restored = vitrine_restored_scripts();
	if ( $restored ) {
		$result['status']      = 'recommended';
		$result['label']       = __( 'Vitrine put some of WooCommerce’s scripts back', 'vitrine' );
		$result['badge']['color'] = 'orange';
		$items                 = '';
		foreach ( $restored as $handle => $where ) {
			$pages  = implode( ', ', array_map( 'vitrine_page_type_label', $where['pages'] ) );
			$items .= '<li>' . esc_html(
				sprintf(
					/* translators: 1: a script, in words, 2: the scripts that need it (their handles), 3: page types. */
					__( '%1$s, needed by %2$s (%3$s).', 'vitrine' ),
					vitrine_handles_in_words( array( $handle ) ),
					implode( ', ', $where['for'] ),
					$pages
				)
			) . '</li>';
		}
		$result['description'] = '<p>' . esc_html__( 'Another script on your shop depends on a script Vitrine replaces, so Vitrine printed the original for it and left that part of the page to it (jQuery included):', 'vitrine' ) . '</p><ul>' . $items . '</ul><p>' .
			esc_html__( 'Nothing is broken. To get Vitrine’s lighter widgets back there, ask the author of that script whether it still needs the original, or remove it if it is no longer used. To keep the original everywhere, switch that widget off in WooCommerce → Settings → Vitrine.', 'vitrine' ) . '</p>';
	}
	return $result;
}
