<?php
/**
 * The admin side: the Vitrine tab under WooCommerce → Settings, its "What changed on your pages" table, and the
 * Settings link on the Plugins screen.
 *
 * @package Vitrine
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/report.php';

/** Where site owners read about Vitrine. */
const VITRINE_DOCS_URL = 'https://github.com/vitrine/vitrine#for-site-owners';

/**
 * Adds the Vitrine tab to WooCommerce's settings.
 *
 * @param WC_Settings_Page[] $pages WooCommerce's settings pages.
 * @return WC_Settings_Page[]
 */
function vitrine_settings_pages( $pages ) {
	if ( class_exists( 'WC_Settings_Page' ) ) {
		require_once __DIR__ . '/class-vitrine-settings-page.php';
		$pages[] = new Vitrine_Settings_Page();
	}
	return $pages;
}
add_filter( 'woocommerce_get_settings_pages', 'vitrine_settings_pages' );

/** The "What changed on your pages" rows: one per page type a visitor opened since the settings changed. */
function vitrine_output_report_field() {
	$reports = vitrine_page_reports();
	if ( ! $reports ) {
		echo '<tr><td colspan="2"><p>' . esc_html__( 'No page seen yet since the settings last changed: open your shop, a product, the cart and the checkout in another tab, then reload this screen.', 'vitrine' ) . '</p></td></tr>';
		return;
	}
	foreach ( array( 'shop', 'product', 'cart', 'checkout', 'other' ) as $type ) {
		if ( ! isset( $reports[ $type ]['report'] ) ) {
			continue;
		}
		echo '<tr class="vitrine-report-' . esc_attr( $type ) . '"><th scope="row">' . esc_html( vitrine_page_type_label( $type ) ) . '</th><td><ul>';
		foreach ( vitrine_report_sentences( $reports[ $type ]['report'] ) as $sentence ) {
			echo '<li>' . esc_html( $sentence ) . '</li>';
		}
		echo '</ul><p class="description">' . esc_html(
			sprintf(
				/* translators: %s: a date and time. */
				__( 'Seen %s.', 'vitrine' ),
				wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) $reports[ $type ]['time'] )
			)
		) . '</p></td></tr>';
	}
}
add_action( 'woocommerce_admin_field_vitrine_report', 'vitrine_output_report_field' );

/**
 * The Settings link beside Deactivate on the Plugins screen.
 *
 * @param string[] $links The plugin's action links.
 * @return string[]
 */
function vitrine_action_links( $links ) {
	if ( current_user_can( 'manage_woocommerce' ) && vitrine_woocommerce_version() ) {
		array_unshift( $links, sprintf( '<a href="%s">%s</a>', esc_url( admin_url( 'admin.php?page=wc-settings&tab=vitrine' ) ), esc_html__( 'Settings', 'vitrine' ) ) );
	}
	return $links;
}
add_filter( 'plugin_action_links_' . plugin_basename( VITRINE_FILE ), 'vitrine_action_links' );
