import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A simulated shopper for the load sweep: a plain HTTP client with its own cookie jar (so its own
// session and cart on the reference backend) that adds products one at a time through wc-ajax
// add_to_cart, as the cart queue sends them, and remembers what it asked for and what each add cost.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Products without stock management or quantity limits, so every add is one the shop accepts. */
export const UNLIMITED_PRODUCTS = [33, 38, 48, 53, 58, 60, 61, 64, 65, 70, 71, 73, 74, 75];

export interface Shopper {
  id: number;
  jar: Map<string, string>;
  /** product id → quantity the server confirmed adding. */
  added: Map<number, number>;
  roundTrips: number[];
  errors: string[];
}

export function newShopper(id: number): Shopper {
  return { id, jar: new Map(), added: new Map(), roundTrips: [], errors: [] };
}

function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (!pair || at < 1) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (/expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** One add_to_cart as the listing button sends it; an answer without fragments or a cart hash counts as an error. */
export async function addOnce(base: string, shopper: Shopper, productId: number): Promise<void> {
  const started = performance.now();
  try {
    const response = await fetch(new URL('/?wc-ajax=add_to_cart', base), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
        'X-Requested-With': 'XMLHttpRequest',
        ...(shopper.jar.size ? { Cookie: cookieHeader(shopper.jar) } : {}),
      },
      body: new URLSearchParams({ product_id: String(productId), quantity: '1' }).toString(),
    });
    const text = await response.text();
    shopper.roundTrips.push(performance.now() - started);
    keepCookies(shopper.jar, response);
    const answer = JSON.parse(text) as { fragments?: unknown; cart_hash?: unknown; error?: unknown };
    if (response.status !== 200 || answer.error || !answer.fragments || !answer.cart_hash) {
      shopper.errors.push(`${response.status} ${text.slice(0, 80)}`);
      return;
    }
    shopper.added.set(productId, (shopper.added.get(productId) ?? 0) + 1);
  } catch (error) {
    shopper.errors.push(String(error));
  }
}

/** Adds until `until` (a performance.now() time), one request at a time, products in a shopper-specific order. */
export async function shop(base: string, shopper: Shopper, until: number): Promise<void> {
  let turn = shopper.id;
  while (performance.now() < until) {
    await addOnce(base, shopper, UNLIMITED_PRODUCTS[turn % UNLIMITED_PRODUCTS.length]!);
    // A stride coprime with the list's length: each shopper walks every product in its own order.
    turn += 3;
  }
}

export const SESSION_COOKIE = 'wp_woocommerce_session_demo';

/** The reference backend in a process of its own, so the shoppers' clients do not share its event loop. */
export async function startBackend(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/server/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /Vitrine demo: (http:\/\/\S+)/.exec(out);
      if (found?.[1]) resolve(found[1].endsWith('/') ? found[1] : `${found[1]}/`);
    });
    child.once('exit', (code) => reject(new Error(`the backend exited (${code}) before listening`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
