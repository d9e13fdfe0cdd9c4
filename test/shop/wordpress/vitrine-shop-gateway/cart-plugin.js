/* A cart plugin's script (vitrine-shop-gateway.php) on cart.js's contract: it changes the cart with its own request,
   then asks the cart page to draw it again with wc_update_cart. */
( function ( $ ) {
	var state = { redrawn: 0, asked: 0 };
	window.vitrineCartPlugin = state;
	$( document.body ).on( 'updated_wc_div', function () {
		state.redrawn += 1;
	} );
	$( function () {
		var $button = $( '<button type="button" class="button vitrine-fixture-gift">Add a free gift card</button>' );
		$( '.cart-collaterals' ).first().prepend( $button );
		$button.on( 'click', function () {
			$.post( wc_cart_params.wc_ajax_url.toString().replace( '%%endpoint%%', 'vitrine_fixture_gift' ) ).done( function () {
				state.asked += 1;
				$( document ).trigger( 'wc_update_cart' );
			} );
		} );
	} );
} )( jQuery );
