/*
 * Google Analytics for WooCommerce's tracker as the fixture stands it in (vitrine-shop-gateway.php): registered under
 * the plugin's own handle, it hears adds the ways its releases do. Newer ones listen for an `added_to_cart` DOM event
 * on body and, where jQuery is, for jQuery's; older ones set `document.body.onadded_to_cart`, which jQuery's trigger
 * calls. Each way records the product id in `window.vitrineGaHeard`.
 */
( function () {
	var heard = [];
	window.vitrineGaHeard = heard;
	function productOf( button ) {
		var element = button && button[ 0 ] ? button[ 0 ] : button;
		return element && element.dataset ? element.dataset.product_id || element.value : '';
	}
	function start() {
		document.body.addEventListener( 'added_to_cart', function ( event ) {
			var detail = Array.isArray( event.detail ) ? event.detail : [];
			heard.push( 'event ' + productOf( detail[ 2 ] ) );
		} );
		if ( window.jQuery ) {
			window.jQuery( document.body ).on( 'added_to_cart', function ( event, fragments, hash, $button ) {
				heard.push( 'jquery ' + productOf( $button ) );
			} );
		}
		document.body.onadded_to_cart = function ( event, fragments, hash, button ) {
			heard.push( 'property ' + productOf( button ) );
		};
	}
	if ( document.readyState === 'loading' ) {
		document.addEventListener( 'DOMContentLoaded', start );
	} else {
		start();
	}
} )();
