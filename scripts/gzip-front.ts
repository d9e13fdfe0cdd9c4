import http from 'node:http';
import zlib from 'node:zlib';
import type { Shop } from '../test/shop/kit.ts';
import { freePort } from '../test/helpers/free-port.ts';

// The bench's compressing front for the genuine shop. The kit serves the shop with `php -S`, which sends scripts,
// styles and pages uncompressed; every production host (nginx, Apache, a CDN) gzips them. Uncompressed, Lighthouse's
// simulated slow network charges each side for its raw bytes (React's 217 KB where it would be 68), which is not how
// a shopper's phone receives them. This front takes the shop's own address, forwards each request unchanged to the
// PHP server moved beside it, and gzips the text answers a gzip-accepting client asks for, as such a host does.

/** What a host compresses: text, scripts, styles, JSON, SVG. Images and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|x-javascript|json|xml)|image\/svg\+xml)/i;
/** Hop-by-hop headers: they describe the PHP server's connection, not the answer. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding'];

export interface GzipFront {
  close(): Promise<void>;
}

/** Puts the compressing front at `shop.url`, with the shop's PHP on a free port behind it; `close` puts PHP back. */
export async function gzipFront(shop: Shop): Promise<GzipFront> {
  const { hostname, port } = new URL(shop.url);
  const behind = await freePort();
  shop.serveOn(behind);
  const server = http.createServer((request, response) => {
    const upstream = http.request({ host: hostname, port: behind, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      const headers = { ...answer.headers };
      for (const name of HOP_BY_HOP) delete headers[name];
      const status = answer.statusCode ?? 502;
      const gzip =
        /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) &&
        COMPRESSIBLE.test(String(answer.headers['content-type'] ?? '')) &&
        !answer.headers['content-encoding'] &&
        request.method !== 'HEAD' &&
        status !== 204 &&
        status !== 304;
      if (gzip) {
        delete headers['content-length'];
        headers['content-encoding'] = 'gzip';
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
      }
      response.writeHead(status, answer.statusMessage, headers);
      (gzip ? answer.pipe(zlib.createGzip()) : answer).pipe(response);
    });
    upstream.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`gzip front: ${error.message}`);
    });
    request.pipe(upstream);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(Number(port), hostname, resolve);
    });
  } catch (error) {
    shop.serveOn(null);
    throw error;
  }
  return {
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      shop.serveOn(null);
    },
  };
}
