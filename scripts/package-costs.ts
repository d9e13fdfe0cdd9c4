/**
 * What each package costs a page (issue 30 asks the bench for it, per page and flavour, gzip).
 *
 * Vitrine's files mix packages: the core chunk holds zod and js-cookie beside Vitrine's own code, React's chunk the
 * mount layer beside React. So each file a page loaded is split by its source map: the minified bytes each package's
 * code takes in the file, as a share of the file, and the file's gzip bytes are shared out in those proportions.
 * (gzip does not split exactly along modules; shares of one file are close enough to compare packages and pages.)
 *
 * The maps come from a build of both flavours in memory, with source maps on and nothing written: it makes the same
 * files as the shipped build (`dist/`), which carries no maps. The widgets' names carry a release hash that differs
 * between the two builds, so files are matched by their path without the hash (`fileKey`).
 */
import { build, type Rolldown } from 'vite';
import { SourceMapConsumer } from 'source-map-js';

/** A package's share of one file's minified bytes (0 to 1), by package name. */
export type Shares = Map<string, number>;

/** Vitrine's own code (and the bundler's runtime, and inlined CSS): everything outside node_modules. */
export const OWN = "Vitrine's own";

/** Packages that come only as a card package's own dependencies, counted with it. */
const DEPENDENCY_OF: Record<string, string> = {
  'react-dom': 'react',
  scheduler: 'react',
  'compute-scroll-into-view': 'downshift',
  'react-is': 'downshift',
  '@babel/runtime': 'downshift',
  tabbable: '@floating-ui',
};

/** The name a report uses for a module's package: a card package with its own dependencies, floating-ui's as one. */
export function packageOf(source: string): string {
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(source);
  if (!match) return OWN;
  const name = (match[1] as string).replace(/\\/g, '/');
  if (name.startsWith('@floating-ui/')) return '@floating-ui';
  return DEPENDENCY_OF[name] ?? name;
}

/** Each package's share of the minified `code`, read from its source map (`map`: the map's JSON). */
export function sharesOf(code: string, map: { sources: string[]; mappings: string; names: string[]; version: number }): Shares {
  const consumer = new SourceMapConsumer(map as never);
  const lines = code.split('\n');
  const bytes = new Map<string, number>();
  let previous: { line: number; column: number; owner: string } | undefined;
  const count = (owner: string, length: number) => bytes.set(owner, (bytes.get(owner) ?? 0) + length);
  // A mapping owns the generated text from its column to the next mapping's (or the line's end).
  const close = (nextLine: number, nextColumn: number) => {
    if (!previous) return;
    const line = lines[previous.line - 1] ?? '';
    count(previous.owner, (nextLine === previous.line ? nextColumn : line.length) - previous.column);
  };
  consumer.eachMapping((mapping) => {
    close(mapping.generatedLine, mapping.generatedColumn);
    previous = { line: mapping.generatedLine, column: mapping.generatedColumn, owner: mapping.source ? packageOf(mapping.source) : OWN };
  }, null, SourceMapConsumer.GENERATED_ORDER);
  close(Number.POSITIVE_INFINITY, 0);
  const total = [...bytes.values()].reduce((sum, length) => sum + length, 0);
  // A file without mappings (the swatches' shared chunk is an inlined stylesheet) is Vitrine's own.
  if (!total) return new Map([[OWN, 1]]);
  return new Map([...bytes].map(([owner, length]) => [owner, length / total]));
}

/** A built file's path under `dist/` without its hash: `lite/chunks/core-DGAvj0.js` → `lite/chunks/core.js`. */
export const fileKey = (fileName: string) => fileName.replace(/-[\w-]{6}\.js$/, '.js');

/** Builds both flavours in memory with source maps: each output file's package shares, by its `fileKey`. */
export async function buildShares(): Promise<Map<string, Shares>> {
  const shares = new Map<string, Shares>();
  for (const mode of ['production', 'lite']) {
    const result = await build({ mode, logLevel: 'silent', build: { sourcemap: true, write: false } });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    for (const output of outputs) {
      for (const item of output.output) {
        if (item.type === 'chunk' && item.map) shares.set(fileKey(item.fileName), sharesOf(item.code, item.map));
      }
    }
  }
  return shares;
}

/**
 * What each package of a page's Vitrine files costs (gzip bytes): `files` maps each file (path under `dist/`) the
 * page loaded to its gzip bytes. A file the build did not make (another build's) counts whole as Vitrine's own.
 */
export function packageCosts(files: Map<string, number>, shares: Map<string, Shares>): Map<string, number> {
  const costs = new Map<string, number>();
  for (const [file, gzip] of files) {
    for (const [owner, share] of shares.get(fileKey(file)) ?? new Map([[OWN, 1]])) costs.set(owner, (costs.get(owner) ?? 0) + gzip * share);
  }
  return costs;
}
