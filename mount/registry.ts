import widgets, { importWidget } from 'virtual:vitrine-widgets';
import type { AnyWidgetDefinition } from './types';

/**
 * Every folder under widgets/ with an index.ts is a widget (scripts/widget-registry-plugin.ts lists
 * them). The definitions are tiny data objects (their code is behind dynamic imports), so they are
 * bundled into the entry. A new widget needs no edit here.
 */
export const definitions: AnyWidgetDefinition[] = [...widgets];

/** A built-in widget's module (widgets/<name>/widget.ts), for a definition that names none. */
export { importWidget };

/**
 * The selectors a definition answers to, each queried on its own: its genuine markup plus the
 * explicit mount point (one selector), or the mount point and what its function names at this scan.
 * A function that throws (a theme's, reading its own settings) costs only its named markup: the
 * mount point still answers, and the page's other widgets are scanned as usual. `loud` (the page's
 * scan, not every mutation's) says so in the console, in the words ./mounts uses for a selector that is not CSS.
 */
export function selectorsOf({ name, selector }: AnyWidgetDefinition, loud?: boolean): string[] {
  const mountPoint = `[data-vitrine-widget="${name}"]`;
  if (typeof selector !== 'function') return [selector ? `${selector},${mountPoint}` : mountPoint];
  try {
    return [mountPoint, ...selector()];
  } catch (error) {
    if (loud) console.error(`[vitrine] ${name}: invalid selector`, error);
    return [mountPoint];
  }
}
