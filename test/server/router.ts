import type { Ctx } from './context.ts';

// Routes register themselves here, one call per endpoint, so adding an endpoint never touches a central switch.
// Dispatch order: wc-ajax (`?wc-ajax=NAME` on any path), admin-ajax (`action`), then paths in registration order.

export type Handler = (ctx: Ctx) => void | Promise<void>;

interface PathRoute {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

/** '/product/:slug/' matches with or without the trailing slash; a trailing '*' matches any rest of the path. */
function compile(path: string | RegExp): { pattern: RegExp; keys: string[] } {
  if (path instanceof RegExp) return { pattern: path, keys: [] };
  const keys: string[] = [];
  const wildcard = path.endsWith('*');
  const body = (wildcard ? path.slice(0, -1) : path)
    .replace(/\/$/, '')
    .split('/')
    .map((seg) => {
      if (seg.startsWith(':')) {
        keys.push(seg.slice(1));
        return '([^/]+)';
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${body}${wildcard ? '(?:/.*)?' : '/?'}$`), keys };
}

export class Router {
  private readonly wc = new Map<string, Handler>();
  private readonly admin = new Map<string, Handler>();
  private readonly paths: PathRoute[] = [];

  /** WooCommerce registers every wc-ajax handler as admin-ajax `woocommerce_NAME` too. */
  wcAjax(name: string, handler: Handler): this {
    this.wc.set(name, handler);
    if (!this.admin.has(`woocommerce_${name}`)) this.admin.set(`woocommerce_${name}`, handler);
    return this;
  }

  adminAjax(action: string, handler: Handler): this {
    this.admin.set(action, handler);
    return this;
  }

  route(method: string, path: string | RegExp, handler: Handler): this {
    this.paths.push({ method: method.toUpperCase(), ...compile(path), handler });
    return this;
  }

  get(path: string | RegExp, handler: Handler): this {
    return this.route('GET', path, handler);
  }

  post(path: string | RegExp, handler: Handler): this {
    return this.route('POST', path, handler);
  }

  delete(path: string | RegExp, handler: Handler): this {
    return this.route('DELETE', path, handler);
  }

  /** Any method; the handler decides. */
  all(path: string | RegExp, handler: Handler): this {
    return this.route('*', path, handler);
  }

  hasWcAjax(name: string): boolean {
    return this.wc.has(name);
  }

  /** The handler for a request, with path params filled in; undefined means "no route". */
  resolve(ctx: Ctx): Handler | undefined {
    if (ctx.endpoint !== null) return this.wc.get(ctx.endpoint) ?? unknownWcAjax;
    if (ctx.url.pathname === '/wp-admin/admin-ajax.php') return this.admin.get(ctx.action ?? '') ?? unknownAdminAjax;
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    for (const r of this.paths) {
      if (r.method !== '*' && r.method !== method) continue;
      const m = r.pattern.exec(ctx.url.pathname);
      if (!m) continue;
      r.keys.forEach((k, i) => {
        ctx.params[k] = decodeURIComponent(m[i + 1] ?? '');
      });
      return r.handler;
    }
    return undefined;
  }
}

// WC_AJAX::do_wc_ajax fires `wc_ajax_NAME` then wp_die(): an unknown endpoint answers 200 with an empty body.
const unknownWcAjax: Handler = (ctx) => ctx.wcAjaxRaw('');
// admin-ajax.php answers an unknown action with wp_die('0', 400).
const unknownAdminAjax: Handler = (ctx) => ctx.send(400, '0', { 'Content-Type': 'text/html; charset=UTF-8' });
