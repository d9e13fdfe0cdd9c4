import type { AnyWidgetDefinition } from './types';

/**
 * Every folder under widgets/ with an index.ts is a widget. The definitions are tiny data
 * objects (their code is behind dynamic imports), so they are bundled into the entry.
 * A new widget needs no edit here.
 */
const modules = import.meta.glob<AnyWidgetDefinition>('../widgets/*/index.ts', { eager: true, import: 'default' });

export const definitions: AnyWidgetDefinition[] = Object.values(modules);

/** The selector a definition answers to: its genuine markup plus the explicit mount point. */
export function selectorOf(definition: AnyWidgetDefinition): string {
  const mountPoint = `[data-vitrine-widget="${definition.name}"]`;
  return definition.selector ? `${definition.selector},${mountPoint}` : mountPoint;
}
