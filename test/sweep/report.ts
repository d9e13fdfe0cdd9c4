import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The resilience sweep's figures. Each sweep test file measures one guarantee across every widget and
// records its rows here; `npm run sweep` (scripts/sweep.ts) runs the files, gathers the rows into one
// table, prints it, and fails when a row misses its target. Rows are figures ("0 of 512 ran"), not
// adjectives, and each names the target it is held to.

export interface SweepRow {
  /** The guarantee, e.g. "XSS", "Fault matrix", "Malformed configuration". */
  section: string;
  /** What was measured, e.g. "search suggestions × 512 payloads". */
  check: string;
  /** The measured figure, e.g. "0 executions, 0 console errors". */
  figure: string;
  /** What it must be, e.g. "0 executions". */
  target: string;
  ok: boolean;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SWEEP_OUT = process.env.SWEEP_OUT ?? path.join(ROOT, 'sweep-output');

/**
 * Writes this file's rows (replacing what an earlier run of the same file wrote). `name` is the
 * file's own name, e.g. 'xss'. Call it once, in `after()`, with every row, passing or not.
 */
export function recordRows(name: string, rows: SweepRow[]): void {
  mkdirSync(SWEEP_OUT, { recursive: true });
  writeFileSync(path.join(SWEEP_OUT, `${name}.json`), `${JSON.stringify(rows, null, 2)}\n`);
}
