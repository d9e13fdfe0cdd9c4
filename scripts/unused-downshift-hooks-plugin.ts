import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * downshift's module gives each hook its state change types by a top-level assignment
 * (`useSelect.stateChangeTypes = …`). The bundler keeps a property write as a side effect, and with it the hook it
 * writes to: every page with a combobox downloaded useSelect, useMultipleSelection and useTagGroup, which Vitrine
 * never calls (about 3.5 KB gzip of downshift's 11.5). This plugin drops the assignment of each hook that no Vitrine
 * source imports, and the bundler then drops the hook. The hooks Vitrine imports keep theirs
 * (`useCombobox.stateChangeTypes` is read by the widgets' state reducers). In production builds it also empties the
 * module's prop-types tables (`withoutPropTypeTables`).
 *
 * A downshift whose file no longer has that shape fails the build, rather than quietly shipping the hooks again
 * or dropping one that is used.
 */

const DOWNSHIFT_MODULE = /[\\/]node_modules[\\/]downshift[\\/]dist[\\/]downshift\.esm\.mjs$/;
const SOURCE_FOLDERS = ['src', 'widgets', 'mount'];
const HOOKS = ['useCombobox', 'useSelect', 'useMultipleSelection', 'useTagGroup'];

/** The names Vitrine's sources import from downshift as values (type-only imports ship nothing). */
export function downshiftImports(root: string): Set<string> {
  const names = new Set<string>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const source = readFileSync(path, 'utf8');
        for (const [, clause] of source.matchAll(/import\s+(?!type\b)([^;]*?)\s+from\s+['"]downshift['"]/g)) {
          const braces = /\{([^}]*)\}/.exec(clause!);
          // A default or namespace import could reach any hook: keep them all.
          if (!braces || /^\s*[\w$]+\s*,|\*/.test(clause!)) for (const hook of HOOKS) names.add(hook);
          for (const specifier of braces?.[1]?.split(',') ?? []) {
            const name = specifier.trim().split(/\s+as\s+/)[0]!;
            if (name && !name.startsWith('type ')) names.add(name);
          }
        }
      }
    }
  };
  for (const folder of SOURCE_FOLDERS) visit(join(root, folder));
  return names;
}

/** downshift's module with the state change types of the hooks not in `imported` no longer assigned. */
export function withoutUnusedHooks(code: string, imported: Set<string>): { code: string; dropped: string[] } {
  const exportList = /^export \{([^}]*)\};?\s*$/m.exec(code)?.[1];
  if (!exportList) throw new Error('downshift: no export list at the end of its module (has its build changed?)');
  const exportedAs = new Map<string, string>();
  for (const specifier of exportList.split(',')) {
    const [local, exported = local] = specifier.trim().split(/\s+as\s+/);
    if (local) exportedAs.set(local, exported!);
  }
  const dropped: string[] = [];
  const seen: string[] = [];
  const next = code.replace(/^([\w$]+)\.stateChangeTypes = [\w$]+;$/gm, (line, local: string) => {
    const hook = exportedAs.get(local);
    if (!hook) return line;
    seen.push(hook);
    if (imported.has(hook)) return line;
    dropped.push(hook);
    return '';
  });
  const missing = HOOKS.filter((hook) => !seen.includes(hook));
  if (missing.length > 0) throw new Error(`downshift: no top-level stateChangeTypes assignment found for ${missing.join(', ')} (has its build changed?)`);
  return { code: next, dropped };
}

/**
 * The module's prop-types tables (`var propTypes$2 = _extends({}, dropdownPropTypes, {…})`, six of them), each
 * replaced by an empty object. The hooks pass a table to a validator that is a no-op in production, but the table is
 * still built at load, with prop-types' shims to build it: about 1 KB gzip that a production page downloads and runs
 * for nothing. With the tables empty, the validator's body and `Downshift.propTypes` (both behind
 * `process.env.NODE_ENV !== 'production'`) are the only readers of prop-types left, and the bundler drops them and
 * the package. Only for production builds: the tests and the dev server keep downshift's warnings.
 */
export function withoutPropTypeTables(code: string): { code: string; emptied: string[] } {
  const emptied: string[] = [];
  const next = code.replace(/^var ((?:propTypes|dropdownPropTypes)(?:\$\d+)?) = [\s\S]*?^\}\)?;$/gm, (_statement, name: string) => {
    emptied.push(name);
    return `var ${name} = {};`;
  });
  // Six tables in downshift 9; another count means the module changed shape, and a lazy match to the next `};` could
  // then swallow code that is not a table.
  if (emptied.length !== 6 || !emptied.includes('dropdownPropTypes') || !emptied.includes('propTypes$2')) {
    throw new Error(`downshift: expected its six prop-types tables, found ${emptied.join(', ') || 'none'} (has its build changed?)`);
  }
  return { code: next, emptied };
}

export function unusedDownshiftHooks(root: string): Plugin {
  let imported = new Set<string>();
  let production = false;
  return {
    name: 'vitrine-unused-downshift-hooks',
    configResolved(config) {
      production = config.command === 'build' && config.isProduction;
    },
    buildStart() {
      imported = downshiftImports(root);
    },
    transform(code, id) {
      if (!DOWNSHIFT_MODULE.test(id)) return null;
      const withoutHooks = withoutUnusedHooks(code, imported).code;
      return { code: production ? withoutPropTypeTables(withoutHooks).code : withoutHooks, map: null };
    },
  };
}
