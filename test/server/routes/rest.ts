import type { Ctx } from '../context.ts';
import type { Router } from '../router.ts';

// WordPress REST routes the demo pages use. Cookie-authenticated REST calls must carry X-WP-Nonce
// (or ?_wpnonce); a bad one gets WordPress's exact 403.

export function restNonceOk(ctx: Ctx): boolean {
  const header = ctx.req.headers['x-wp-nonce'];
  const nonce = (typeof header === 'string' ? header : '') || ctx.url.searchParams.get('_wpnonce') || ctx.input('_wpnonce');
  return ctx.checkNonce('wp_rest', nonce);
}

export function invalidNonce(ctx: Ctx): void {
  ctx.json({ code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } }, 403);
}

function demoUser(ctx: Ctx) {
  return {
    id: 1,
    name: 'Shop Manager',
    url: '',
    description: '',
    link: '/author/admin/',
    slug: 'admin',
    meta: [],
    woocommerce_meta: { ...ctx.state.userMeta },
  };
}

export function registerRest(router: Router): void {
  // The coming-soon banner's dismiss link posts woocommerce_meta[coming_soon_banner_dismissed]=yes here.
  const updateUser = (ctx: Ctx) => {
    if (ctx.method === 'GET') return ctx.json(demoUser(ctx));
    if (!restNonceOk(ctx)) return invalidNonce(ctx);
    for (const [key, value] of Object.entries(ctx.body)) {
      const m = /^woocommerce_meta\[([^\]]+)\]$/.exec(key);
      if (m?.[1]) ctx.state.userMeta[m[1]] = Array.isArray(value) ? (value[0] ?? '') : value;
    }
    ctx.json(demoUser(ctx));
  };
  router.all('/wp-json/wp/v2/users/1', updateUser);
  router.all('/wp-json/wp/v2/users/me', updateUser);

  // The REST index, so a discovery request does not 404.
  router.get('/wp-json/', (ctx) => ctx.json({ name: 'Vitrine Demo Shop', url: '', home: '', routes: {} }));
}
