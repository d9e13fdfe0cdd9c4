import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The first-paint rules without comments and spaces: they are printed inline in every page's head. */
export function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    // After a colon only: a space before one is a descendant combinator (`.tab :target`).
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

/** Emits dist/first-paint.css from styles/first-paint.css (see that file for why it exists). */
export function firstPaintCss(root: string): Plugin {
  const source = path.join(root, 'styles', 'first-paint.css');
  return {
    name: 'vitrine-first-paint-css',
    apply: 'build',
    buildStart() {
      this.addWatchFile(source);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'first-paint.css', source: minifyCss(readFileSync(source, 'utf8')) });
    },
  };
}
