import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  min: number;
  gzip: number;
}

/** The built bundle: dist/, or the folder VITRINE_DIST names (a build made elsewhere, as the e2e suite allows). */
export const DIST = process.env.VITRINE_DIST ?? 'dist';
export const ENTRY = 'vitrine.js';
/** The lite flavour's entry (Preact in place of React); its chunks live under lite/. */
export const LITE_ENTRY = 'vitrine.lite.js';

export function sizeOf(file: string): ChunkSize {
  const bytes = readFileSync(join(DIST, file));
  return { file, min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** Every .js file under dist/, relative to it. */
export function listChunks(dir = DIST): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...listChunks(path));
    else if (name.endsWith('.js')) files.push(relative(DIST, path));
  }
  return files.sort();
}

/** The files a module statically imports (what the browser must fetch before it runs). */
export function staticImports(file: string): string[] {
  const code = readFileSync(join(DIST, file), 'utf8');
  const found = new Set<string>();
  // Minified static imports: import{a as b}from"./x.js" / import"./x.js" (dynamic import( ) excluded).
  for (const match of code.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g)) {
    const base = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
    found.add(join(base, match[1]!));
  }
  return [...found];
}

/** The entry and everything it statically pulls in: what every page pays at boot. */
export function entryClosure(entry = ENTRY): string[] {
  return staticClosure([entry]);
}

/** The files and everything they statically pull in. */
export function staticClosure(files: string[]): string[] {
  return [...importClosure(files, staticImports)];
}

/**
 * The files and everything they import, following `importsOf`: on the built files (above) or on the
 * bundle in memory while it is being written (scripts/shared-chunks-plugin.ts).
 */
export function importClosure(files: string[], importsOf: (file: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of importsOf(file)) visit(dep);
  };
  for (const file of files) visit(file);
  return seen;
}

/** A widget's own chunk (`widgets/<name>-<hash>.js`, under `lite/` for the lite flavour), if built. */
export function widgetChunk(name: string, lite: boolean, files = listChunks()): string | undefined {
  const pattern = new RegExp(`^${lite ? 'lite/' : ''}widgets/${name}-[\\w-]{6}\\.js$`);
  return files.find((file) => pattern.test(file));
}

export function formatTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')).join('\n');
}
