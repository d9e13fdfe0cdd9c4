<?php
/**
 * WooCommerce → Settings → Vitrine, on WooCommerce's settings API: WooCommerce checks the capability
 * (manage_woocommerce) and the nonce (woocommerce-settings), and saves each field by its type; the sanitize_option
 * filters of includes/options.php then clean every value, whoever saves it.
 *
 * @package Vitrine
 */

defined( 'ABSPATH' ) || exit;

/** The Vitrine tab. Loaded from the woocommerce_get_settings_pages filter, once WC_Settings_Page exists. */
class Vitrine_Settings_Page extends WC_Settings_Page {

	/** The tab. */
	public function __construct() {
		$this->id    = 'vitrine';
		$this->label = __( 'Vitrine', 'vitrine' );
		parent::__construct();
	}

	/**
	 * The fields of the one section.
	 *
	 * @return array
	 */
	protected function get_settings_for_default_section() {
		$settings = array(
			array(
				'type'  => 'title',
				'id'    => 'vitrine_options',
				'title' => __( 'Vitrine', 'vitrine' ),
				'desc'  => sprintf(
					'%1$s <a href="%2$s" target="_blank" rel="noopener">%3$s</a>',
					esc_html__( 'Vitrine replaces WooCommerce’s jQuery storefront scripts with small widgets that keep your theme’s markup and your plugins’ settings. Changes apply from the next page a shopper loads.', 'vitrine' ),
					esc_url( VITRINE_DOCS_URL ),
					esc_html__( 'Read the documentation', 'vitrine' )
				),
			),
			array(
				'type'    => 'radio',
				'id'      => 'vitrine_flavour',
				'title'   => __( 'Flavour', 'vitrine' ),
				'default' => 'react',
				'options' => array(
					'react' => __( 'React (default)', 'vitrine' ),
					'lite'  => __( 'Lite', 'vitrine' ),
				),
				'desc'    => $this->flavour_description(),
			),
		);
		$features = array_keys( VITRINE_FEATURES );
		foreach ( $features as $index => $key ) {
			$settings[] = array(
				'type'          => 'checkbox',
				'id'            => 'vitrine_widgets[' . $key . ']',
				'title'         => __( 'Widgets', 'vitrine' ),
				'desc'          => esc_html( vitrine_feature_label( $key ) ),
				'default'       => 'yes',
				'checkboxgroup' => 0 === $index ? 'start' : ( count( $features ) - 1 === $index ? 'end' : '' ),
				'tooltip'       => 0 === $index ? __( 'A widget that is off leaves its part of the page to WooCommerce’s script, or the plugin’s, from the next page load.', 'vitrine' ) : '',
			);
		}
		$settings[] = array(
			'type' => 'sectionend',
			'id'   => 'vitrine_options',
		);
		$settings[] = array(
			'type'  => 'title',
			'id'    => 'vitrine_report',
			'title' => __( 'What changed on your pages', 'vitrine' ),
			'desc'  => esc_html__( 'What Vitrine did on the last page of each kind a visitor opened since the settings last changed: the scripts it replaced, the ones it put back and for which script, and the widgets that left their part of the page to the original.', 'vitrine' ),
		);
		$settings[] = array( 'type' => 'vitrine_report' );
		$settings[] = array(
			'type' => 'sectionend',
			'id'   => 'vitrine_report',
		);
		return $settings;
	}

	/** When to choose which flavour, and what the storefront gets when a filter decides otherwise. */
	private function flavour_description() {
		$description = __( 'Lite downloads about half the JavaScript (Preact instead of React). Keep React when a widget of your own (vitrine.register) relies on React 19 behaviour.', 'vitrine' );
		$served      = 'dist/vitrine.lite.js' === vitrine_entry_file() ? 'lite' : 'react';
		if ( vitrine_option_flavour() !== $served ) {
			/* translators: %s: the flavour the storefront gets. */
			$description .= ' ' . sprintf( __( 'Your storefront gets %s: the vitrine_flavour filter of a plugin or theme, or a build without the lite file, decides.', 'vitrine' ), $served );
		}
		return $description;
	}

	/** Saves, and forgets the reports when the choices changed: they described the pages before the change. */
	public function save() {
		$before = array( get_option( 'vitrine_flavour' ), get_option( 'vitrine_widgets' ) );
		parent::save();
		if ( array( get_option( 'vitrine_flavour' ), get_option( 'vitrine_widgets' ) ) !== $before ) {
			delete_option( 'vitrine_page_reports' );
		}
	}
}
