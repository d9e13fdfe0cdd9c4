/*
 * A quick view as quick-view plugins and themes write them (vitrine-shop-gateway.php), on jQuery alone: its button on
 * the shop page fetches a variable product's page, puts the product form in a panel, then starts it the way
 * add-to-cart-variation.js is started by hand, `$form.wc_variation_form()` and a triggered `change` on its selects.
 * The plugin enqueues wc-add-to-cart-variation on the page itself, without naming it as this script's dependency.
 */
( function ( $ ) {
	$( function () {
		var settings = window.vitrineFixtureQuickView || {};
		var $open = $( '<button type="button" class="vitrine-fixture-quick-view">Quick view: Variable Tee</button>' );
		$( '.woocommerce-result-count, .woocommerce-products-header' ).first().before( $open );
		$open.on( 'click', function () {
			$.get( settings.url, function ( html ) {
				var $form = $( '<div>' ).append( $.parseHTML( html ) ).find( 'form.variations_form' ).first();
				var $panel = $( '<div class="vitrine-fixture-quick-view-panel"></div>' ).append( $form );
				$open.after( $panel );
				$form.wc_variation_form();
				$form.find( '.variations select' ).trigger( 'change' );
				window.vitrineQuickViewOpened = true;
			} );
		} );
	} );
} )( jQuery );
