/**
 * Byte budgets, checked in CI on the built bundle (never timing: sizes are deterministic).
 * Prints every chunk and one PASS/FAIL line per budget; exits 1 when a budget is exceeded.
 */
import { existsSync } from 'node:fs';
import { DIST, ENTRY, entryClosure, formatTable, listChunks, sizeOf } from './chunks';

const BUDGETS = {
  /**
   * mount + bus, no React: what a page with no widget pays. 3 KB until the entry learned to hold and
   * replay what a shopper does before a widget's code arrives (issue 20) and to run theme code queued
   * before it (vitrineQueue, vitrine:ready); the replay itself, props reading and root mounting were
   * moved out to lazy chunks to pay for most of it. Back to 3 KB is issue 16's target.
   */
  entryGzip: 3400,
  /** React 19 + react-dom: shared by every widget, loaded once. */
  reactRuntimeGzip: 70_000,
  /**
   * Any other single chunk: a widget with its libraries. The heaviest is instant search
   * (downshift + DOMPurify + the combobox), loaded on first interaction; PhotoSwipe's core is its own chunk.
   */
  chunkGzip: 35_000,
};

if (!existsSync(`${DIST}/${ENTRY}`)) {
  console.error(`size-check: ${DIST}/${ENTRY} is missing; run \`npm run build\` first.`);
  process.exit(1);
}

const sizes = listChunks().map(sizeOf);
console.log(formatTable([['chunk', 'min B', 'gzip B'], ...sizes.map((s) => [s.file, String(s.min), String(s.gzip)])]));

const closure = entryClosure();
const entryGzip = closure.map((file) => sizeOf(file).gzip).reduce((a, b) => a + b, 0);
const results: { name: string; actual: number; budget: number }[] = [
  { name: `entry at boot (${closure.join(' + ')})`, actual: entryGzip, budget: BUDGETS.entryGzip },
];
const react = sizes.find((s) => /chunks\/react-/.test(s.file) && s.gzip > 30_000);
if (react) results.push({ name: `React runtime (${react.file})`, actual: react.gzip, budget: BUDGETS.reactRuntimeGzip });
for (const size of sizes) {
  if (size === react || closure.includes(size.file)) continue;
  results.push({ name: size.file, actual: size.gzip, budget: BUDGETS.chunkGzip });
}

let failed = 0;
for (const { name, actual, budget } of results) {
  const ok = actual <= budget;
  if (!ok) failed += 1;
  if (!ok || name.startsWith('entry') || name.startsWith('React')) {
    console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${actual} B gzip (budget ${budget})`);
  }
}
console.log(`size: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
