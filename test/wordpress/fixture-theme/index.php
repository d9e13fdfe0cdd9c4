<?php
/**
 * One template for every page: the fixture plugin prints the WooCommerce content for the query.
 *
 * @package VitrineTest
 */

?><!DOCTYPE html>
<html <?php language_attributes(); ?>>
<head>
<meta charset="<?php bloginfo( 'charset' ); ?>">
<meta name="viewport" content="width=device-width, initial-scale=1">
<?php wp_head(); ?>
</head>
<body <?php body_class( 'woocommerce woocommerce-page' ); ?>>
<header id="masthead"><p class="site-title"><a href="<?php echo esc_url( home_url( '/' ) ); ?>"><?php bloginfo( 'name' ); ?></a></p></header>
<main id="primary" class="site-main">
<?php
if ( function_exists( 'fixture_wc_content' ) ) {
	fixture_wc_content();
}
?>
</main>
<aside id="secondary" class="widget-area">
<?php
if ( function_exists( 'fixture_wc_mini_cart_widget' ) ) {
	fixture_wc_mini_cart_widget();
}
?>
</aside>
<?php wp_footer(); ?>
</body>
</html>
