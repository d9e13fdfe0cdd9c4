import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

const VIRTUAL_ID = 'virtual:vitrine-widgets';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** Stands for the release hash in the entry until the chunks have their names (replaced in generateBundle). */
const RELEASE_PLACEHOLDER = '__VITRINE_RELEASE__';

interface RegistryOptions {
  /** The build's one release hash (scripts/release-hash-plugin.ts), known once every module is transformed. */
  release: () => string;
  /** Where this flavour's chunks live, relative to its entry: '' or 'lite/'. */
  folder: string;
}

/**
 * `virtual:vitrine-widgets`:
 * - `default`: an array of every widgets/<name>/index.ts default export. Like import.meta.glob it needs no
 *   edit when a widget is added, but it emits a plain array, not an object keyed by file path.
 * - `importWidget(name)`: the widget's one lazy module, widgets/<name>/widget.ts, or in the build a part of it by
 *   `<name>-<part>` (mount/types.ts, `alongside`); the unit tests and the dev server have no such chunk and answer
 *   undefined: there the widget's module imports its part itself.
 *
 * In the build, each widget.ts is a chunk of its own (emitted here, named `widgets/<name>-<release>.js` by
 * vite.config.ts), and `importWidget` builds that name from the widget's: the entry, which every page pays
 * for, holds one template instead of 27 import() calls with their paths (0.1 KB gzip). The unit tests and
 * the dev server get a table of import() calls Vite resolves.
 */
export function widgetRegistry(root: string, { release, folder }: RegistryOptions): Plugin {
  const widgetsDir = path.join(root, 'widgets');
  let building = false;
  const widgetNames = () =>
    readdirSync(widgetsDir)
      .filter((name) => existsSync(path.join(widgetsDir, name, 'index.ts')))
      .sort();
  const moduleOf = (name: string) => path.join(widgetsDir, name, 'widget.ts');
  return {
    name: 'vitrine-widget-registry',
    configResolved(config) {
      building = config.command === 'build' && config.mode !== 'test';
    },
    buildStart() {
      for (const name of widgetNames()) {
        if (!existsSync(moduleOf(name))) this.error(`widgets/${name} has an index.ts but no widget.ts (its lazy module)`);
        // Its own chunk, asked for by its file name, not through the bundler: its exports keep their names. It may export
        // more (allow-extension), so what a part it loads later needs (the gallery's lightbox) stays in it, no third chunk.
        if (building) this.emitFile({ type: 'chunk', id: moduleOf(name), preserveSignature: 'allow-extension' });
      }
    },
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const names = widgetNames();
      const imports = names.map((name, i) => `import w${i} from ${JSON.stringify(path.join(widgetsDir, name, 'index.ts'))};`);
      const loader = building
        ? `export const importWidget = (name) => import(/* @vite-ignore */ \`./${folder}widgets/\${name}-${RELEASE_PLACEHOLDER}.js\`);`
        : `const modules = {${names.map((name) => `${JSON.stringify(name)}: () => import(${JSON.stringify(moduleOf(name))})`).join(',')}};\nexport const importWidget = (name) => modules[name]?.();`;
      return `${imports.join('\n')}\nexport default [${names.map((_, i) => `w${i}`).join(', ')}];\n${loader}\n`;
    },
    generateBundle(_options, bundle) {
      if (!building) return;
      const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
      const holders = chunks.filter((chunk) => chunk.code.includes(RELEASE_PLACEHOLDER));
      const entry = holders[0];
      if (holders.length !== 1 || !entry) return this.error(`widget registry: the release placeholder is in ${holders.length} chunks (one expected)`);
      const hash = release();
      entry.code = entry.code.replaceAll(RELEASE_PLACEHOLDER, hash);
      // A widget the entry would ask for under a name no chunk has would fail only in a shopper's browser.
      const base = path.posix.dirname(entry.fileName);
      for (const name of widgetNames()) {
        const file = path.posix.join(base, `${folder}widgets/${name}-${hash}.js`);
        if (!(file in bundle)) this.error(`widget registry: ${entry.fileName} asks for ${file}, which the build did not write`);
      }
    },
  };
}
