/**
 * What the shopper typed into a native select before its combobox took it over. Until then the select is the
 * control, and its type-ahead moves the choice with each letter: "Cana" has chosen Canada. The combobox that
 * takes over carries on from those letters, so the next "d" makes "Canad" (Canada), not a new search for
 * "d" (Denmark). The keys are seen from the moment this module runs, which on a checkout is when the first
 * country or state box mounts: the selects further down, reached later, are covered.
 */

/** Browsers' type-ahead forgets the typed letters after a second without a key; so does this record. */
const TYPE_AHEAD_RESET_MS = 1000;

interface Typed {
  text: string;
  at: number;
}

const typedInto = new WeakMap<HTMLSelectElement, Typed>();
let watching = false;

function onKeyDown(event: KeyboardEvent): void {
  const select = event.target;
  // `key?`: a keydown another script dispatched as a plain Event has none.
  if (!(select instanceof HTMLSelectElement) || event.key?.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
  // When the key was pressed, as the browser's own type-ahead times it (not when this listener ran, which a busy
  // page delays); a DOM without event times falls back to now.
  const at = event.timeStamp || performance.now();
  const last = typedInto.get(select);
  const text = last && at - last.at < TYPE_AHEAD_RESET_MS ? last.text + event.key : event.key;
  typedInto.set(select, { text, at });
}

/** Starts seeing what is typed into selects, once per page. */
export function watchTypeAhead(): void {
  if (watching) return;
  watching = true;
  document.addEventListener('keydown', onKeyDown, true);
}

/**
 * The letters typed into `select` since its type-ahead last began again (empty if none), forgotten once taken.
 * Not timed out here: the combobox shows them in its box, where the shopper sees what it carries on from.
 */
export function takeTypedText(select: HTMLSelectElement): string {
  const text = typedInto.get(select)?.text ?? '';
  typedInto.delete(select);
  return text;
}
