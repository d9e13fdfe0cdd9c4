import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CartView, cartView, syncCartCookies } from './cart.ts';
import { type FormBody, field, NOCACHE_HEADERS, parseCookies, serializeCookie, appendSetCookie } from './http.ts';
import { checkNonce, makeNonce } from './nonce.ts';
import type { Notice, Session, Settings, State } from './state.ts';

export const SESSION_COOKIE = 'wp_woocommerce_session_demo';

/** What a page template needs to know about the request; built once per render. */
export interface RenderCtx {
  path: string;
  url: URL;
  settings: Settings;
  cart: CartView;
  notices: Notice[];
  makeNonce: (action: string) => string;
}

/** One request: parsed input, the visitor's session, and answer helpers that keep WooCommerce's cookies in sync. */
export class Ctx {
  readonly url: URL;
  readonly method: string;
  readonly cookies: Record<string, string>;
  readonly params: Record<string, string> = {};
  /** wc-ajax endpoint name, or null. */
  readonly endpoint: string | null;
  /** admin-ajax action, or null. */
  readonly action: string | null;
  private sessionValue: Session | undefined;
  private sessionIsNew = false;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly state: State,
    readonly body: FormBody,
    readonly rawBody: Buffer = Buffer.alloc(0),
  ) {
    this.url = new URL(req.url ?? '/', 'http://localhost');
    this.method = (req.method ?? 'GET').toUpperCase();
    this.cookies = parseCookies(req.headers.cookie);
    this.endpoint = this.url.searchParams.get('wc-ajax');
    this.action =
      this.url.pathname === '/wp-admin/admin-ajax.php'
        ? (this.url.searchParams.get('action') ?? (field(body, 'action') || null))
        : null;
    const id = this.cookies[SESSION_COOKIE];
    this.sessionValue = id ? state.sessions.get(id) : undefined;
  }

  /** A form or query field (body wins, like $_REQUEST with POST after GET). */
  input(name: string): string {
    return field(this.body, name) || (this.url.searchParams.get(name) ?? '');
  }

  /** The body as JSON (control API and REST clients that send JSON); undefined when it is not JSON. */
  jsonBody(): unknown {
    try {
      return JSON.parse(this.rawBody.toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  }

  /** The visitor's session; with create, one is started (WooCommerce starts it on the first cart change). */
  session(create: true): Session;
  session(create?: false): Session | undefined;
  session(create = false): Session | undefined {
    if (!this.sessionValue && create) {
      this.sessionValue = this.state.newSession();
      this.sessionIsNew = true;
    }
    return this.sessionValue;
  }

  get cart(): CartView {
    return cartView(this.sessionValue);
  }

  makeNonce(action: string): string {
    return makeNonce(this.state, action, this.sessionValue?.id ?? '');
  }

  checkNonce(action: string, value: string | undefined | null): boolean {
    return checkNonce(this.state, action, value);
  }

  notice(type: Notice['type'], html: string): void {
    this.session(true).notices.push({ type, html });
  }

  /** Notices are shown once, then forgotten (wc_print_notices clears them). */
  renderCtx(): RenderCtx {
    const notices = this.sessionValue?.notices.splice(0) ?? [];
    return {
      path: this.url.pathname,
      url: this.url,
      settings: this.state.settings,
      cart: this.cart,
      notices,
      makeNonce: (action) => this.makeNonce(action),
    };
  }

  get answered(): boolean {
    return this.res.headersSent || this.res.destroyed;
  }

  send(status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
    if (this.answered) return;
    if (this.sessionIsNew && this.sessionValue) {
      appendSetCookie(this.res, serializeCookie(SESSION_COOKIE, this.sessionValue.id, { maxAge: 172800, expires: new Date(Date.now() + 172800_000), httpOnly: true }));
    }
    syncCartCookies(this.res, this.cookies, this.cart);
    this.res.writeHead(status, headers);
    this.res.end(this.method === 'HEAD' ? undefined : body);
  }

  html(body: string, status = 200): void {
    this.send(status, body, { 'Content-Type': 'text/html; charset=UTF-8' });
  }

  /** wc-ajax answer: JSON text with WooCommerce's headers (text/html by default; see Settings.wc_ajax_content_type). */
  wcAjaxJson(data: unknown): void {
    this.wcAjaxRaw(JSON.stringify(data).replace(/\//g, '\\/'));
  }

  wcAjaxRaw(text: string, status = 200): void {
    this.send(status, text, { 'Content-Type': this.state.settings.wc_ajax_content_type, 'X-Robots-Tag': 'noindex', ...NOCACHE_HEADERS });
  }

  /** REST and control answers. */
  json(data: unknown, status = 200, headers: Record<string, string> = {}): void {
    this.send(status, JSON.stringify(data), { 'Content-Type': 'application/json; charset=UTF-8', ...headers });
  }

  text(body: string, status = 200, headers: Record<string, string> = {}): void {
    this.send(status, body, { 'Content-Type': 'text/plain; charset=UTF-8', ...headers });
  }

  redirect(location: string, status = 302): void {
    this.send(status, '', { Location: location });
  }

  notFound(): void {
    this.html('<!doctype html><html lang="en"><head><title>Page not found</title></head><body><main><h1>Not found</h1></main></body></html>', 404);
  }
}
