/* The fixture gateway's classic checkout script (vitrine-shop-gateway.php), written on checkout.js's contract. */
( function ( $ ) {
	var state = { vetoes: 0, submits: 0, updated: 0, token: '', declined: 0 };
	window.vitrineGateway = state;
	$( document.body ).on( 'updated_checkout', function () {
		state.updated += 1;
	} );
	// The 3-D Secure check asked for by a '#confirm-pi-…' redirect (cookie vitrine_test_3ds): the shopper's bank declines
	// it, and the gateway gives the form back as Stripe's script does: `processing` off, unblocked, the error shown.
	window.addEventListener( 'hashchange', function () {
		if ( window.location.hash.indexOf( '#confirm-pi-' ) !== 0 ) {
			return;
		}
		// A bank's check takes seconds. (A retry within the same second as the first attempt's stock reservation fails in
		// WooCommerce itself: the reservation's update changes no row, and it reports "Not enough units".)
		setTimeout( function () {
			var $form = $( 'form.checkout' );
			history.replaceState( null, '', window.location.pathname + window.location.search );
			$form.removeClass( 'processing' );
			if ( $form.unblock ) {
				$form.unblock();
			}
			$( '.woocommerce-notices-wrapper' ).first().html( '<ul class="woocommerce-error" role="alert"><li>The card was declined by its bank (3-D Secure).</li></ul>' );
			state.declined += 1;
		}, 1500 );
	} );
	$( function () {
		var $form = $( 'form.checkout' );
		// A refused order drops the token, so the next press tokenizes the card again (Stripe's reset on checkout_error).
		$( document.body ).on( 'checkout_error', function () {
			$form.find( 'input[name="vitrine_fixture_token"]' ).remove();
		} );
		$form.on( 'checkout_place_order_vitrine_fixture', function () {
			state.submits += 1;
			if ( $form.find( 'input[name="vitrine_fixture_token"]' ).length ) {
				return true;
			}
			state.vetoes += 1;
			// The form waits under blockUI while the provider's tokenizer works (Stripe's classic script); the gateway
			// leaves the unblocking to what ends the press: a new page, or checkout.js's submit_error on a refusal.
			if ( $form.block ) {
				$form.block( { message: null, overlayCSS: { background: '#fff', opacity: 0.6 } } );
			}
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
