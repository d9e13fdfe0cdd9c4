import type { Router } from '../router.ts';

// admin-ajax.php actions. wc-ajax handlers are mirrored here automatically as `woocommerce_NAME`.

export function registerAdminAjax(router: Router): void {
  // wp_ajax_rest_nonce(): a fresh wp_rest nonce as plain text (what @wordpress/api-fetch refreshes from).
  router.adminAjax('rest-nonce', (ctx) => ctx.send(200, ctx.makeNonce('wp_rest'), { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private' }));
}
