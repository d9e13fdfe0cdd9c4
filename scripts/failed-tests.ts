/**
 * CI's last words: every failed test of the run, each with its error's first lines and where it failed.
 * The tracker shows only the end of a CI run's output, so this goes last, just above the total: a failure
 * printed an hour earlier in a suite's report is otherwise a name with nothing to go on.
 *
 * Usage: node --import tsx scripts/failed-tests.ts <dir>   (the dir holds vitest.json and the suites' .tap files)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Lines of an error kept per failed test, and characters per line: the tracker's window is small. */
const ERROR_LINES = 4;
const LINE_CHARS = 300;

export interface FailedTest {
  suite: string;
  name: string;
  /** The error's first lines and where it was thrown; empty when the report has none (a suite failing by its subtests). */
  details: string[];
}

const clip = (line: string) => (line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line);

/** A TAP YAML scalar: 'quoted', "quoted" or plain. */
function scalar(raw: string): string {
  const text = raw.trim();
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  if (text.startsWith('"') && text.endsWith('"')) return text.slice(1, -1).replace(/\\n/g, ' ').replace(/\\"/g, '"');
  return text;
}

/** The key's value in a YAML block: a scalar, or the lines of a block scalar (`|-`) indented deeper than the key. */
function yamlValue(block: string[], key: string): string[] {
  const at = block.findIndex((line) => new RegExp(`^\\s*${key}:( |$)`).test(line));
  if (at < 0) return [];
  const line = block[at]!;
  const indent = line.length - line.trimStart().length;
  const value = line.slice(line.indexOf(':') + 1).trim();
  if (!/^[|>][-+]?$/.test(value)) return value ? [scalar(value)] : [];
  const lines: string[] = [];
  for (let j = at + 1; j < block.length; j++) {
    const next = block[j]!;
    if (next.trim() && next.length - next.trimStart().length <= indent) break;
    if (next.trim()) lines.push(next.trim());
  }
  return lines;
}

/**
 * The error's first lines, and where it was thrown, from the YAML block that follows a `not ok` line (node's TAP
 * reporter): the stack's first frame in the project's own files, else where the test is defined.
 */
export function detailsOf(block: string[]): string[] {
  // A suite that failed only because a test in it did adds nothing: that test is listed with its own error.
  if (yamlValue(block, 'failureType')[0] === 'subtestsFailed') return [];
  // Playwright frames its call log with rules of '=': they say nothing.
  const details = yamlValue(block, 'error')
    .filter((line) => !/^=+[^=]*=+$/.test(line))
    .slice(0, ERROR_LINES)
    .map(clip);
  // Frames name a path, with or without file://; the test's own line says the most: the outermost frame in a test
  // file (a helper in that file comes first).
  const frames = yamlValue(block, 'stack')
    .filter((line) => !/node_modules|node:internal/.test(line))
    .map((line) => /(?:file:\/\/)?(\/[^()\s]+:\d+:\d+)/.exec(line)?.[1])
    .filter((path): path is string => path !== undefined);
  const where = frames.findLast((path) => /\.test\.[cm]?[jt]sx?:/.test(path)) ?? frames[0] ?? yamlValue(block, 'location')[0];
  if (where) details.push(`at ${where.replace(/^.*?\/(test|scripts|widgets|src|mount)\//, '$1/')}`);
  return details;
}

/** Failed tests in one TAP report; a failed todo is a known issue, not a failure. */
export function failedInTap(text: string, suite: string): FailedTest[] {
  const lines = text.split('\n');
  const failed: FailedTest[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = /^(\s*)not ok \d+ - (.*)$/.exec(lines[i]!);
    if (!match || / # TODO\b/.test(match[2]!)) continue;
    const indent = match[1]!;
    const block: string[] = [];
    if (lines[i + 1]?.trim() === '---') {
      for (let j = i + 2; j < lines.length && lines[j] !== `${indent}  ...`; j++) block.push(lines[j]!);
    }
    failed.push({ suite, name: match[2]!, details: detailsOf(block) });
  }
  return failed;
}

interface VitestReport {
  testResults?: { name: string; status: string; message?: string; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[] }[];
}

/** Failed tests in vitest's JSON report, and files that failed before running any test. */
export function failedInVitest(report: VitestReport): FailedTest[] {
  const failed: FailedTest[] = [];
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    if (file.status === 'failed' && !tests.some((test) => test.status === 'failed')) {
      failed.push({ suite: 'vitest', name: path.basename(file.name), details: (file.message ?? '').split('\n').filter(Boolean).slice(0, ERROR_LINES).map(clip) });
    }
    for (const test of tests) {
      if (test.status !== 'failed') continue;
      const message = (test.failureMessages ?? []).join('\n').split('\n').filter((line) => line.trim() && !/^\s+at /.test(line));
      failed.push({ suite: 'vitest', name: test.fullName, details: message.slice(0, ERROR_LINES).map((line) => clip(line.trim())) });
    }
  }
  return failed;
}

export function failedTests(dir: string): FailedTest[] {
  const failed: FailedTest[] = [];
  try {
    failed.push(...failedInVitest(JSON.parse(readFileSync(path.join(dir, 'vitest.json'), 'utf8')) as VitestReport));
  } catch {
    // No vitest report: the step itself is counted as failed by .ci/run.
  }
  for (const tap of readdirSync(dir).filter((file) => file.endsWith('.tap')).sort()) {
    failed.push(...failedInTap(readFileSync(path.join(dir, tap), 'utf8'), tap.replace(/\.tap$/, '')));
  }
  return failed;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const failed = failedTests(process.argv[2] ?? '.');
  if (!failed.length) console.log('none');
  for (const test of failed) {
    console.log(`${test.suite}: ${test.name}`);
    for (const line of test.details) console.log(`    ${line}`);
  }
}
