import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Two modules that import each other (even for types only) cannot be read, tested or split into chunks
// one at a time: the next engineer has to hold both in mind. This walks the product's own imports
// (src/, mount/, widgets/) and names every circle it finds.

const ROOT = path.resolve(__dirname, '../..');
const FOLDERS = ['src', 'mount', 'widgets'];
const IMPORT = /\b(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(IMPORT)) {
    const resolved = resolveImport(file, (match[1] ?? match[2])!);
    if (resolved) found.add(resolved);
  }
  return [...found];
}

/** Every circle, each named once by the path around it (relative to the repository). */
function circles(graph: Map<string, string[]>): string[] {
  const found = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next)).map((f) => path.relative(ROOT, f));
        found.add([...loop, loop[0]].join(' → '));
      } else if (!state.has(next) && graph.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return [...found];
}

describe('imports', () => {
  const files = FOLDERS.flatMap((folder) => sources(path.join(ROOT, folder)));

  it('the walker sees the product (it would find nothing in an empty tree)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(importsOf(path.join(ROOT, 'mount/mounts.ts'))).toContain(path.join(ROOT, 'mount/types.ts'));
  });

  it('a circle is found and named, however long', () => {
    const at = (name: string) => path.join(ROOT, name);
    const graph = new Map([
      [at('a.ts'), [at('b.ts')]],
      [at('b.ts'), [at('c.ts')]],
      [at('c.ts'), [at('a.ts')]],
      [at('d.ts'), [at('a.ts')]],
    ]);
    expect(circles(graph)).toEqual(['a.ts → b.ts → c.ts → a.ts']);
  });

  it('no module imports one that imports it back (types included)', () => {
    expect(circles(new Map(files.map((file) => [file, importsOf(file)])))).toEqual([]);
  });
});
