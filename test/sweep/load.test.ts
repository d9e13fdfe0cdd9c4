import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { newShopper, percentile, SESSION_COOKIE, type Shopper, shop, startBackend } from './load-shopper.ts';
import { recordRows, type SweepRow } from './report.ts';

// Load: 50 simulated shoppers (plain HTTP clients, each with its own cookie jar, so its own session)
// add to cart through wc-ajax add_to_cart against the reference backend on 127.0.0.1 for 60 s, one
// request at a time each, as the cart queue sends them. Then every cart is read back from the backend:
// each must hold exactly its own shopper's adds (0 lost, 0 merged from another session), and no add
// may fail. The round trips' p50 and p95 are printed as figures, not held to a target.
// SWEEP_LOAD_SECONDS shortens (or lengthens) the run; 60 is the default.

const SHOPPERS = Number(process.env.SWEEP_LOAD_SHOPPERS ?? 50);
const SECONDS = Number(process.env.SWEEP_LOAD_SECONDS ?? 60);

const rows: SweepRow[] = [];

interface CartRead {
  id: string;
  items: { product_id: number; quantity: number }[];
}

describe('load', () => {
  // The adds stop at the window's end, whatever the machine's speed; the deadline is a hang deadline over the
  // window plus the backend's start (a tsx compile) and the last adds' answers, which a busy machine makes slow.
  it(`${SHOPPERS} shoppers adding to cart for ${SECONDS} s: every cart holds exactly its own adds`, { timeout: (SECONDS + 300) * 1000 }, async () => {
    const backend = await startBackend();
    let shoppers: Shopper[] = [];
    let carts: CartRead[] = [];
    try {
      shoppers = Array.from({ length: SHOPPERS }, (_, i) => newShopper(i));
      const until = performance.now() + SECONDS * 1000;
      await Promise.all(shoppers.map((s) => shop(backend.url, s, until)));
      carts = ((await (await fetch(new URL('/__vitrine/state', backend.url))).json()) as { sessions: CartRead[] }).sessions;
    } finally {
      await backend.stop();
    }

    const adds = shoppers.reduce((sum, s) => sum + [...s.added.values()].reduce((a, b) => a + b, 0), 0);
    const errors = shoppers.reduce((sum, s) => sum + s.errors.length, 0);
    let lost = 0;
    let merged = 0;
    const sessions = new Set<string>();
    for (const shopper of shoppers) {
      const id = decodeURIComponent(shopper.jar.get(SESSION_COOKIE) ?? '');
      sessions.add(id);
      const cart = new Map((carts.find((c) => c.id === id)?.items ?? []).map((i) => [i.product_id, i.quantity]));
      for (const [product, asked] of shopper.added) lost += Math.max(0, asked - (cart.get(product) ?? 0));
      for (const [product, held] of cart) merged += Math.max(0, held - (shopper.added.get(product) ?? 0));
    }
    // Two shoppers that ended in one session would have merged carts, whatever the counts say.
    const sharedSessions = SHOPPERS - sessions.size;
    const trips = shoppers.flatMap((s) => s.roundTrips).sort((a, b) => a - b);
    const p50 = percentile(trips, 50);
    const p95 = percentile(trips, 95);

    const section = 'Load';
    const scope = `${SHOPPERS} shoppers × ${SECONDS} s, add_to_cart on 127.0.0.1`;
    rows.push(
      {
        section,
        check: `${scope}: carts read back`,
        figure: `${adds} adds, ${lost} lost, ${merged} merged, ${sharedSessions} shared sessions`,
        target: '0 lost, 0 merged',
        ok: adds > 0 && lost === 0 && merged === 0 && sharedSessions === 0,
      },
      { section, check: `${scope}: failed adds`, figure: `${errors} of ${adds + errors}`, target: '0', ok: errors === 0 },
      {
        section,
        check: `${scope}: add-to-cart round trip`,
        figure: `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${(trips.length / SECONDS).toFixed(0)} adds/s)`,
        target: 'printed',
        ok: true,
      },
    );
    console.log(rows.map((r) => `${r.check}: ${r.figure}`).join('\n'));

    assert.ok(adds > 0, 'no add went through');
    assert.equal(errors, 0, shoppers.flatMap((s) => s.errors).slice(0, 5).join('\n'));
    assert.equal(lost, 0, 'adds confirmed to a shopper are missing from its cart');
    assert.equal(merged, 0, 'a cart holds adds its shopper did not make');
    assert.equal(sharedSessions, 0, 'two shoppers share a session');
  });

  after(() => recordRows('load', rows));
});
