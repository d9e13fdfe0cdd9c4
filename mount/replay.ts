import type { MountRecord } from './types';

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
  /** Gives up on a widget that is still pending: the server default has taken over. */
  abandon: (record: MountRecord, reason: string) => void;
  /** Runs `fire` with the hold switched off, so the replayed event reaches the page. */
  unheld: (fire: () => void) => void;
  /** Takes off the busy state the held control showed while waiting. */
  idle: () => void;
}

/**
 * Widgets whose held event already ran its server-rendered default (the shopper is leaving), with how many
 * held events that default stands for.
 */
const defaulted = new WeakMap<MountRecord, DefaultRun>();

/** The default that runs for the first held event, with the busy states it takes off when it does. */
interface DefaultRun {
  times: number;
  idles: Array<() => void>;
}
/** Widgets whose effects have run since they mounted: a later held event on them replays without waiting a frame. */
const settled = new WeakSet<MountRecord>();

/** A copy of a held event, with the same coordinates, keys and modifiers. */
function copyOf(event: Event): Event {
  const init: Record<string, unknown> = {};
  // Event fields are accessors on the prototype: for…in sees them, a spread would not.
  for (const key in event) init[key] = event[key as keyof Event];
  return new (event.constructor as typeof Event)(event.type, { ...init, bubbles: true, cancelable: true, composed: true });
}

/**
 * What tells one control from another in server markup: where it leads or posts, what it names, the data it carries.
 * Not its classes or ARIA states, which scripts change (the hold's own busy state among them).
 */
function identityOf(element: Element): string {
  return [...element.attributes]
    .filter(({ name }) => ['href', 'id', 'name', 'value', 'action', 'for'].includes(name) || (name.startsWith('data-') && !name.startsWith('data-vitrine')))
    .map(({ name, value }) => `${name}=${value}`)
    .sort()
    .join(' ');
}

/** Where `target` sits inside `control`: child indexes from the control down. */
function pathWithin(control: Element, target: Element): number[] | undefined {
  const path: number[] = [];
  for (let node = target; node !== control; node = node.parentElement!) {
    if (!node.parentElement) return undefined;
    path.unshift([...node.parentElement.children].indexOf(node));
  }
  return path;
}

/**
 * The element the shopper's event is for, now: `target` while it is in the page. Markup replaced while the event
 * waited for its code (fresh cart fragments replace the mini cart; a listing reloads its page) has left it out of the
 * document, and the same control may stand in its place: the first element in the page with `control`'s tag and
 * identity, and in it the same path down to the target. Undefined when nothing stands for it.
 */
function stillThere(target: Element, control: Element): Element | undefined {
  if (target.isConnected) return target;
  if (control.isConnected) return control;
  const identity = identityOf(control);
  const path = pathWithin(control, target);
  if (!identity || !path) return undefined;
  const twin = [...document.getElementsByTagName(control.tagName)].find((candidate) => identityOf(candidate) === identity);
  let node: Element | undefined = twin;
  for (const index of path) node = node?.children[index];
  return node;
}

/** The shopper's action, again, on the element that now stands for the one they acted on. */
function reenact(event: Event, gone: Element, now: Element): void {
  if (event.type === 'submit') return void (now as HTMLFormElement).requestSubmit?.();
  // A choice made on the old field is made on the new one.
  if (event.type === 'change' && 'value' in gone && 'value' in now) {
    if ('checked' in gone && 'checked' in now) (now as HTMLInputElement).checked = (gone as HTMLInputElement).checked;
    (now as HTMLInputElement).value = (gone as HTMLInputElement).value;
  }
  now.dispatchEvent(copyOf(event));
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
 * Re-fires a held event on its target. A link the page has dropped meanwhile, with nothing in its place, is followed
 * by its address: a browser does not follow a link that is out of the document.
 */
function refire(event: Event, target: Element, { unheld }: ReplayContext): void {
  unheld(() => {
    const link = target.closest('a[href]');
    if (!target.isConnected && event.type === 'click' && link) return void window.location.assign((link as HTMLAnchorElement).href);
    if (event.type !== 'submit') return void target.dispatchEvent(copyOf(event));
    const form = target as HTMLFormElement;
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    // requestSubmit fires submit again (after validation), as the shopper's own submit did.
    form.requestSubmit(submitter?.form === form ? submitter : null);
  });
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
const late = () => new Promise((resolve) => setTimeout(resolve, HOLD_LIMIT_MS, LATE));

/**
 * Waits for the widgets the event woke (`pending`, each loading as `woken`) that matter to it; then replays
 * it if one of the widgets that hold it has mounted. Otherwise (code failed, or later
 * than HOLD_LIMIT_MS) the first held event's default runs (the link is followed, the form posted) and the
 * widgets stay unmounted: one effect, never two. The events held behind it are not waited for again: they
 * count into that default (see askFor: a listing link pressed five times asks for five).
 *
 * Events held on the same widgets replay back to back (the caller chains them): only the first waits for
 * the widgets' effects. Five quick clicks are then five adds queued at once, so the button stays busy until
 * the last is in, instead of showing "added" between them. The hold's busy state comes off in the same task
 * as the replayed event, which the widget marks busy again itself, so the control never looks idle meanwhile.
 */
export async function replay(event: Event, target: Element, holders: MountRecord[], pending: MountRecord[], woken: Promise<void>[], context: ReplayContext): Promise<void> {
  const defaultRun = holders.map((record) => defaulted.get(record)).find(Boolean);
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
  const outcome = await Promise.race([Promise.all(woken.filter(matters)), late()]);
  const now = stillThere(target, holders[0]!.element);
  if (now && now !== target) {
    // The page replaced the markup while the event waited: it goes to what stands there now, as a new action
    // (held again if that widget is still on its way, or taken by it if it is there).
    context.idle();
    return reenact(event, target, now);
  }
  if (holders.some((record) => record.state === 'mounted')) {
    const unsettled = awaited.filter((record) => record.state === 'mounted' && !settled.has(record));
    if (unsettled.length > 0) {
      await afterEffects();
      for (const record of unsettled) settled.add(record);
    }
    context.idle();
    return refire(event, target, context);
  }
  const run: DefaultRun = { times: 1, idles: [context.idle] };
  for (const record of holders) {
    defaulted.set(record, run);
    if (outcome === LATE && record.state === 'pending') context.abandon(record, `too late for a ${event.type}: the server default ran`);
  }
  // The events held behind this one replay once this returns, in this task's microtasks, and count themselves in
  // (the caller chains them on this promise); the default runs in the next task, standing for all of them. Their
  // controls stay busy until then, so nothing looks done before the page moves on.
  setTimeout(() => {
    for (const idle of run.idles) idle();
    const restore = event.type === 'click' ? askFor(run.times, target) : () => {};
    refire(event, target, context);
    restore();
  }, 0);
}
