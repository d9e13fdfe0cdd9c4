import { carryForm, carryValue, standIn, twinWithin } from './replaced';
import { wakeWidgetsOn } from './wake';
import type { MountRecord, MountState } from './types';

/**
 * Replays an event the entry held (./early) once the widgets it woke have settled. Loaded only when
 * a shopper acted before a widget's code arrived, so the entry does not carry it. It imports nothing
 * from the entry (see ./activate for why): the entry hands over what it owns.
 */

/**
 * Beyond this a shopper would rather have the plain link or form post than keep waiting. A widget's
 * code is a few chunks deep (widget, its shared modules, theirs): on a slow phone network each level
 * is a round trip, so the limit leaves room for three or four of them. Meanwhile the held control
 * shows it is busy.
 */
export const HOLD_LIMIT_MS = 8000;

export interface ReplayContext {
  /** The entry's record of a widget's outcome (./mounts `settle`, handed over: a chunk must not import the entry). */
  settle: (record: MountRecord, state: MountState, reason: string) => void;
  /** Runs `fire` with the hold switched off, so the replayed event reaches the page. */
  unheld: (fire: () => void) => void;
  /** Takes off the busy state the held control showed while waiting. */
  idle: () => void;
}

/** Gives up on a widget that has not mounted (its code came too late): the server markup stays in charge. */
function abandon(record: MountRecord, reason: string, { settle }: ReplayContext): void {
  record.cancel?.();
  console.warn(`[vitrine] ${record.definition.name}: ${reason}`, record.element);
  settle(record, 'failed', reason);
}

/**
 * Widgets whose held event already ran its server-rendered default (the shopper is leaving), with how many
 * held events that default stands for.
 */
const defaulted = new WeakMap<MountRecord, DefaultRun>();
/**
 * The same, by the control the default runs on: a stand-in (./replaced) has records of its own, and the shopper's
 * presses after the page replaced the markup land on it.
 */
const defaultedOn = new WeakMap<Element, DefaultRun>();
const controlOf = (element: Element) => element.closest('a,button,form') ?? element;

/** The default that runs for the first held event, with the busy states it takes off when it does. */
interface DefaultRun {
  times: number;
  idles: Array<() => void>;
}
/** Widgets that hold an event only to keep it in the shopper's order; they never perform it themselves. */
export const ORDER_ONLY = new Set(['variation-form']);

/** Widgets whose effects have run since they mounted: a later held event on them replays without waiting a frame. */
const effectsRan = new WeakSet<MountRecord>();

/** A copy of a held event, with the same coordinates, keys and modifiers. */
function copyOf(event: Event): Event {
  const init: Record<string, unknown> = {};
  // Event fields are accessors on the prototype: for…in sees them, a spread would not.
  for (const key in event) init[key] = event[key as keyof Event];
  const copy = new (event.constructor as typeof Event)(event.type, { ...init, bubbles: true, cancelable: true, composed: true });
  // What code set on the event itself goes along: the jQuery bridge's mark that jQuery's handlers already had a
  // triggered change (src/jquery-triggers.ts), so they do not hear its replay a second time.
  for (const key of Object.keys(event)) if (!(key in copy)) Object.defineProperty(copy, key, { value: (event as unknown as Record<string, unknown>)[key], enumerable: true });
  return copy;
}

/**
 * A listing's add-to-cart link pressed `times` times asks WooCommerce's form handler for that many times its
 * quantity (`?add-to-cart=ID&quantity=N` is read on any page load), so five quick presses whose code never came
 * are still five in the cart, as they are once it comes. Returns what puts the link back as the server wrote it.
 */
function askFor(times: number, target: Element): () => void {
  const link = target.closest('a[href]');
  if (times < 2 || !link) return () => {};
  const href = link.getAttribute('href')!;
  const url = new URL(href, document.baseURI);
  if (!url.searchParams.has('add-to-cart')) return () => {};
  url.searchParams.set('quantity', String(times * (Number(url.searchParams.get('quantity')) || 1)));
  link.setAttribute('href', url.href);
  return () => link.setAttribute('href', href);
}

/**
 * Re-fires a held event on `at`: its target, or what stands in its place (./replaced) with what the shopper chose
 * carried over. A link the page has dropped meanwhile, with nothing in its place, is followed by its address: a
 * browser does not follow a link that is out of the document.
 */
function refire(event: Event, at: Element, target: Element, { unheld }: ReplayContext): void {
  unheld(() => {
    const link = at.closest('a[href]');
    if (!at.isConnected && event.type === 'click' && link) return void window.location.assign((link as HTMLAnchorElement).href);
    if (!at.isConnected) return void console.warn(`[vitrine] a ${event.type} held while its code came was dropped: the page removed what it was for`, at);
    if (event.type !== 'submit') return void at.dispatchEvent(copyOf(event));
    const form = at as HTMLFormElement;
    let submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null | undefined;
    if (submitter && form !== target) submitter = twinWithin(form, target, submitter) as HTMLButtonElement | undefined;
    // requestSubmit fires submit again (after validation), as the shopper's own submit did.
    form.requestSubmit(submitter?.form === form ? submitter : null);
  });
}

/**
 * Makes the stand-in hold what the shopper chose on the element they acted on, and its form what they typed in the
 * old one (an "Update cart" pressed in a cart form rendered again keeps the quantities); false when it cannot.
 */
function carried(event: Event, gone: Element, now: Element): boolean {
  if (event.type === 'change' && !carryValue(gone, now)) return false;
  const [from, to] = [gone.closest('form'), now.closest('form')];
  if (from && to && from !== to) carryForm(from, to);
  return true;
}

