/* A theme's product page script written against single-product.js (genuine-shop fixture): it needs
   $.fn.wc_product_gallery, which single-product.js defines in its own DOM-ready handler, registered before this one. */
jQuery( function ( $ ) {
	window.vitrineThemeGallery = typeof $.fn.wc_product_gallery === 'function';
} );
