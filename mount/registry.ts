import type { WidgetDefinition } from './types';

/**
 * Every folder under widgets/ with an index.ts is a widget. The definitions are tiny data
 * objects (their code is behind dynamic imports), so they are bundled into the entry.
 * A new widget needs no edit here.
 */
const modules = import.meta.glob<WidgetDefinition>('../widgets/*/index.ts', { eager: true, import: 'default' });

export const definitions: WidgetDefinition[] = Object.values(modules);

/** The selector a definition answers to: its genuine markup plus the explicit mount point. */
export function selectorOf(definition: WidgetDefinition): string {
  const mountPoint = `[data-vitrine-widget="${definition.name}"]`;
  return definition.selector ? `${definition.selector},${mountPoint}` : mountPoint;
}
