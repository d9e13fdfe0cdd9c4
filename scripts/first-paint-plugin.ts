import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
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

/** The head script that keeps the express wallet's room (styles/first-paint-wallet.js), minified: printed inline too. */
export function minifyHeadScript(js: string): string {
  return transformSync(js, { minify: true, legalComments: 'none', target: 'es2015' }).code.trim();
}

/**
 * Emits dist/first-paint.css from styles/first-paint.css and dist/first-paint-wallet.js from
 * styles/first-paint-wallet.js (see those files for why they exist).
 */
export function firstPaintCss(root: string): Plugin {
  const css = path.join(root, 'styles', 'first-paint.css');
  const wallet = path.join(root, 'styles', 'first-paint-wallet.js');
  return {
    name: 'vitrine-first-paint-css',
    apply: 'build',
    buildStart() {
      this.addWatchFile(css);
      this.addWatchFile(wallet);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'first-paint.css', source: minifyCss(readFileSync(css, 'utf8')) });
      this.emitFile({ type: 'asset', fileName: 'first-paint-wallet.js', source: minifyHeadScript(readFileSync(wallet, 'utf8')) });
    },
  };
}
