import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ctx } from './context.ts';
import { applyFaults, takeFaults } from './faults.ts';
import { parseBody, readBody } from './http.ts';
import { Router } from './router.ts';
import { registerAdminAjax } from './routes/admin-ajax.ts';
import { registerCheckout } from './routes/checkout.ts';
import { registerConsent } from './routes/consent.ts';
import { registerControl } from './routes/control.ts';
import { registerPages } from './routes/pages.ts';
import { registerRest } from './routes/rest.ts';
import { registerSearch } from './routes/search.ts';
import { registerStatic } from './routes/static.ts';
import { registerStoreApi } from './routes/store-api.ts';
import { registerSwatches } from './routes/swatches.ts';
import { registerWcAjax } from './routes/wc-ajax.ts';
import { type Settings, State } from './state.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerOptions {
  /** 0 picks a free port. Default 0. */
  port?: number;
  host?: string;
  /** Folder served at /wp-content/plugins/vitrine/dist/. Default <repo>/dist. */
  distDir?: string;
  /** Which build the pages load as vitrine.js: the default (React) or the lite one (Preact). Default: VITRINE_FLAVOUR. */
  flavour?: 'react' | 'lite';
  /** Initial WooCommerce options (also what POST /__vitrine/reset returns to). */
  settings?: Partial<Settings>;
  /** Log every request to stdout. */
  verbose?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  state: State;
  router: Router;
  close(): Promise<void>;
}

/** Static files and the control API are kept out of the request log, so tests see only what the shop would. */
const UNLOGGED = /^\/(?:wp-content|wp-includes|__vitrine|favicon\.ico)(?:\/|$)/;

export function buildRouter(opts: { distDir: string; flavour?: 'react' | 'lite' }): Router {
  const router = new Router();
  registerControl(router);
  registerWcAjax(router);
  registerAdminAjax(router);
  registerRest(router);
  registerStatic(router, opts);
  registerSearch(router);
  registerSwatches(router);
  registerCheckout(router);
  registerStoreApi(router);
  registerConsent(router);
  registerPages(router);
  return router;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const state = new State(options.settings);
  const flavour = options.flavour ?? (process.env.VITRINE_FLAVOUR === 'lite' ? 'lite' : 'react');
  const router = buildRouter({ distDir: options.distDir ?? path.join(REPO_ROOT, 'dist'), flavour });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const start = Date.now();
    const rawBody = req.method === 'GET' || req.method === 'HEAD' ? Buffer.alloc(0) : await readBody(req);
    const body = parseBody(req.headers['content-type'], rawBody);
    const ctx = new Ctx(req, res, state, body, rawBody);
    const logged = UNLOGGED.test(ctx.url.pathname)
      ? undefined
      : state.logRequest({
          time: new Date(start).toISOString(),
          method: ctx.method,
          path: ctx.url.pathname + ctx.url.search,
          endpoint: ctx.endpoint,
          action: ctx.action,
          body,
          fault: null,
          status: null,
          start,
          end: null,
        });
    res.once('close', () => {
      if (logged) {
        logged.end = Date.now();
        logged.status = res.headersSent ? res.statusCode : null;
      }
      if (options.verbose) console.log(`${ctx.method} ${ctx.url.pathname}${ctx.url.search} ${res.headersSent ? res.statusCode : 'dropped'}`);
    });

    const faults = UNLOGGED.test(ctx.url.pathname) && !ctx.url.pathname.startsWith('/wp-content/plugins/vitrine') ? [] : takeFaults(state, ctx);
    if (logged && faults.length) logged.fault = faults.join(',');
    if (await applyFaults(ctx, faults)) return;

    const handler = router.resolve(ctx);
    if (!handler) return ctx.notFound();
    await handler(ctx);
    if (!ctx.answered) ctx.notFound();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('[vitrine demo] handler failed:', err);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=UTF-8' });
        res.end('demo server error');
      }
    });
  });
  // Keep-alive sockets would hold close() open for seconds; tests start and stop servers often.
  server.keepAliveTimeout = 1000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}/`,
    port,
    state,
    router,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
