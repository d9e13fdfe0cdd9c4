// What WooCommerce 8.5's order-attribution-blocks.js read when it ran, on every page: sourcebuster.js's global and
// 8.5's sbjsDataToSchema (it then gave the block checkout's store the result). Both are order-attribution.js's.
window.fixtureBlocksAttribution = window.wc_order_attribution.sbjsDataToSchema(window.sbjs.get);
