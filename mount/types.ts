import type { ComponentType } from 'react';

/** When a widget's code is fetched and mounted. */
export type LoadStrategy = 'ready' | 'idle' | 'visible' | 'interaction';

/**
 * How the widget takes over the server markup:
 * - `enhance`: the element stays as rendered; the root lives in a small container beside it and drives it by ref.
 * - `replace`: the component renders equivalent markup; the server element is hidden and restored on failure or unmount.
 */
export type Takeover = 'enhance' | 'replace';

/** What every widget component receives: the server element it owns and its validated props. */
export interface WidgetProps<P, E extends Element = HTMLElement> {
  element: E;
  props: P;
}

/**
 * A widget definition is data (write it as `export default {…} satisfies WidgetDefinition<P>`,
 * so the entry imports no helper). Nothing heavy runs at boot: `props` and `component` import their
 * code on demand, so zod and React stay out of the entry chunk. Both should import the same module,
 * `./widget.ts` (re-exporting the props reader as `readProps` and the component as default): one
 * request per widget, and one chunk name in the entry instead of two.
 */
export interface WidgetDefinition<P = unknown> {
  /** kebab-case; equals the folder name under widgets/ and the `data-vitrine-widget` value. */
  name: string;
  /**
   * The genuine markup this widget takes over. `[data-vitrine-widget="<name>"]` is always added.
   * A function is called at every scan and returns selectors the page configures (a plugin's
   * settings, typed by a site owner): each is queried on its own, so one that is not valid CSS is
   * skipped with a console error and the others still mount. It must not throw; keep it to a line.
   */
  selector: string | (() => string[]);
  load?: LoadStrategy;
  takeover: Takeover;
  /** Reads and validates the element's props (lazily imported). Throws PropsError or SkipMount. */
  props: (element: Element) => Promise<P>;
  /**
   * What the page needs when this widget is not there (invalid props, skipped, chunk not loaded,
   * crashed): undo what the server's CSS hides in expectation of a script, e.g. the gallery's
   * opacity 0. Runs in the entry, so keep it to a line.
   */
  fallback?: (element: Element) => void;
  component: () => Promise<{ default: ComponentType<WidgetProps<P, never>> }>;
}

/** A definition of any props type, as the registry holds them (props and component agree per widget). */
// biome-ignore lint/suspicious/noExplicitAny: each definition ties its own props type to its own component.
export type AnyWidgetDefinition = WidgetDefinition<any>;

export type MountState = 'pending' | 'mounted' | 'failed' | 'skipped';

export interface ReportRow {
  widget: string;
  element: Element;
  state: MountState;
  reason: string;
}
