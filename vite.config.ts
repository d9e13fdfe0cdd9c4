import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstPaintCss } from './scripts/first-paint-plugin.ts';
import { widgetRegistry } from './scripts/widget-registry-plugin.ts';

// Library mode: one ES-module entry (dist/vitrine.js) plus one lazily imported chunk per widget.
// Library mode keeps `import()` plain (no preload helper in the entry), and ES-module chunk URLs
// resolve against the importing module, so the bundle works from any folder a site owner puts it
// in. Widget CSS travels inside its chunk (see src/styles.ts), so nothing else needs linking.
/**
 * A widget's own module is named after its folder (`widgets/instant-search-[hash].js`), so the network
 * panel and the bench say which widget loaded what; shared pieces keep their module's name.
 */
function chunkFileName(chunk: { facadeModuleId: string | null; name: string }): string {
  const [, widget, file] = /[\\/]widgets[\\/]([a-z0-9-]+)[\\/]([\w-]+)\.tsx?$/.exec(chunk.facadeModuleId ?? '') ?? [];
  if (!widget) return 'chunks/[name]-[hash:6].js';
  // widget.ts or the component is the widget itself; another module is a part loaded later (the lightbox).
  const part = file === 'widget' || /^[A-Z]/.test(file ?? '') ? '' : `-${file}`;
  return `widgets/${widget}${part}-[hash:6].js`;
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), widgetRegistry(import.meta.dirname), firstPaintCss(import.meta.dirname)],
  define: {
    __VITRINE_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
    ...(mode === 'test' ? {} : { 'process.env.NODE_ENV': JSON.stringify('production') }),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    lib: { entry: 'mount/index.ts', formats: ['es'], fileName: () => 'vitrine.js' },
    rollupOptions: {
      // Vite keeps library ES output unminified for downstream bundlers; ours ships as is to browsers.
      output: {
        chunkFileNames: chunkFileName,
        minify: true,
        comments: false,
        // React and what mounts a root travel together: every widget needs all of them at once, and
        // as separate chunks they cost one network round trip each (react-dom is found in react's import).
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]mount[\\/](activate|root)\.tsx?$/ }],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/widgets/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
  },
}));
