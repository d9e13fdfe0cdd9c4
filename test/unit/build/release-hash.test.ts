import { describe, expect, it } from 'vitest';
import { releaseHash } from '../../../scripts/release-hash-plugin';

type Hooks = { buildStart: () => void; transform: (code: string, id: string) => null };
const ROOT = process.cwd();

/** One build: the plugin sees the modules in the given order and names the release. */
function build(modules: [id: string, code: string][]): string {
  const plugin = releaseHash(ROOT);
  const hooks = plugin as unknown as Hooks;
  hooks.buildStart();
  for (const [id, code] of modules) hooks.transform(code, `${ROOT}/${id}`);
  return plugin.hash();
}

const WIDGET: [string, string] = ['widgets/quantity/index.ts', 'export default {name:"quantity"}'];
const BUS: [string, string] = ['src/bus.ts', 'export const bus = {}'];
const REACT: [string, string] = ['node_modules/react/index.js', 'module.exports = {}'];
const MODULES: [string, string][] = [WIDGET, BUS, REACT];

describe('the release hash in widget chunk names', () => {
  it('is six characters safe in a file name, and the same whatever order the transforms ran in', () => {
    const hash = build(MODULES);
    expect(hash).toMatch(/^[\w-]{6}$/);
    expect(build([...MODULES].reverse())).toBe(hash);
  });

  it('changes when any module changes, a dependency included: no chunk changes under an old name', () => {
    const hash = build(MODULES);
    expect(build([WIDGET, BUS, ['node_modules/react/index.js', 'module.exports = {v:2}']])).not.toBe(hash);
    expect(build([WIDGET, ['src/bus.ts', 'export const bus = {on(){}}'], REACT])).not.toBe(hash);
    expect(build([BUS, REACT])).not.toBe(hash);
  });
});
