import type { ComponentType } from 'react';

/** When a widget's code is fetched and mounted. */
export type LoadStrategy = 'ready' | 'idle' | 'visible' | 'interaction';

/**
 * How the widget takes over the server markup:
 * - `enhance`: the element stays as rendered; the root lives in a small container beside it and drives it by ref.
 * - `replace`: the component renders equivalent markup where the element was; the server element leaves the
 *   document (so theme code finds only the live markup) and comes back on failure or unmount.
 * - `cover`: as replace, for a form control that must keep posting its value: it stays in the form, hidden.
 */
export type Takeover = 'enhance' | 'replace' | 'cover';

/** Shopper actions a widget performs itself, which the mount layer holds while its code is on the way. */
export type HeldEvent = 'click' | 'submit' | 'change';

/** What every widget component receives: the server element it owns and its validated props. */
export interface WidgetProps<P, E extends Element = HTMLElement> {
  element: E;
  props: P;
}

/**
 * A widget's one lazy module (`widgets/<name>/widget.ts`): the component as default export and, when the
 * widget has settings or data attributes to check, `readProps`, which validates them and throws PropsError
 * (invalid: logged, element left as rendered) or SkipMount (not this widget's markup). One module, so one
 * chunk named after the widget (`widgets/<name>-<release>.js`), which the entry asks for by that name.
 */
export interface WidgetModule<P> {
  default: ComponentType<WidgetProps<P, never>>;
  readProps?: (element: Element) => P | Promise<P>;
}

/**
 * A widget definition is data (write it as `export default {…} satisfies WidgetDefinition<P>`,
 * so the entry imports no helper). Nothing heavy runs at boot: the widget's code (`widgets/<name>/widget.ts`)
 * is imported on demand, so validation and React stay out of the entry chunk.
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
  /** When its code is fetched (README, "Load strategies"). Default `visible`: a widget below the fold waits for the shopper. */
  load?: LoadStrategy;
  /** Default `enhance`. */
  takeover?: Takeover;
  /**
   * Events on the element (or inside it) that this widget acts on itself, such as the click of an ajax
   * add-to-cart link or the submit of a form it posts by ajax. Before the widget has mounted, such an
   * event is held (its default cancelled), the widget is loaded at once, and the event is replayed on
   * its target once the widget is there; if the code fails or is too late, the event's server-rendered
   * default (the link, the form post) happens instead, once. Any interaction with a pending widget's
   * element starts loading it, held or not.
   */
  hold?: HeldEvent[];
  /**
   * What the page needs when this widget is not there (invalid props, skipped, chunk not loaded,
   * crashed): undo what the server's CSS hides in expectation of a script, e.g. the gallery's
   * opacity 0. Runs in the entry, so keep it to a line.
   */
  fallback?: (element: Element) => void;
  /**
   * Imports the widget's module. A built-in widget leaves it out: its module is `widgets/<name>/widget.ts`,
   * which the entry imports by name (`importWidget`, scripts/widget-registry-plugin.ts). It is there for a
   * widget a theme registers (`vitrine.register`, which requires it).
   */
  module?: () => Promise<WidgetModule<P>>;
  /**
   * Imports, beside the widget's module, a chunk that module imports: the browser would find it only once the
   * widget's chunk had arrived, one round trip later (widgets/variation-form/index.ts). If it fails, so does the mount.
   *
   * It gets the element, for a chunk only some of the widget's markup needs, and `importWidget`, which imports a part
   * of a built-in widget's own code by name: `widgets/<name>/<part>.ts`, which the widget's module imports, is written
   * as `widgets/<name>-<part>-<release>.js` (the swatches' shop-card code, `swatches-loop`, for a card's form only:
   * widgets/swatches/index.ts). By name, not by an import() here, so the bundler sees the part reached from the
   * widget's chunk alone and leaves what the two share in that chunk (an import() here made a third chunk of it).
   * In the unit tests and the dev server `importWidget` has no parts and answers undefined.
   */
  alongside?: (element: Element, importWidget: (name: string) => Promise<unknown> | undefined) => Promise<unknown> | false | undefined;
}

/** A widget a theme adds with `vitrine.register`: its code is its own, so it says how to import it. */
export type RegisteredWidgetDefinition<P = unknown> = WidgetDefinition<P> & Required<Pick<WidgetDefinition<P>, 'module'>>;

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

/** What the WordPress plugin did on this page (plugin/vitrine/vitrine.php, vitrine_print_report). */
export interface PluginReport {
  /** Handles replaced by Vitrine (printed without their source). */
  replaced: string[];
  /** Replaced handles put back (WooCommerce's original printed) → the kept scripts that needed each. */
  restored: Record<string, string[]>;
  /** Replaced handles whose contract Vitrine keeps, needed by kept scripts (given jQuery and Vitrine's events). */
  served: Record<string, string[]>;
  /** Widgets that stepped aside on this page → why. */
  aside: Record<string, string>;
}

/** `scripts` is undefined on a page the plugin did not render (a demo page, a theme loading the module itself). */
export type Report = ReportRow[] & { scripts: PluginReport | undefined };

/** One widget on one element, from scheduling to unmount (mount/mounts.ts keeps them; mount/activate.ts settles them). */
export interface MountRecord {
  definition: AnyWidgetDefinition;
  element: Element;
  state: MountState;
  reason: string;
  /** Cancels the load strategy while it has not fired. */
  cancel?: () => void;
  /** Set once loading has started: settles when the widget is mounted, failed or skipped. */
  activation?: Promise<void>;
  /** What must stay in the document for the root to live: the element, or a replace widget's container. */
  anchor?: Element;
  unmount?: () => void;
}
