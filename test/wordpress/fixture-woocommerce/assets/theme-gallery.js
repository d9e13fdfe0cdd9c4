/* A theme script that needs single-product.js ($.fn.wc_product_gallery): Vitrine cannot keep that contract, so the
   plugin prints single-product.js for it and Vitrine's gallery, tabs and rating step aside (Vitrine's WordPress test). */
window.fixtureThemeGallery = typeof jQuery;
