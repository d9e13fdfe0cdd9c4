<?php
/**
 * Vitrine's own shopper-facing texts (widgets/<name>/strings.ts), translatable with WordPress's tools: the plugin prints the
 * translated ones as `var vitrine_strings = {…}`, which the bundle reads before its English defaults. On a site in
 * English nothing is printed. The `vitrine_strings` filter changes any of them (key => text).
 * test/wordpress/languages.test.ts keeps this list equal to those tables.
 *
 * @package Vitrine
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every text, translated where a translation exists.
 *
 * @return array<string, string>
 */
function vitrine_shopper_strings() {
	return array(
		'searchButton' => __( 'Search', 'vitrine' ),
		'searchClose' => __( 'Close search', 'vitrine' ),
		/* translators: keep {label} as written: Vitrine fills it in. */
		'searchSuggestions' => __( '{label}: suggestions', 'vitrine' ),
		/* translators: keep {query} as written: Vitrine fills it in. */
		'searchRemoveRecent' => __( 'Remove “{query}” from recent searches', 'vitrine' ),
		/* translators: keep {count} as written: Vitrine fills it in. */
		'searchTooShort' => __( 'Type at least {count} characters to search.', 'vitrine' ),
		'searchSearching' => __( 'Searching…', 'vitrine' ),
		'searchNoResults' => __( 'No results', 'vitrine' ),
		'searchOneResult' => __( '1 result available.', 'vitrine' ),
		/* translators: keep {count} as written: Vitrine fills it in. */
		'searchResults' => __( '{count} results available.', 'vitrine' ),
		'searchUnavailable' => __( 'Search suggestions are unavailable. Press Enter to search anyway.', 'vitrine' ),
		'searchRecentTitle' => __( 'Recent searches', 'vitrine' ),
		'searchKeywordsLabel' => __( 'Popular searches', 'vitrine' ),
		'searchCategoriesLabel' => __( 'Categories', 'vitrine' ),
		'searchProductsLabel' => __( 'Featured products', 'vitrine' ),
		'carouselPrevious' => __( 'Previous products', 'vitrine' ),
		'carouselNext' => __( 'Next products', 'vitrine' ),
		/* translators: keep {index}, {count} as written: Vitrine fills it in. */
		'carouselPage' => __( '{index} of {count}', 'vitrine' ),
		/* translators: keep {rating} as written: Vitrine fills it in. */
		'carouselRating' => __( 'Rated {rating} out of 5', 'vitrine' ),
		/* translators: keep {name} as written: Vitrine fills it in. */
		'carouselSelectOptions' => __( 'Select options for “{name}”', 'vitrine' ),
		/* translators: keep {name} as written: Vitrine fills it in. */
		'carouselAddToCart' => __( 'Add to cart: “{name}”', 'vitrine' ),
		'opensInNewTab' => __( ' (opens in a new tab)', 'vitrine' ),
		/* translators: keep {index}, {count} as written: Vitrine fills it in. */
		'galleryThumbnail' => __( 'Image {index} of {count}', 'vitrine' ),
		/* translators: keep {link} as written: Vitrine fills it in. */
		'galleryLoadError' => __( '{link} could not be loaded.', 'vitrine' ),
		'galleryLoadErrorLink' => __( 'The image', 'vitrine' ),
		'galleryShare' => __( 'Share', 'vitrine' ),
		'galleryFullscreen' => __( 'Toggle fullscreen', 'vitrine' ),
		'shareFacebook' => __( 'Share on Facebook', 'vitrine' ),
		'shareX' => __( 'Share on X (Twitter)', 'vitrine' ),
		'sharePinterest' => __( 'Pin it', 'vitrine' ),
		'shareDownload' => __( 'Download image', 'vitrine' ),
		'swatchOutOfStock' => __( 'out of stock with the chosen options', 'vitrine' ),
		'swatchPruned' => __( 'unavailable with the chosen options', 'vitrine' ),
		'swatchUnavailable' => __( 'Selected variant is unavailable.', 'vitrine' ),
		'addToCart' => __( 'Add to cart', 'vitrine' ),
		'selectOptions' => __( 'Select options', 'vitrine' ),
		'viewCart' => __( 'View cart', 'vitrine' ),
		'dismiss' => __( 'Dismiss', 'vitrine' ),
		/* translators: keep {n} as written: Vitrine fills it in. */
		'ratingStars' => __( '{n} of 5 stars', 'vitrine' ),
		/* translators: keep {total} as written: Vitrine fills it in. */
		'checkoutTotalChanged' => __( 'Your order total is now {total}. Check your order, then place it again.', 'vitrine' ),
		'checkoutOrderChanged' => __( 'Your order has changed. Check it, then place it again.', 'vitrine' ),
	);
}

/**
 * The untranslated texts (the msgids), to print only what a translation or the filter changed.
 *
 * @param string $translation The translated text.
 * @param string $text        The text.
 * @return string
 */
function vitrine_untranslated( $translation, $text ) {
	return $text;
}

/** Prints the texts that differ from the widgets' English, in the head, before the bundle runs. */
function vitrine_print_strings() {
	if ( ! vitrine_is_storefront() ) {
		return;
	}
	add_filter( 'gettext_vitrine', 'vitrine_untranslated', PHP_INT_MAX, 2 );
	$english = vitrine_shopper_strings();
	remove_filter( 'gettext_vitrine', 'vitrine_untranslated', PHP_INT_MAX );
	$strings = apply_filters( 'vitrine_strings', vitrine_shopper_strings() );
	$changed = array();
	foreach ( is_array( $strings ) ? $strings : array() as $key => $text ) {
		if ( is_string( $text ) && isset( $english[ $key ] ) && $english[ $key ] !== $text ) {
			$changed[ $key ] = $text;
		}
	}
	if ( $changed ) {
		wp_print_inline_script_tag( 'var vitrine_strings = ' . wp_json_encode( $changed, JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . ';', array( 'id' => 'vitrine-strings' ) );
	}
}
add_action( 'wp_head', 'vitrine_print_strings', 3 );
