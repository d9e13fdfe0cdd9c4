declare module 'virtual:vitrine-widgets' {
  import type { AnyWidgetDefinition } from '../mount/types';

  /** Every widgets/<name>/index.ts definition (see scripts/widget-registry-plugin.ts). */
  const definitions: AnyWidgetDefinition[];
  export default definitions;
}
