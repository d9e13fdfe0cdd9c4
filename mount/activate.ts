import { mountRoot } from './root';
import type { MountRecord, MountState, WidgetModule } from './types';

/**
 * The part of mounting that runs once a widget's code has arrived: validate its props, mount its
 * root, report the outcome. It travels with React (./root), not in the entry, and it imports nothing
 * from the entry: a chunk importing the entry would load it a second time whenever the site enqueues
 * it with a query string (WordPress adds `?ver=`). The entry hands over what it owns instead.
 */

type Settle = (record: MountRecord, state: MountState, reason: string) => void;

/**
 * Mounting is sliced: a page of 96 cards would otherwise mount 96 roots in one task and freeze the
 * shopper's scroll and taps. Roots mount back to back until a slice has run this long, then the
 * browser gets a turn (input, paint) before the next one.
 */
const SLICE_MS = 8;
let sliceStart: number | undefined;

/** A new task (a MessageChannel round trip: faster than a 0 ms timeout, and untouched by fake clocks). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The browser gets a turn (input, paint); `scheduler.yield` resumes ahead of other queued tasks. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : nextTask();
}

async function takeTurn(): Promise<void> {
  if (sliceStart !== undefined && performance.now() - sliceStart >= SLICE_MS) {
    await yieldToBrowser();
    sliceStart = undefined;
  }
  if (sliceStart === undefined) {
    sliceStart = performance.now();
    // The slice ends with the task that started it.
    void nextTask().then(() => {
      sliceStart = undefined;
    });
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const nameOf = (error: unknown) => (error instanceof Error ? error.name : '');

/** Mounts the widget's root in `container` (the entry made it, marked as a root's own). */
export async function activate<P>(
  record: MountRecord,
  { default: Component, readProps }: WidgetModule<P>,
  container: HTMLElement,
  settle: Settle,
): Promise<void> {
  const { definition, element } = record;
  // A task of its own to start in: the task the code arrived in also ran its modules (React's, the core's and
  // the widget's the first time, all arriving together since the entry fetches the shared chunks beside the
  // widget's), which a slice cannot see; reading props and mounting there made one long task of all of it.
  await yieldToBrowser();
  let props: P;
  try {
    props = readProps ? await readProps(element) : ({} as P);
  } catch (error) {
    // Props readers throw SkipMount for markup that is not theirs, PropsError for invalid input.
    if (nameOf(error) === 'SkipMount') return settle(record, 'skipped', messageOf(error));
    if (nameOf(error) === 'PropsError') {
      const field = (error as { field?: string }).field ?? '?';
      console.error(`[vitrine] ${definition.name}: invalid ${field}`, element, messageOf(error));
    } else {
      console.error(`[vitrine] ${definition.name} failed to load`, element, error);
    }
    return settle(record, 'failed', messageOf(error));
  }
  await takeTurn();
  if (!element.isConnected || record.state !== 'pending') return;

  // A replaced element leaves the document: the root lives as long as its container does.
  if (definition.takeover === 'replace') record.anchor = container;
  let crashed = false;
  const unmount = mountRoot({
    definition,
    container,
    element,
    Component,
    props,
    onError: (error) => {
      crashed = true;
      fail(record, error, settle);
    },
  });
  // The first render is synchronous: a widget that crashed in it is already marked failed.
  if (crashed) {
    setTimeout(unmount, 0);
    return;
  }
  record.unmount = unmount;
  settle(record, 'mounted', '');
  // A mark per mounted root: the bench reads when each widget's markup became final, and a site owner
  // sees the same marks in the browser's performance panel.
  performance.mark(`vitrine:mounted:${definition.name}`);
}

/** A root threw while rendering: take it down, give the page its server markup back. */
function fail(record: MountRecord, error: unknown, settle: Settle): void {
  if (record.state === 'failed') return;
  console.error(`[vitrine] ${record.definition.name} crashed`, record.element, error);
  settle(record, 'failed', messageOf(error));
  const unmount = record.unmount;
  record.unmount = undefined;
  // The error arrives during React's commit; unmounting must wait for it to finish.
  setTimeout(() => unmount?.(), 0);
}
