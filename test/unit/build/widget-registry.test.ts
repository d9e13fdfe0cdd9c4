import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { definitions, importWidget } from '../../../mount/registry';
import { widgetRegistry } from '../../../scripts/widget-registry-plugin';

const ROOT = process.cwd();
const WIDGETS = readdirSync(`${ROOT}/widgets`).sort();

type Chunk = { type: 'chunk'; fileName: string; code: string };
type Hooks = {
  configResolved: (config: { command: string; mode: string }) => void;
  load: (id: string) => string | undefined;
  generateBundle: (this: { error: (message: string) => never }, options: unknown, bundle: Record<string, Chunk>) => void;
};

/** The plugin as the production build drives it, with the release hash `AbC-12`. */
function buildPlugin(folder = ''): Hooks {
  const hooks = widgetRegistry(ROOT, { release: () => 'AbC-12', folder }) as unknown as Hooks;
  hooks.configResolved({ command: 'build', mode: folder ? 'lite' : 'production' });
  return hooks;
}

const chunk = (fileName: string, code = 'export default 1'): Chunk => ({ type: 'chunk', fileName, code });
const fail = {
  error: (message: string): never => {
    throw new Error(message);
  },
};

/** The entry's loader as the registry writes it, and one chunk per widget under the names the entry will ask for. */
function bundleFor(folder: string, entryCode: string): Record<string, Chunk> {
  const bundle: Record<string, Chunk> = { 'vitrine.js': chunk('vitrine.js', entryCode) };
  for (const name of WIDGETS) bundle[`${folder}widgets/${name}-AbC-12.js`] = chunk(`${folder}widgets/${name}-AbC-12.js`);
  return bundle;
}

describe('built-in widgets are found by name (scripts/widget-registry-plugin.ts)', () => {
  it('every widget folder has a definition, and its widget.ts gives the mount layer a component', async () => {
    const builtIn = definitions.filter((definition) => WIDGETS.includes(definition.name));
    expect(builtIn.map((definition) => definition.name)).toEqual(WIDGETS);
    for (const { name } of builtIn) {
      const module = await importWidget(name);
      expect(typeof module.default, name).toBe('function');
      if ('readProps' in module) expect(typeof module.readProps, name).toBe('function');
    }
  });

  it("the built entry asks for widgets/<name>-<release>.js, in the lite flavour's folder too", () => {
    for (const folder of ['', 'lite/']) {
      const plugin = buildPlugin(folder);
      const source = plugin.load('\0virtual:vitrine-widgets') ?? '';
      const loader = /import\(\/\* @vite-ignore \*\/ (`[^`]+`)\)/.exec(source)?.[1] ?? '';
      expect(loader).toBe(`\`./${folder}widgets/\${name}-__VITRINE_RELEASE__.js\``);
      const bundle = bundleFor(folder, `const load = (name) => import(${loader});`);
      plugin.generateBundle.call(fail, {}, bundle);
      expect(bundle['vitrine.js']?.code).toContain(`./${folder}widgets/\${name}-AbC-12.js`);
    }
  });

  it('the build fails when a widget chunk the entry would ask for was not written, naming it', () => {
    const plugin = buildPlugin();
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the entry's code as text, its template literal included.
    const bundle = bundleFor('', 'import(`./widgets/${name}-__VITRINE_RELEASE__.js`)');
    delete bundle['widgets/quantity-AbC-12.js'];
    expect(() => plugin.generateBundle.call(fail, {}, bundle)).toThrow('vitrine.js asks for widgets/quantity-AbC-12.js, which the build did not write');
  });

  it('the build fails when no chunk holds the loader (a minifier or a refactor lost it)', () => {
    const plugin = buildPlugin();
    expect(() => plugin.generateBundle.call(fail, {}, bundleFor('', 'export {}'))).toThrow('the release placeholder is in 0 chunks');
  });
});