/**
 * Whether one of the holders' widgets is mounted on `now` (the stand-in) or around it, as the entry's public report
 * (`window.vitrine`) tells. If not yet, it is woken (./wake) and its state is read every 50 ms until it has mounted
 * or failed, or the hold's deadline has passed.
 */
async function mountedAround(now: Element, holders: MountRecord[], deadline: number): Promise<boolean> {
  const names = holders.map((record) => record.definition.name);
  const states = () => (window.vitrine?.report() ?? []).filter((row) => names.includes(row.widget) && row.element.contains(now)).map((row) => row.state);
  if (states().includes('mounted')) return true;
  wakeWidgetsOn(now);
  while (!states().includes('mounted')) {
    if (!states().includes('pending') || performance.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await afterEffects();
  return true;
}

/**
 * Resolves once the widgets that just mounted have settled. Their mount runs their effects, where their
 * listeners are set up (./mount-effects), but an effect may set state, and the effects of that second
 * render run, in Preact (the lite flavour), after the next frame, or 100 ms when no frame comes (a
 * background tab), each through a timeout queued before this one.
 */
function afterEffects(): Promise<void> {
  return new Promise((resolve) => {
    let queued = false;
    const next = () => {
      if (queued) return;
      queued = true;
      setTimeout(resolve, 0);
    };
    requestAnimationFrame(next);
    setTimeout(next, 100);
  });
}

const LATE = 'late';
const lateAt = (deadline: number) => new Promise((resolve) => setTimeout(resolve, deadline - performance.now(), LATE));

/**
 * Waits for the widgets the event woke (`pending`, each loading as `woken`) that matter to it; then replays
 * it if one of the widgets that hold it has mounted. Otherwise (code failed, or later
 * than HOLD_LIMIT_MS) the first held event's default runs (the link is followed, the form posted) and the
 * widgets that were too late stay unmounted: one effect, never two. The events held behind it are not waited for again: they
 * count into that default (see askFor: a listing link pressed five times asks for five).
 *
 * Events held on the same widgets replay back to back (the caller chains them): only the first waits for
 * the widgets' effects. Five quick clicks are then five adds queued at once, so the button stays busy until
 * the last is in, instead of showing "added" between them. The hold's busy state comes off in the same task
 * as the replayed event, which the widget marks busy again itself, so the control never looks idle meanwhile.
 *
 * Markup the page replaced while the event waited (./replaced) does not lose it: the event goes to the element
 * standing in its place, once that element's widget is there (woken and waited for here, within the queue, so the
 * order holds, and within the same limit), or that element's default runs, standing for the events held behind it
 * as above, on the old markup or the new.
 */
export async function replay(event: Event, target: Element, holders: MountRecord[], pending: MountRecord[], woken: Promise<void>[], context: ReplayContext): Promise<void> {
  const defaultRun = holders.map((record) => defaulted.get(record)).find(Boolean) ?? defaultedOn.get(controlOf(target));
  if (defaultRun) {
    // Held behind the event whose default is about to run: counted into it, not waited for again, and busy until it runs.
    defaultRun.times += 1;
    defaultRun.idles.push(context.idle);
    return;
  }
  // The holders and the widgets between them and the target (a variation form on the add-to-cart form), not
  // those further out: order attribution on <body> has nothing to do with this click, and waiting for its code
  // delayed every first add by a round trip or more.
  const outermost = holders[holders.length - 1]!.element;
  const matters = (_: unknown, i: number) => outermost.contains(pending[i]!.element);
  const awaited = pending.filter(matters);
  const deadline = performance.now() + HOLD_LIMIT_MS;
  const outcome = await Promise.race([Promise.all(woken.filter(matters)), lateAt(deadline)]);
  /** A widget is there to take the event again. */
  let takers = holders.some((record) => record.state === 'mounted');
  if (takers) {
    const fresh = awaited.filter((record) => record.state === 'mounted' && !effectsRan.has(record));
    if (fresh.length > 0) {
      await afterEffects();
      for (const record of fresh) effectsRan.add(record);
    }
  }
  // The page replaced the markup while the event waited (./replaced): the event goes to what stands in its place,
  // once that widget is there, or runs its default there; a choice the new markup no longer offers is not made.
  let at = target;
  if (!target.isConnected) {
    const now = standIn(target, holders[0]!.element);
    if (now && !carried(event, target, now)) {
      console.warn(`[vitrine] a ${event.type} held while its code came was dropped: the field the page put in its place cannot take the choice`, target);
      return context.idle();
    }
    at = now ?? target;
    takers = now !== undefined && outcome !== LATE && (await mountedAround(now, holders, deadline));
  }
  // A widget that holds the event only to keep it behind earlier held choices (the variation form's submit, which the
  // add-to-cart form or the browser performs) is not given up when late: the event goes on without it, as it would
  // have without the hold, and the widget mounts when its code comes. Giving it up would leave the page's form
  // without its variation for good, and mark the form as leaving while the page stays.
  if (takers || holders.every((record) => ORDER_ONLY.has(record.definition.name))) {
    context.idle();
    return refire(event, at, target, context);
  }
  const run: DefaultRun = { times: 1, idles: [context.idle] };
  defaultedOn.set(controlOf(at), run);
  for (const record of holders) {
    defaulted.set(record, run);
    if (outcome === LATE && record.state === 'pending') abandon(record, `too late for a ${event.type}: the server default ran`, context);
  }
  // The events held behind this one replay once this returns, in this task's microtasks, and count themselves in
  // (the caller chains them on this promise); the default runs in the next task, standing for all of them. Their
  // controls stay busy until then, so nothing looks done before the page moves on.
  setTimeout(() => {
    for (const idle of run.idles) idle();
    const restore = event.type === 'click' ? askFor(run.times, at) : () => {};
    refire(event, at, target, context);
    restore();
  }, 0);
}
