import { definitions, selectorsOf } from './registry';
import { schedule } from './strategies';
import type { AnyWidgetDefinition, MountState, ReportRow } from './types';

/** Marks a root's own container, so markup a widget renders is never taken for server markup. */
export const ROOT_ATTRIBUTE = 'data-vitrine-root';

interface MountRecord {
  definition: AnyWidgetDefinition;
  element: Element;
  state: MountState;
  reason: string;
  cancel?: () => void;
  unmount?: () => void;
}

/** element → widget name → record. One record per pair: never two roots of one widget on one element. */
const records = new Map<Element, Map<string, MountRecord>>();
const activations = new Set<Promise<void>>();

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

function settle(record: MountRecord, state: MountState, reason: string): void {
  record.state = state;
  record.reason = reason;
  // A fallback is one line in the entry; it must not throw.
  if (state !== 'mounted') record.definition.fallback?.(record.element);
}

async function activate(record: MountRecord): Promise<void> {
  const { definition, element } = record;
  try {
    const props = await definition.props(element);
    if (!element.isConnected || record.state !== 'pending') return;
    const [{ default: Component }, { mountRoot }] = await Promise.all([definition.component(), import('./root')]);
    if (!element.isConnected || record.state !== 'pending') return;
    const container = document.createElement('div');
    container.setAttribute(ROOT_ATTRIBUTE, definition.name);
    let crashed = false;
    const unmount = mountRoot({
      definition,
      container,
      element,
      Component,
      props,
      onError: (error) => {
        crashed = true;
        fail(record, error);
      },
    });
    // The first render is synchronous: a widget that crashed in it is already marked failed.
    if (crashed) {
      setTimeout(unmount, 0);
      return;
    }
    record.unmount = unmount;
    settle(record, 'mounted', '');
  } catch (error) {
    // Props readers throw SkipMount for markup that is not theirs, PropsError for invalid input.
    if (errorName(error) === 'SkipMount') return settle(record, 'skipped', describeError(error));
    if (errorName(error) === 'PropsError') {
      const field = (error as { field?: string }).field ?? '?';
      console.error(`[vitrine] ${definition.name}: invalid ${field}`, element, describeError(error));
    } else {
      console.error(`[vitrine] ${definition.name} failed to load`, element, error);
    }
    settle(record, 'failed', describeError(error));
  }
}

/** A root threw while rendering: take it down, give the page its server markup back. */
function fail(record: MountRecord, error: unknown): void {
  if (record.state === 'failed') return;
  console.error(`[vitrine] ${record.definition.name} crashed`, record.element, error);
  settle(record, 'failed', describeError(error));
  const unmount = record.unmount;
  record.unmount = undefined;
  // The error arrives during React's commit; unmounting must wait for it to finish.
  setTimeout(() => unmount?.(), 0);
}

function track(definition: AnyWidgetDefinition, element: Element): void {
  let byWidget = records.get(element);
  if (byWidget?.has(definition.name)) return;
  if (!byWidget) {
    byWidget = new Map();
    records.set(element, byWidget);
  }
  const record: MountRecord = { definition, element, state: 'pending', reason: '' };
  byWidget.set(definition.name, record);
  record.cancel = schedule(definition.load ?? 'visible', element, () => {
    record.cancel = undefined;
    const activation = activate(record).finally(() => activations.delete(activation));
    activations.add(activation);
  });
}

function isInsideRoot(element: Element): boolean {
  return element.closest(`[${ROOT_ATTRIBUTE}]`) !== null;
}

/**
 * Adds a widget at run time (a theme's own widget, or a test's). Returns false, with a console
 * error, when the name is taken.
 */
export function registerWidget(definition: AnyWidgetDefinition): boolean {
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
    for (const selector of selectorsOf(definition)) {
      let found: Element[];
      try {
        found = Array.from(root.querySelectorAll(selector));
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
    if (element.isConnected) continue;
    for (const record of byWidget.values()) {
      record.cancel?.();
      record.unmount?.();
    }
    records.delete(element);
  }
}

let observer: MutationObserver | undefined;

/** One observer for the whole document: markup added later is mounted, removed markup unmounted. */
export function observe(): void {
  if (observer) return;
  observer = new MutationObserver((mutations) => {
    let removed = false;
    for (const mutation of mutations) {
      if (mutation.removedNodes.length > 0) removed = true;
      for (const node of mutation.addedNodes) {
        if (node instanceof Element && node.isConnected) scan(node);
      }
    }
    if (removed) sweep();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
}

/** One row per mount point, for `window.vitrine.report()` and `?vitrine-debug`. */
export function report(): ReportRow[] {
  const rows: ReportRow[] = [];
  for (const byWidget of records.values()) {
    for (const record of byWidget.values()) {
      rows.push({ widget: record.definition.name, element: record.element, state: record.state, reason: record.reason });
    }
  }
  return rows;
}

/** Resolves once every widget whose strategy has fired has finished mounting (or failing). */
export async function settled(): Promise<void> {
  while (activations.size > 0) await Promise.allSettled([...activations]);
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
