/**
 * What each package costs a page (issue 30 asks the bench for it, per page and flavour, gzip).
 *
 * Vitrine's files mix packages: the core chunk holds zod and js-cookie beside Vitrine's own code, React's chunk the
 * mount layer beside React. So each file a page loaded is split by its source map: the minified bytes each package's
 * code takes in the file, as a share of the file, and the file's gzip bytes are shared out in those proportions.
 * (gzip does not split exactly along modules; shares of one file are close enough to compare packages and pages.)
 *
 * The maps come from a build of both flavours in memory, with source maps on and nothing written: from the same
 * sources it makes the same files under the same names as the shipped build (`dist/`), which carries no maps. A file
 * the shop served that this build did not make (a `dist/` older than the sources) is reported, not guessed at.
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
  // Where each generated line starts in `code`: a mapping owns the text from its position to the next mapping's,
  // across line ends (a multi-line template literal, such as an inlined stylesheet, spans several).
  const lineStarts = [0];
  for (let at = code.indexOf('\n'); at >= 0; at = code.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const bytes = new Map<string, number>();
  const count = (owner: string, length: number) => bytes.set(owner, (bytes.get(owner) ?? 0) + length);
  // What comes before the first mapping (the bundler's own imports) is Vitrine's.
  let owner = OWN;
  let from = 0;
  consumer.eachMapping(
    (mapping) => {
      const at = (lineStarts[mapping.generatedLine - 1] ?? code.length) + mapping.generatedColumn;
      count(owner, at - from);
      owner = mapping.source ? packageOf(mapping.source) : OWN;
      from = at;
    },
    null,
    SourceMapConsumer.GENERATED_ORDER,
  );
  count(owner, code.length - from);
  const total = [...bytes.values()].reduce((sum, length) => sum + length, 0);
  if (!total) return new Map([[OWN, 1]]);
  return new Map([...bytes].filter(([, length]) => length > 0).map(([name, length]) => [name, length / total]));
}

/** Builds both flavours in memory with source maps: each output file's package shares, by its path under `dist/`. */
export async function buildShares(): Promise<Map<string, Shares>> {
  const shares = new Map<string, Shares>();
  for (const mode of ['production', 'lite']) {
    const result = await build({ mode, logLevel: 'silent', build: { sourcemap: true, write: false } });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    for (const output of outputs) {
      for (const item of output.output) {
        // The bundler's runtime chunk (the module loader's helpers) is made with no map: it is all Vitrine's own.
        if (item.type === 'chunk') shares.set(item.fileName, item.map ? sharesOf(item.code, item.map) : new Map([[OWN, 1]]));
      }
    }
  }
  return shares;
}

/**
 * What each package of a page's Vitrine files costs (gzip bytes): `files` maps each file (path under `dist/`) the
 * page loaded to its gzip bytes. A file this build did not make counts whole as Vitrine's own, and is listed in
 * `unmatched` for the bench to warn about.
 */
export function packageCosts(files: Map<string, number>, shares: Map<string, Shares>): { costs: Map<string, number>; unmatched: string[] } {
  const costs = new Map<string, number>();
  const unmatched: string[] = [];
  for (const [file, gzip] of files) {
    const split = shares.get(file);
    if (!split) unmatched.push(file);
    for (const [owner, share] of split ?? new Map([[OWN, 1]])) costs.set(owner, (costs.get(owner) ?? 0) + gzip * share);
  }
  return { costs, unmatched };
}
