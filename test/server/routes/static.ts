import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { svgImage, THUMB, LARGE } from '../../fixtures/images.ts';
import { imageRegistry } from '../catalogue.ts';
import type { Ctx } from '../context.ts';
import type { Router } from '../router.ts';

// Files: the built bundle under a plugin base path (proves relative chunk URLs work from a plugin folder),
// real jQuery where WordPress keeps it, the demo theme CSS, and generated product images.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../../..');
const FIXTURES = path.resolve(HERE, '../../fixtures');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=UTF-8',
  '.mjs': 'text/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.html': 'text/html; charset=UTF-8',
};

/** Serves root/rel, refusing anything that resolves outside root. */
export async function sendFile(ctx: Ctx, root: string, rel: string, cache = 'no-store'): Promise<void> {
  const file = path.resolve(root, `.${path.posix.normalize(`/${rel}`)}`);
  if (!file.startsWith(root + path.sep)) return ctx.notFound();
  try {
    const data = await readFile(file);
    ctx.send(200, data, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': cache });
  } catch {
    ctx.notFound();
  }
}

export function registerStatic(router: Router, opts: { distDir: string; flavour?: 'react' | 'lite' }): void {
  const dist = path.resolve(opts.distDir);
  // The lite flavour answers for vitrine.js, as a site owner's `vitrine_flavour` filter makes the plugin
  // enqueue it; its chunks (lite/…) resolve against the same folder.
  const entry = opts.flavour === 'lite' ? 'vitrine.lite.js' : 'vitrine.js';
  // no-store: a rebuilt bundle is picked up on the next reload, never a stale chunk.
  router.get('/wp-content/plugins/vitrine/dist/*', (ctx) => {
    const file = ctx.url.pathname.slice('/wp-content/plugins/vitrine/dist/'.length);
    return sendFile(ctx, dist, file === 'vitrine.js' ? entry : file);
  });

  router.get('/wp-includes/js/jquery/jquery.min.js', (ctx) => sendFile(ctx, path.join(REPO, 'node_modules/jquery/dist'), 'jquery.min.js', 'max-age=3600'));

  router.get('/wp-content/themes/vitrine-demo/style.css', (ctx) => sendFile(ctx, FIXTURES, 'demo.css'));

  router.get('/wp-content/uploads/demo/:file', (ctx) => {
    const m = /^(.+?)(-300x300)?\.svg$/.exec(ctx.params.file ?? '');
    const info = m?.[1] ? imageRegistry.get(m[1]) : undefined;
    if (!m || !info) return ctx.send(404, 'Not found', { 'Content-Type': 'text/plain; charset=UTF-8' });
    ctx.send(200, svgImage(info, m[2] ? THUMB : LARGE), { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=3600' });
  });

  router.get('/favicon.ico', (ctx) => ctx.send(204, ''));
}
