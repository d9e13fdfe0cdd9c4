import { definitions, importWidget, selectorsOf } from './registry';
import { requestSharedChunks } from './shared-chunks';
import { schedule } from './strategies';
import type { AnyWidgetDefinition, MountRecord, MountState, PluginReport, RegisteredWidgetDefinition, Report, ReportRow } from './types';

/** Marks a root's own container, so markup a widget renders is never taken for server markup. */
const ROOT_ATTRIBUTE = 'data-vitrine-root';

/** element → widget name → record. One record per pair: never two roots of one widget on one element. */
const records = new Map<Element, Map<string, MountRecord>>();
const activations = new Set<Promise<void>>();

/** Records a widget's outcome; a widget that did not mount gets its fallback (one line, must not throw). */
export function settle(record: MountRecord, state: MountState, reason: string): void {
  record.state = state;
  record.reason = reason;
  // A root that did not make it leaves the server element where it was: the element anchors again.
  if (state !== 'mounted') {
    record.anchor = undefined;
    record.definition.fallback?.(record.element);
  }
}


/**
 * Fetches the widget's module and the React side of the mount layer together, then mounts. What
 * happens after the code has arrived lives in ./activate, with React, so the entry stays small.
 */
async function activate(record: MountRecord): Promise<void> {
  try {
    requestSharedChunks();
    const { module: importOwn, name, alongside } = record.definition;
    const [module, { activate: mount }] = await Promise.all([importOwn ? importOwn() : importWidget(name), import('./activate'), alongside?.(record.element, importWidget)]);
    const container = document.createElement('div');
    container.setAttribute(ROOT_ATTRIBUTE, record.definition.name);
    await mount(record, module, container, settle);
  } catch (error) {
    console.error(`[vitrine] ${record.definition.name} failed to load`, record.element, error);
    settle(record, 'failed', String(error));
  }
}

declare global {
  interface Window {
    /**
     * What the WordPress plugin decided on this page (printed in the footer, plugin/vitrine/vitrine.php): the
     * handles replaced, put back and served, and the widgets that step aside.
     */
    vitrine_scripts?: PluginReport;
  }
}

function track(definition: AnyWidgetDefinition, element: Element): void {
  const byWidget = records.get(element) ?? new Map<string, MountRecord>();
  if (byWidget.has(definition.name)) return;
  records.set(element, byWidget);
  // WooCommerce's own script drives this markup on this page (the plugin put it back): the widget steps aside, and
  // its fallback does not run either (the original shows what it hid, in its own way).
  // A report printed by another version of the plugin, or mangled by an optimiser, must not stop every widget.
  const aside = window.vitrine_scripts?.aside?.[definition.name];
  const record: MountRecord = { definition, element, state: aside ? 'skipped' : 'pending', reason: aside ?? '' };
  byWidget.set(definition.name, record);
  if (!aside) record.cancel = schedule(definition.load, element, () => load(record));
}

/**
 * Starts loading a widget now, whatever its strategy (a shopper acted on its element first), and
 * returns the promise of its outcome. Loading starts once per record.
 */
export function load(record: MountRecord): Promise<void> {
  record.cancel?.();
  record.cancel = undefined;
  if (!record.activation) {
    const activation = activate(record).finally(() => activations.delete(activation));
    activations.add(activation);
    record.activation = activation;
  }
  return record.activation;
}

/** The pending records of `target` and of every element around it, innermost first. */
export function pendingAround(target: Element): MountRecord[] {
  const found: MountRecord[] = [];
  for (let node: Element | null = target; node; node = node.parentElement) {
    for (const record of records.get(node)?.values() ?? []) if (record.state === 'pending') found.push(record);
  }
  return found;
}

function isInsideRoot(element: Element): boolean {
  return !!element.closest(`[${ROOT_ATTRIBUTE}]`);
}

/**
 * Adds a widget at run time (a theme's own widget, or a test's), with the `module` that imports its code.
 * Returns false, with a console error, when the name is taken.
 */
// biome-ignore lint/suspicious/noExplicitAny: each definition ties its own props type to its own component.
export function registerWidget(definition: RegisteredWidgetDefinition<any>): boolean {
  if (definitions.some((known) => known.name === definition.name)) {
    console.error(`[vitrine] ${definition.name} is already registered`);
    return false;
  }
  definitions.push(definition);
  if (observer) scan(document);
  return true;
}

/** Finds every mount point in `root` (and `root` itself) and schedules its widget. */
export function scan(root: ParentNode = document): void {
  for (const definition of definitions) {
    for (const selector of selectorsOf(definition, root === document)) {
      let found: Element[];
      try {
        found = [...root.querySelectorAll(selector)];
        if (root instanceof Element && root.matches(selector)) found.unshift(root);
      } catch {
        // A selector a site owner typed may not be CSS: skip it, say so once (at the page's scan).
        if (root === document) console.error(`[vitrine] ${definition.name}: invalid selector`, selector);
        continue;
      }
      for (const element of found) {
        if (!isInsideRoot(element)) track(definition, element);
      }
    }
  }
}

/** Unmounts every root whose element has left the document. */
export function sweep(): void {
  for (const [element, byWidget] of records) {
    for (const [name, record] of byWidget) {
      if ((record.anchor ?? element).isConnected) continue;
      record.cancel?.();
      record.unmount?.();
      byWidget.delete(name);
    }
    if (byWidget.size === 0) records.delete(element);
  }
}

let observer: MutationObserver | undefined;

/** One observer for the whole document: markup added later is mounted, removed markup unmounted. */
export function observe(): void {
  if (observer) return;
  observer = new MutationObserver((mutations) => {
    let removed = false;
    for (const mutation of mutations) {
      removed ||= mutation.removedNodes.length > 0;
      for (const node of mutation.addedNodes) {
        // What a widget renders in its own root is never mounted on (see scan), so it is not scanned either:
        // every root's render would otherwise run each definition's selectors over it.
        if (node instanceof Element && node.isConnected && !isInsideRoot(node)) scan(node);
      }
    }
    if (removed) sweep();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
}

/** One row per mount point, for `window.vitrine.report()` and `?vitrine-debug`, and the plugin's decisions as `scripts`. */
export function report(): Report {
  const rows = [...records.values()].flatMap((byWidget) =>
    [...byWidget.values()].map(({ definition, element, state, reason }): ReportRow => ({ widget: definition.name, element, state, reason })),
  );
  return Object.assign(rows, { scripts: window.vitrine_scripts });
}

/** Resolves once every widget whose strategy has fired has finished mounting (or failing). */
export async function settled(): Promise<void> {
  while (activations.size) await Promise.allSettled([...activations]);
}

/** Test hook: forget every record and stop observing (roots are unmounted). */
export function resetMounts(): void {
  observer?.disconnect();
  observer = undefined;
  for (const byWidget of records.values()) {
    for (const record of byWidget.values()) {
      record.cancel?.();
      record.unmount?.();
    }
  }
  records.clear();
}
