declare module 'virtual:vitrine-widgets' {
  import type { AnyWidgetDefinition, WidgetModule } from '../mount/types';

  /** Every widgets/<name>/index.ts definition (see scripts/widget-registry-plugin.ts). */
  const definitions: AnyWidgetDefinition[];
  export default definitions;
  /** A built-in widget's one lazy module, widgets/<name>/widget.ts (in the build: widgets/<name>-<release>.js). */
  // biome-ignore lint/suspicious/noExplicitAny: each widget ties its own props type to its own component.
  export function importWidget(name: string): Promise<WidgetModule<any>>;
}
