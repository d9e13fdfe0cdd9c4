import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { after, describe, it } from 'node:test';
import { resetDemo, withDemo } from '../e2e/harness.ts';
import { CALLS, FAULTS, type FaultCall, type FaultName } from './faults-calls.ts';
import { type CellResult, pool, runCell, shopperContext } from './faults-runner.ts';
import { recordRows, type SweepRow } from './report.ts';

// Fault matrix: every network call of every widget × {500, invalid JSON, empty body, dropped
// connection, 10 s delay, expired nonce, offline}. Per call, one row: how many of the 7 faults gave
// the documented outcome, loading states left on, cart actions lost after the shopper retried, and
// unhandled rejections. The 10 s delay is run on the page's clock (faults-runner.ts): the widget's
// timers see 10 s pass before the answer, the test does not wait them out. The cells run side by side
// (each context with its own per-request faults); 'expired-nonce' makes the server's next nonce check
// fail whichever request makes it, so those cells run one at a time on a freshly reset demo.

// Runs of cells side by side, one per core: a cell keeps a core busy (its page loads and renders), so
// more only queue for the CPU. On 2 cores, 2, 3, 4 and 6 side by side all did the cells' work in the
// same time, with each step slower the more there were. SWEEP_FAULT_CONCURRENCY overrides it.
const CONCURRENCY = Number(process.env.SWEEP_FAULT_CONCURRENCY ?? Math.max(2, availableParallelism()));

/**
 * A hang deadline, not a speed target: on a 2-core machine shared with other test runs the matrix took
 * 95-120 s, and 144-197 s with both cores kept busy besides; a machine a few times slower still ends
 * below it. It guards against a run that never ends (a step that hangs past its own deadline, a page that
 * never closes); a cell that fails ends within its steps' deadlines and shows in its call's row.
 */
const MATRIX_HANG_DEADLINE_MS = 900_000;

const results: CellResult[] = [];
const rows: SweepRow[] = [];

const FAULT_LABEL: Record<FaultName, string> = {
  '500': '500',
  'invalid-json': 'invalid JSON',
  empty: 'empty',
  drop: 'drop',
  'latency:10000': '10 s',
  'expired-nonce': 'expired nonce',
  offline: 'offline',
};

/** What the shopper saw, in a few words: the catalogue's messages by name, others quoted short. */
function shortOutcome(seen: string): string {
  const named: Record<string, string> = {
    'error: You are probably offline.': 'offline message',
    'error: An unknown error occurred.': 'error message',
    'error: The response is not a valid JSON response.': 'invalid-JSON message',
  };
  if (named[seen]) return named[seen];
  if (seen.startsWith('error: ')) return `error "${seen.slice(7, 40)}${seen.length > 40 ? '…' : ''}"`;
  return seen.length > 48 ? `${seen.slice(0, 47)}…` : seen;
}

/** One call's row: the 7 faults' outcomes summed up in figures. */
function rowFor(call: FaultCall): SweepRow {
  const cells = results.filter((r) => r.call === call.name);
  const applicable = cells.length;
  const documented = cells.filter((c) => c.documented && !c.failure).length;
  const busy = cells.filter((c) => c.busy.length > 0).length;
  const lost = cells.filter((c) => c.lost).length;
  const rejections = cells.reduce((sum, c) => sum + c.rejections.length, 0);
  const failed = cells.filter((c) => c.failure).length;
  const outcomes = FAULTS.map((fault) => {
    const cell = cells.find((c) => c.fault === fault);
    return `${FAULT_LABEL[fault]}: ${cell ? (cell.failure ? 'did not run through' : shortOutcome(cell.seen)) : 'n/a (no nonce)'}`;
  }).join('; ');
  const figure =
    `${documented}/${applicable} faults as documented (${outcomes}), ` +
    `${busy} loading states left, ${call.cartAfter || call.ordersAfter !== undefined ? `${lost} lost cart actions, ` : ''}${rejections} unhandled rejections` +
    `${failed ? `, ${failed} cells did not run through` : ''}`;
  return {
    section: 'Fault matrix',
    check: call.name,
    figure,
    target: `${applicable}/${applicable} as documented, 0 loading states, ${call.cartAfter || call.ordersAfter !== undefined ? '0 lost, ' : ''}0 rejections`,
    ok: documented === applicable && busy === 0 && lost === 0 && rejections === 0 && failed === 0,
  };
}

const describeCell = (c: CellResult) =>
  `${c.fault}: saw "${c.seen}"${c.documented ? '' : ' (not documented)'}${c.busy.length ? `, busy left: ${c.busy.join(' ')}` : ''}` +
  `${c.lost ? `, ${c.lost}` : ''}${c.rejections.length ? `, rejections: ${c.rejections.join(' | ')}` : ''}${c.failure ? `, failed: ${c.failure}` : ''}`;

describe('fault matrix', () => {
  const env = withDemo();

  it('runs every call under every fault', { timeout: MATRIX_HANG_DEADLINE_MS }, async () => {
    const base = env.demo.url;
    /** One cell in a context of its own (closed after). */
    const alone = async (call: FaultCall, fault: FaultName) => {
      const context = await shopperContext(env.browser);
      try {
        return await runCell(context, base, call, fault);
      } finally {
        await context.close();
      }
    };
    // Per call, two runs of cells: the other faults one after another in one context (its cache warm), and
    // the 10 s delay in a context of its own (it installs the page clock). The long runs start first, the
    // short ones fill the pool's last gaps.
    const quick: FaultName[] = ['500', 'invalid-json', 'empty', 'drop', 'offline'];
    const runs = [
      ...CALLS.map((call) => async () => {
        const context = await shopperContext(env.browser);
        const out: CellResult[] = [];
        try {
          for (const fault of quick) out.push(await runCell(context, base, call, fault));
        } finally {
          await context.close();
        }
        return out;
      }),
      ...CALLS.map((call) => async () => [await alone(call, 'latency:10000')]),
    ];
    const perCall = await pool(runs, CONCURRENCY);
    results.push(...perCall.flat());
    // 'expired-nonce' fails the server's next nonce check, whoever makes it: one cell at a time, on a reset demo.
    const context = await shopperContext(env.browser);
    for (const call of CALLS.filter((c) => c.nonce)) {
      await resetDemo(base);
      results.push(await runCell(context, base, call, 'expired-nonce'));
    }
    await context.close();
    await resetDemo(base);
    rows.push(...CALLS.map(rowFor));
  });

  for (const call of CALLS) {
    it(call.name, () => {
      const row = rows.find((r) => r.check === call.name);
      assert.ok(row, 'the matrix ran');
      const cells = results.filter((r) => r.call === call.name);
      assert.ok(row.ok, `${row.figure}\n${cells.map(describeCell).join('\n')}`);
    });
  }

  after(() => recordRows('faults', rows));
});
