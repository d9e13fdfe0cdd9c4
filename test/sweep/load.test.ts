import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { newPage, withDemo } from '../e2e/harness.ts';
import { cartOf, rejectionsOf, waitNotBusy, watchRejections } from './faults-shopper.ts';
import { figure, type LoadShopper, miniCartOf, newLoadShopper, percentile, shopUntil } from './load-shopper.ts';
import { recordRows, type SweepRow } from './report.ts';

// Load, through the product: SWEEP_LOAD_SHOPPERS Chromium pages (8 by default, what a 2-core machine bears),
// each in its own browser context and so its own cart session, shop side by side for SWEEP_LOAD_SECONDS (60)
// against the reference backend with the built bundle: bursts of listing adds (queued by the add-to-cart
// widget), removals from the mini cart, quantity changes on the cart page. At the end each page's mini cart and
// the server's cart for that session are read, and set against what the shopper asked for:
// - lost: a quantity asked for that the server does not hold;
// - merged: a quantity the server holds that this shopper never asked for (another session's, or a double add);
// - shown: the page's mini cart differs from the server's cart.

const SHOPPERS = Number(process.env.SWEEP_LOAD_SHOPPERS ?? 8);
const SECONDS = Number(process.env.SWEEP_LOAD_SECONDS ?? 60);

const rows: SweepRow[] = [];

describe('load', () => {
  const env = withDemo();

  // The shopping stops at the window's end, whatever the machine's speed; the deadline is a hang deadline over the
  // window plus the pages' start and the last actions' outcomes, which a busy machine makes slow.
  it(`${SHOPPERS} shoppers in Chromium adding, removing and changing quantities for ${SECONDS} s: every cart holds exactly its own`, { timeout: (SECONDS + 300) * 1000 }, async () => {
    const base = env.demo.url;
    const shoppers: LoadShopper[] = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const page = await newPage(env.browser);
      await watchRejections(page.context());
      shoppers.push(newLoadShopper(i, page));
    }
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(shoppers.map((shopper) => shopUntil(shopper, base, until)));

    let lost = 0;
    let merged = 0;
    const shownWrong: string[] = [];
    const rejections: string[] = [];
    for (const shopper of shoppers) {
      await waitNotBusy(shopper.page);
      const server = new Map((await cartOf(base, shopper.page.context())).map((line) => [line.product_id, line.quantity]));
      const shown = await miniCartOf(shopper.page);
      for (const [product, asked] of shopper.asked) lost += Math.max(0, asked - (server.get(product) ?? 0));
      for (const [product, held] of server) merged += Math.max(0, held - (shopper.asked.get(product) ?? 0));
      if (figure(shown) !== figure(server)) shownWrong.push(`shopper ${shopper.id}: page ${figure(shown)}, server ${figure(server)}`);
      rejections.push(...(await rejectionsOf(shopper.page)));
      await shopper.page.context().close();
    }

    const total = (key: 'adds' | 'removes' | 'updates') => shoppers.reduce((sum, s) => sum + s[key], 0);
    const failures = shoppers.flatMap((s) => s.failures);
    const times = shoppers.flatMap((s) => s.addTimes).sort((a, b) => a - b);
    const scope = `${SHOPPERS} shoppers × ${SECONDS} s in Chromium through the widgets (listing adds, mini cart removals, cart page quantities)`;
    rows.push(
      {
        section: 'Load',
        check: `${scope}: carts read back`,
        figure: `${total('adds')} adds, ${total('removes')} removals, ${total('updates')} quantity changes; ${lost} lost, ${merged} merged; ${shownWrong.length} pages showing another cart than the server's`,
        target: '0 lost, 0 merged, every page shows its server cart',
        ok: total('adds') > 0 && lost === 0 && merged === 0 && shownWrong.length === 0,
      },
      {
        section: 'Load',
        check: `${scope}: actions whose outcome never showed, unhandled rejections`,
        figure: `${failures.length} actions, ${rejections.length} rejections; a burst of adds shown in the mini cart after p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`,
        target: '0 actions, 0 rejections',
        ok: failures.length === 0 && rejections.length === 0,
      },
    );
    console.log(rows.map((r) => `${r.check}: ${r.figure}`).join('\n'));
    if (failures.length) console.log(failures.join('\n'));

    assert.ok(total('adds') > 0, 'no add went through');
    assert.deepEqual(failures, []);
    assert.equal(lost, 0, 'quantities a shopper asked for are missing from its cart');
    assert.equal(merged, 0, 'a cart holds quantities its shopper never asked for');
    assert.deepEqual(shownWrong, []);
    assert.deepEqual(rejections, []);
  });

  after(() => recordRows('load', rows));
});
