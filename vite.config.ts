import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { eagerCommonJs } from './scripts/eager-commonjs-plugin.ts';
import { firstPaintCss } from './scripts/first-paint-plugin.ts';
import { releaseHash } from './scripts/release-hash-plugin.ts';
import { widgetRegistry } from './scripts/widget-registry-plugin.ts';
import { SHARED_CHUNKS_PLACEHOLDER, sharedChunks } from './scripts/shared-chunks-plugin.ts';
import { unusedDownshiftHooks } from './scripts/unused-downshift-hooks-plugin.ts';

// Library mode: one ES-module entry (dist/vitrine.js) plus one lazily imported chunk per widget.
// Library mode keeps `import()` plain (no preload helper in the entry), and ES-module chunk URLs
// resolve against the importing module, so the bundle works from any folder a site owner puts it
// in. Widget CSS travels inside its chunk (see src/styles.ts), so nothing else needs linking.
/**
 * A widget's own module is named after its folder (`widgets/instant-search-[hash].js`), so the network
 * panel and the bench say which widget loaded what; shared pieces keep their module's name.
 */
function chunkFileName(chunk: { facadeModuleId: string | null; name: string }, folder: string, release: string): string {
  const [, widget, file] = /[\\/]widgets[\\/]([a-z0-9-]+)[\\/]([\w-]+)\.tsx?$/.exec(chunk.facadeModuleId ?? '') ?? [];
  // The bundler's helpers are `runtime`: the entry names that chunk (mount/shared-chunks.ts), so its name is paid at boot.
  if (!widget) return `${folder}chunks/${chunk.name === 'rolldown-runtime' ? 'runtime' : '[name]'}-[hash:6].js`;
  // widget.ts or the component is the widget itself; another module is a part loaded later (the lightbox).
  const part = file === 'widget' || /^[A-Z]/.test(file ?? '') ? '' : `-${file}`;
  return `${folder}widgets/${widget}${part}-${release}.js`;
}

/**
 * The lite flavour (`vite build --mode lite`): the same source with Preact's compat layer in place of
 * React, written beside the default build as dist/vitrine.lite.js with its chunks under dist/lite/.
 */
const flavourFolder = (mode: string) => (mode === 'lite' ? 'lite/' : '');
const entryFileName = (mode: string) => (mode === 'lite' ? 'vitrine.lite.js' : 'vitrine.js');

const LITE_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  // Preact runs effects after a paint; a mount must run them at once, as React's does (see the module).
  { find: /^\.\/mount-effects$/, replacement: `${import.meta.dirname}/mount/mount-effects.lite.ts` },
];

const release = releaseHash(import.meta.dirname);
const ENTRY_MODULE = `${import.meta.dirname}/mount/index.ts`;

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), release, widgetRegistry(import.meta.dirname, { release: release.hash, folder: flavourFolder(mode) }), firstPaintCss(import.meta.dirname), eagerCommonJs(), sharedChunks(), unusedDownshiftHooks(import.meta.dirname)],
  resolve: mode === 'lite' ? { alias: LITE_ALIASES } : {},
  define: {
    __VITRINE_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
    // Named once the chunks exist (scripts/shared-chunks-plugin.ts); unit tests and the dev server have none.
    __VITRINE_SHARED_CHUNKS__: command === 'serve' || mode === 'test' ? '[]' : JSON.stringify([SHARED_CHUNKS_PLACEHOLDER]),
    ...(mode === 'test' ? {} : { 'process.env.NODE_ENV': JSON.stringify('production') }),
  },
  build: {
    outDir: 'dist',
    // The lite build runs second and writes beside the default one.
    emptyOutDir: mode !== 'lite',
    target: 'es2022',
    minify: true,
    lib: { entry: 'mount/index.ts', formats: ['es'], fileName: () => entryFileName(mode) },
    rollupOptions: {
      // Vite keeps library ES output unminified for downstream bundlers; ours ships as is to browsers.
      output: {
        chunkFileNames: (chunk) => chunkFileName(chunk, flavourFolder(mode), release.hash()),
        // The widgets' own modules are entries too (emitted by scripts/widget-registry-plugin.ts, which the entry
        // asks for by name): they take the same names as every widget chunk.
        entryFileNames: (chunk) => (chunk.facadeModuleId === ENTRY_MODULE ? entryFileName(mode) : chunkFileName(chunk, flavourFolder(mode), release.hash())),
        minify: true,
        comments: false,
        // Fewer, fuller chunks: every widget needs React and the root mounting code, and nearly every one
        // the shared core (settings and their validator, zod with src/validation.ts, http, cart, DOM helpers, js-cookie). As a dozen
        // sub-kilobyte chunks they cost a request each, several round trips deep (a module's imports are found only once it has
        // arrived), and on HTTP/1.1 six at a time. The entry asks for the core (and the bundler's runtime) beside a widget's
        // own chunk (mount/shared-chunks.ts), so a widget that needs nothing else mounts one round trip after the entry:
        // the add-to-cart styles, shared by the listing button and the product form, live in the core for that reason
        // (0.3 KB; a shopper's first click waits on them), and so does the variation image reader the gallery shares
        // with the variation form (0.1 KB). The variation matching (1 KB, product pages only) stays a chunk of its own, which
        // the variation form's definition asks for beside the widget's chunk (widgets/variation-form/index.ts).
        codeSplitting: {
          // The event bus is imported by the entry: it keeps a tiny chunk of its own (in the core it would
          // make every page load the core at boot). Groups are tried in order of priority.
          groups: [
            { name: 'bus', test: /[\\/]src[\\/](bus|events)\.ts$/, priority: 3 },
            // The variation matching and its answer's validator, one chunk: the variation form's definition asks for it
            // beside the widget's own (the swatches import it too), so it must not split in two. Below the core's
            // priority: a group takes its modules' dependencies too, and those are the core's (zod); a new
            // import here that no group claims joins this chunk, which the size check's budget for it would show.
            { name: 'matching', test: /[\\/]src[\\/]variation[\\/](matching|schema)\.ts$/, priority: 0 },
            { name: 'react', priority: 2, test: /[\\/]node_modules[\\/](react|react-dom|scheduler|preact)[\\/]|[\\/]mount[\\/](activate|root)\.tsx?$/ },
            {
              name: 'core',
              priority: 1,
              test: /[\\/]src[\\/]http[\\/](?!rest|store-api)|[\\/]src[\\/](cart|settings|dom|navigation|guards|html|strings|notices|use-bus-event|lazy-part|styles|jquery|address|validation)(?:[\\/]|\.tsx?$)|[\\/]node_modules[\\/](zod|js-cookie)[\\/]|[\\/]mount[\\/]errors|[\\/]styles[\\/]add-to-cart\.css|[\\/]src[\\/]variation[\\/]image\.ts$/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/widgets/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    // Deadlines, not timings: the first import of a widget transforms its whole module graph, which on
    // a shared 2-core machine under load takes seconds. A test waits for outcomes; these only stop a hang.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One worker per core. Vitest's default leaves a core free (cores - 1), which on CI's 2 cores is one worker:
    // the run took 80 s there with the second core idle half the time, 52 s with two.
    maxWorkers: Math.max(2, availableParallelism()),
    // Worker threads, not child processes: each test file still gets its own module graph and happy-dom window, and
    // starting a thread costs less than a process. On 2 cores the whole run took 63 s against 71 s with forks.
    pool: 'threads',
  },
}));
