import widgets from 'virtual:vitrine-widgets';
import type { AnyWidgetDefinition } from './types';

/**
 * Every folder under widgets/ with an index.ts is a widget (scripts/widget-registry-plugin.ts lists
 * them). The definitions are tiny data objects (their code is behind dynamic imports), so they are
 * bundled into the entry. A new widget needs no edit here.
 */
export const definitions: AnyWidgetDefinition[] = [...widgets];

/** The selector a definition answers to: its genuine markup plus the explicit mount point. */
export function selectorOf(definition: AnyWidgetDefinition): string {
  const mountPoint = `[data-vitrine-widget="${definition.name}"]`;
  return definition.selector ? `${definition.selector},${mountPoint}` : mountPoint;
}
