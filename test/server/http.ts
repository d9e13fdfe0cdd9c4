import type { IncomingMessage, ServerResponse } from 'node:http';

// Wire-level helpers shared by every route: body parsing as PHP sees it, and cookies as WordPress writes them.

export type FormBody = Record<string, string | string[]>;

export async function readBody(req: IncomingMessage, limit = 2_000_000): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Repeated keys become arrays, like PHP's `name[]`; bracketed names stay flat (`variation[attribute_pa_color]`). */
function addField(out: FormBody, key: string, value: string): void {
  const prev = out[key];
  if (prev === undefined) out[key] = value;
  else out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
}

export function parseUrlEncoded(text: string): FormBody {
  const out: FormBody = {};
  for (const [k, v] of new URLSearchParams(text)) addField(out, k, v);
  return out;
}

// Product forms are posted as multipart/form-data (WooCommerce sets enctype on form.cart), and the
// bundle may post FormData; text fields are all this backend needs, file parts are ignored.
export function parseMultipart(buf: Buffer, boundary: string): FormBody {
  const out: FormBody = {};
  const parts = buf.toString('latin1').split(`--${boundary}`);
  for (const part of parts) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = part.slice(0, headerEnd);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    if (!name || /filename="/i.test(headers)) continue;
    const raw = part.slice(headerEnd + 4).replace(/\r\n$/, '');
    addField(out, name, Buffer.from(raw, 'latin1').toString('utf8'));
  }
  return out;
}

export function parseBody(contentType: string | undefined, buf: Buffer): FormBody {
  if (!buf.length) return {};
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
    return boundary ? parseMultipart(buf, (boundary[1] ?? boundary[2] ?? '').trim()) : {};
  }
  if (type.startsWith('application/json')) {
    try {
      const data = JSON.parse(buf.toString('utf8')) as unknown;
      return flattenJson(data);
    } catch {
      return {};
    }
  }
  return parseUrlEncoded(buf.toString('utf8'));
}

/** JSON bodies (REST) are flattened to the same `a[b]` keys a form post would use, so handlers read one shape. */
function flattenJson(data: unknown, prefix = '', out: FormBody = {}): FormBody {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    for (const [k, v] of Object.entries(data)) flattenJson(v, prefix ? `${prefix}[${k}]` : k, out);
  } else if (prefix) {
    out[prefix] = Array.isArray(data) ? data.map(String) : String(data ?? '');
  }
  return out;
}

export function field(body: FormBody, key: string): string {
  const v = body[key];
  return Array.isArray(v) ? (v[v.length - 1] ?? '') : (v ?? '');
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const piece of (header ?? '').split(';')) {
    const eq = piece.indexOf('=');
    if (eq < 1) continue;
    const name = piece.slice(0, eq).trim();
    try {
      out[name] = decodeURIComponent(piece.slice(eq + 1).trim());
    } catch {
      out[name] = piece.slice(eq + 1).trim();
    }
  }
  return out;
}

/** Same attribute order and spelling as PHP's setcookie(), which is what wc_setcookie() calls. */
export function serializeCookie(
  name: string,
  value: string,
  opts: { expires?: Date; maxAge?: number; httpOnly?: boolean } = {},
): string {
  let out = `${name}=${encodeURIComponent(value)}`;
  if (opts.expires) out += `; expires=${opts.expires.toUTCString()}`;
  if (opts.maxAge !== undefined) out += `; Max-Age=${opts.maxAge}`;
  out += '; path=/';
  if (opts.httpOnly) out += '; HttpOnly';
  return out;
}

export function appendSetCookie(res: ServerResponse, cookie: string): void {
  const prev = res.getHeader('Set-Cookie');
  const list = prev === undefined ? [] : Array.isArray(prev) ? prev : [String(prev)];
  res.setHeader('Set-Cookie', [...list, cookie]);
}

/** WordPress's nocache_headers(), sent by admin-ajax, wc-ajax and the REST API for visitors. */
export const NOCACHE_HEADERS: Record<string, string> = {
  Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
  'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
};
