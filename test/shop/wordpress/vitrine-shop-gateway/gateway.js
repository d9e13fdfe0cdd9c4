/* The fixture gateway's classic checkout script (vitrine-shop-gateway.php), written on checkout.js's contract. */
( function ( $ ) {
	var state = { vetoes: 0, submits: 0, updated: 0, token: '' };
	window.vitrineGateway = state;
	$( document.body ).on( 'updated_checkout', function () {
		state.updated += 1;
	} );
	$( function () {
		var $form = $( 'form.checkout' );
		$form.on( 'checkout_place_order_vitrine_fixture', function () {
			state.submits += 1;
			if ( $form.find( 'input[name="vitrine_fixture_token"]' ).length ) {
				return true;
			}
			state.vetoes += 1;
			// The provider's tokenizer answers later; then the gateway submits again.
			setTimeout( function () {
				state.token = window.vitrineGatewayToken || 'tok_fixture';
				$form.append( $( '<input type="hidden" name="vitrine_fixture_token">' ).val( state.token ) );
				$form.trigger( 'submit' );
			}, 300 );
			return false;
		} );
	} );
} )( jQuery );
