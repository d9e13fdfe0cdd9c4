import { randomBytes } from 'node:crypto';
import type { FormBody } from './http.ts';

// Everything the backend remembers lives here, so a test can reset one object instead of restarting the server.

/** WooCommerce options the pages print into their settings globals; switch them with POST /__vitrine/settings. */
export interface Settings {
  cart_redirect_after_add: boolean;
  enable_ajax_add_to_cart: boolean;
  review_rating_required: boolean;
  zoom_enabled: boolean;
  photoswipe_enabled: boolean;
  flexslider_enabled: boolean;
  /** Print the store notice on every page (WooCommerce does when the option is on); otherwise only on /notices/. */
  store_notice_on_all_pages: boolean;
  /** Print the opt-in cookie notice and the Google tag (as on /consent/) on every page: the privacy sweep walks the shop under it. */
  consent_notice_on_all_pages: boolean;
  /** How long a nonce stays valid. WordPress: 24 h (a nonce is accepted for two 12 h ticks). */
  nonce_lifetime_ms: number;
  /**
   * WooCommerce 10.0.2 ignores `variation_id` in wc-ajax add_to_cart (the capture's
   * add_to_cart-variable-parent-error.json); newer builds and this demo accept it. false = 10.0.2 behaviour.
   */
  ajax_add_to_cart_accepts_variation_id: boolean;
  /** Content-Type of wc-ajax JSON answers. WC_AJAX sends text/html; wp_send_json in 10.0.2 sent application/json. */
  wc_ajax_content_type: string;
}

export const DEFAULT_SETTINGS: Settings = {
  cart_redirect_after_add: false,
  enable_ajax_add_to_cart: true,
  review_rating_required: true,
  zoom_enabled: true,
  photoswipe_enabled: true,
  flexslider_enabled: true,
  store_notice_on_all_pages: false,
  consent_notice_on_all_pages: false,
  nonce_lifetime_ms: 24 * 60 * 60 * 1000,
  ajax_add_to_cart_accepts_variation_id: true,
  wc_ajax_content_type: 'text/html; charset=UTF-8',
};

export interface CartItem {
  key: string;
  product_id: number;
  variation_id: number;
  /** attribute_* => value, as WooCommerce stores `variation` on the cart item. */
  variation: Record<string, string>;
  quantity: number;
}

export interface Notice {
  type: 'success' | 'error' | 'info';
  /** Trusted markup built by the backend (it may hold a "View cart" link). */
  html: string;
}

export interface Session {
  id: string;
  cart: Map<string, CartItem>;
  notices: Notice[];
}

export interface Fault {
  match: string;
  fault: string;
  times: number;
}

export interface LoggedRequest {
  id: number;
  time: string;
  method: string;
  path: string;
  endpoint: string | null;
  action: string | null;
  body: FormBody;
  fault: string | null;
  status: number | null;
  start: number;
  end: number | null;
}

export class State {
  settings: Settings = { ...DEFAULT_SETTINGS };
  sessions = new Map<string, Session>();
  faults: Fault[] = [];
  requests: LoggedRequest[] = [];
  nonces = new Map<string, { action: string; issued: number }>();
  /** action|session -> current nonce (see makeNonce). */
  nonceCache = new Map<string, string>();
  /** Number of upcoming nonce checks that must fail (fault "expired-nonce"). */
  failNonceChecks = 0;
  /** Milliseconds added to the clock, so a test can age nonces without waiting (POST /__vitrine/clock). */
  clockOffset = 0;
  /** WordPress user meta of the demo administrator (user 1), written by the REST users route. */
  userMeta: Record<string, string> = {};
  private nextRequestId = 1;
  private readonly baseSettings: Settings;

  constructor(overrides: Partial<Settings> = {}) {
    this.baseSettings = { ...DEFAULT_SETTINGS, ...overrides };
    this.settings = { ...this.baseSettings };
  }

  now(): number {
    return Date.now() + this.clockOffset;
  }

  newSession(): Session {
    const id = randomBytes(12).toString('hex');
    const session: Session = { id, cart: new Map(), notices: [] };
    this.sessions.set(id, session);
    return session;
  }

  logRequest(entry: Omit<LoggedRequest, 'id'>): LoggedRequest {
    const logged = { id: this.nextRequestId++, ...entry };
    this.requests.push(logged);
    if (this.requests.length > 200) this.requests.splice(0, this.requests.length - 200);
    return logged;
  }

  reset(): void {
    this.settings = { ...this.baseSettings };
    this.sessions.clear();
    this.faults = [];
    this.requests = [];
    this.nonces.clear();
    this.nonceCache.clear();
    this.failNonceChecks = 0;
    this.clockOffset = 0;
    this.userMeta = {};
  }
}
