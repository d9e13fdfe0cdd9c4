/* A theme's quantity buttons (vitrine-shop-gateway.php), on jQuery alone: they set the field and trigger change. */
( function ( $ ) {
	$( function () {
		$( document.body ).on( 'click', '.vitrine-fixture-qty', function () {
			var $input = $( this ).siblings( 'input.qty' );
			var step = Number( $( this ).data( 'step' ) );
			var next = Math.max( Number( $input.attr( 'min' ) ) || 0, ( Number( $input.val() ) || 0 ) + step );
			$input.val( next ).trigger( 'change' );
		} );
		var addButtons = function () {
			$( '.quantity' ).not( '.vitrine-fixture-has-buttons' ).each( function () {
				$( this )
					.addClass( 'vitrine-fixture-has-buttons' )
					.find( 'input.qty' )
					.before( '<button type="button" class="vitrine-fixture-qty minus" data-step="-1" aria-label="One less">−</button>' )
					.after( '<button type="button" class="vitrine-fixture-qty plus" data-step="1" aria-label="One more">+</button>' );
			} );
		};
		addButtons();
		// The cart form is drawn again by every update: the theme puts its buttons back, as themes do.
		$( document.body ).on( 'updated_wc_div', addButtons );
	} );
} )( jQuery );
