import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SWEEP_OUT, type SweepRow } from '../test/sweep/report.ts';

// `npm run sweep`: the resilience and security sweep (test/sweep/*.test.ts) against the built bundle in
// Chromium, then one table of its figures. Exit code 1 when a test failed, a file recorded no rows, or a
// row missed its target. `--readme` also writes the table into README.md between the sweep markers.
// `--tap FILE` keeps the node:test TAP report (CI counts passes and failures from it). `--rows-only`
// skips the run and tables the rows an earlier run left in SWEEP_OUT (e.g. CI's, for the README).
// `--check-readme` fails when the README's table is not this run's rows (see below). `--only load` or `--skip load`
// (names of test/sweep files, comma-separated) runs a part: CI runs the load row alone, the machine to itself, and the
// others beside the WordPress and genuine-shop suites. Each part replaces only its own files' rows in SWEEP_OUT, so
// `--rows-only` after both tables the whole sweep (after one part alone, it tables the other part's older rows).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SWEEP_DIR = path.join(ROOT, 'test/sweep');
const START = '<!-- sweep:start -->';
const END = '<!-- sweep:end -->';

function argValue(flag: string): string | undefined {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const allFiles = readdirSync(SWEEP_DIR).filter((f) => f.endsWith('.test.ts')).sort();
const refuse = (message: string): never => {
  console.error(`sweep: ${message}`);
  process.exit(2);
};
const names = (flag: string) => {
  if (!process.argv.includes(flag)) return undefined;
  const list = argValue(flag)?.split(',').map((name) => name.trim()).filter(Boolean) ?? [];
  if (!list.length || list[0]?.startsWith('--')) refuse(`${flag} takes the names of test/sweep files, comma-separated (${flag} load)`);
  return list;
};
for (const arg of process.argv) if (/^--(only|skip)=/.test(arg)) refuse(`write ${arg.replace('=', ' ')}, with a space`);
const only = names('--only');
const skip = names('--skip') ?? [];
for (const name of [...(only ?? []), ...skip]) {
  if (!allFiles.includes(`${name}.test.ts`)) refuse(`no test/sweep/${name}.test.ts (--only and --skip take file names without .test.ts)`);
}
const nameOf = (file: string) => file.replace(/\.test\.ts$/, '');
if ((only || skip.length) && (process.argv.includes('--readme') || process.argv.includes('--check-readme'))) {
  refuse('--readme and --check-readme compare the whole table: run them without --only or --skip (with --rows-only after the parts)');
}
const files = allFiles.filter((file) => (!only || only.includes(nameOf(file))) && !skip.includes(nameOf(file)));
// node --test with no file runs every test it finds from the repository's root: never that.
if (!files.length) refuse('--only and --skip leave no test/sweep file to run');
const rowsOnly = process.argv.includes('--rows-only');

function runSweep(): number | null {
  // A part's run replaces its own files' rows and keeps the others' (the other part's, run before or after it).
  for (const file of files) rmSync(path.join(SWEEP_OUT, `${nameOf(file)}.json`), { force: true });
  const tap = argValue('--tap');
  const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout'];
  if (tap) reporters.push('--test-reporter=tap', `--test-reporter-destination=${tap}`);
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=1', ...reporters, ...files.map((f) => path.join('test/sweep', f))],
    { cwd: ROOT, stdio: 'inherit', env: process.env },
  ).status;
}
const status = rowsOnly ? 0 : runSweep();

const rows: SweepRow[] = [];
const silent: string[] = [];
for (const file of files) {
  const name = nameOf(file);
  const out = path.join(SWEEP_OUT, `${name}.json`);
  if (!existsSync(out)) {
    silent.push(name);
    continue;
  }
  rows.push(...(JSON.parse(readFileSync(out, 'utf8')) as SweepRow[]));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const table = [
  '| guarantee | measured | figure | target | |',
  '|---|---|---|---|---|',
  ...rows.map((r) => `| ${cell(r.section)} | ${cell(r.check)} | ${cell(r.figure)} | ${cell(r.target)} | ${r.ok ? 'ok' : '**missed**'} |`),
].join('\n');

console.log(`\n=== resilience sweep: ${rows.length} rows, ${rows.filter((r) => !r.ok).length} missed\n`);
console.log(table);
for (const name of silent) console.log(`\nno figures from test/sweep/${name}.test.ts (it failed before recording them)`);

if (process.argv.includes('--readme')) {
  const readmePath = path.join(ROOT, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} section`);
  const stamp = `Measured by \`npm run sweep\` in Debian's Chromium (the React build; rows marked lite on the Preact one), ${new Date().toISOString().slice(0, 10)}.`;
  writeFileSync(readmePath, `${readme.slice(0, from + START.length)}\n${stamp}\n\n${table}\n${readme.slice(to)}`);
  console.log('\nREADME.md: sweep table updated');
}

/**
 * `--check-readme`: the README's table must be this run's rows: the same guarantees and checks, in order, held to
 * the same targets, with the same verdicts. Only the figures may differ (timings and counts move from run to run;
 * the stamp above the table says which run they come from). CI runs it after the sweep, so a README that claims a
 * row this run does not have, or a pass it does not make, fails the run.
 */
let readmeDiffers = false;
if (process.argv.includes('--check-readme')) {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf(START), readme.indexOf(END));
  const unescapeCell = (text: string) => text.replace(/\\\|/g, '|');
  const claimed = section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| guarantee |'))
    .map((line) => {
      const cells = line.slice(2, -2).split(' | ').map(unescapeCell);
      return `${cells[0]} | ${cells[1]} | target ${cells[3]} | ${cells[4]}`;
    });
  const measured = rows.map((r) => `${r.section} | ${r.check} | target ${r.target} | ${r.ok ? 'ok' : '**missed**'}`);
  const missing = measured.filter((row) => !claimed.includes(row));
  const stale = claimed.filter((row) => !measured.includes(row));
  readmeDiffers = missing.length > 0 || stale.length > 0;
  if (readmeDiffers) {
    console.log('\nREADME.md: the sweep table is not this run\'s (npm run sweep -- --readme rewrites it):');
    for (const row of stale) console.log(`  in the README, not measured: ${row}`);
    for (const row of missing) console.log(`  measured, not in the README: ${row}`);
  } else console.log(`\nREADME.md: the sweep table's ${claimed.length} rows are this run's (guarantees, checks, targets and verdicts)`);
}

// With --rows-only --check-readme (CI, after the sweep step counted its own failures) only the README decides.
const failed = rowsOnly && process.argv.includes('--check-readme') ? readmeDiffers : status !== 0 || silent.length > 0 || rows.some((r) => !r.ok) || readmeDiffers;
process.exit(failed ? 1 : 0);
