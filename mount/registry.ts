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
 */
export function selectorsOf({ name, selector }: AnyWidgetDefinition): string[] {
  const mountPoint = `[data-vitrine-widget="${name}"]`;
  return typeof selector === 'function' ? [mountPoint, ...selector()] : [selector ? `${selector},${mountPoint}` : mountPoint];
}
