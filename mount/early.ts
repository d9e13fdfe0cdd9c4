import { load, pendingAround, settle } from './mounts';
import type { HeldEvent, MountRecord } from './types';

/**
 * What a shopper does before a widget's code has arrived is not lost (a slow phone, a slow network,
 * a widget that loads when visible or idle):
 * - any interaction with a pending widget's element starts loading it at once (this is also how
 *   `interaction` widgets load);
 * - an event the widget performs itself (its definition's `hold`: the click of an ajax add-to-cart
 *   link, the submit of a form it posts by ajax) is held: its default is cancelled and no other
 *   listener hears it yet. ./replay fires it again once the widget has mounted, in the order the
 *   shopper acted (five quick clicks are five adds), or lets its server default run once if the code
 *   fails or is too late.
 */

const WAKING_EVENTS = ['pointerover', 'pointerdown', 'keydown', 'focusin', 'input', 'change', 'click', 'submit'];

let replaying = false;
/** Held events replay one after another, in the order they happened. */
let queue: Promise<unknown> = Promise.resolve();
/**
 * The replay code, asked for once: a second import() of a loaded module still waits a task, long enough for
 * the first replayed add to come back before the next click replays (the button then looked done between them).
 */
let replayCode: Promise<typeof import('./replay')> | undefined;
/** The control whose held press ran its server default because the replay code failed to load. */
let fellBack: Element | undefined;

const unheld = (fire: () => void) => {
  replaying = true;
  try {
    fire();
  } finally {
    replaying = false;
  }
};

/**
 * The control a held event came from shows it is busy while the code is on the way (WooCommerce's
 * `loading` class, which themes style as a spinner, and aria-busy), so the shopper does not press again.
 */
const busy = (control: Element, on: boolean) => {
  control.classList.toggle('loading', on);
  if (on) control.setAttribute('aria-busy', 'true');
  else control.removeAttribute('aria-busy');
};

/** A modified click (new tab, download) keeps its default. */
const isModified = (click: MouseEvent) => click.button || click.ctrlKey || click.metaKey || click.shiftKey || click.altKey;

function onEarlyEvent(event: Event): void {
  const target = event.target;
  if (replaying || !(target instanceof Element)) return;
  const pending = pendingAround(target);
  if (pending.length === 0) return;
  const woken = pending.map(load);
  const holders = pending.filter((record: MountRecord) => record.definition.hold?.includes(event.type as HeldEvent));
  if (holders.length === 0 || isModified(event as MouseEvent)) return;
  if (event.cancelable) event.preventDefault();
  event.stopImmediatePropagation();
  const control = ((event as SubmitEvent).submitter ?? target).closest('a,button') ?? target;
  busy(control, true);
  const idle = () => busy(control, false);
  queue = queue
    .then(() => (replayCode ??= import('./replay')))
    .then(({ replay }) => replay(event, target, holders, pending, woken, { settle, unheld, idle }))
    // Without the replay code a held press runs its server default at once (the link is followed, the form posted),
    // once per control: five presses on one link would post five adds before the last page load won. A press on
    // another control (a field's change, then Place order) still runs its own.
    .catch(() =>
      fellBack === control
        ? idle()
        : unheld(() => {
            fellBack = control;
            if (event.type === 'submit') (target as HTMLFormElement).submit();
            else (target as HTMLElement).click();
          }),
    );
}

/**
 * Test hook: held events replay from a fresh queue, with the replay code asked for again. One test's replay that
 * never ends (its widget's code never released) would otherwise hold every later test's events behind it. Unused by
 * the entry, so not in its bytes.
 */
export function resetHeldQueueForTests(): void {
  queue = Promise.resolve();
  replayCode = undefined;
  fellBack = undefined;
}

/** Listens on the document, before any other listener, for the whole life of the page. */
let listening = false;

export function holdEarlyActions(): void {
  if (listening) return;
  listening = true;
  for (const type of WAKING_EVENTS) document.addEventListener(type, onEarlyEvent, true);
}
