import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:vitrine-widgets';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * `virtual:vitrine-widgets`: an array of every widgets/<name>/index.ts default export. Like
 * import.meta.glob it needs no edit when a widget is added, but it emits a plain array, not an object
 * keyed by file path: the entry chunk, which every page pays for, carries no paths.
 */
export function widgetRegistry(root: string): Plugin {
  const widgetsDir = path.join(root, 'widgets');
  return {
    name: 'vitrine-widget-registry',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const names = readdirSync(widgetsDir)
        .filter((name) => existsSync(path.join(widgetsDir, name, 'index.ts')))
        .sort();
      const imports = names.map((name, i) => `import w${i} from ${JSON.stringify(path.join(widgetsDir, name, 'index.ts'))};`);
      return `${imports.join('\n')}\nexport default [${names.map((_, i) => `w${i}`).join(', ')}];\n`;
    },
  };
}
