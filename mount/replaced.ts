/**
 * Markup the page replaced while a held event waited for its widget's code (./replay): fresh cart fragments replace
 * the mini cart, a listing reloads its page, a form is rendered again. The shopper acted on an element now out of the
 * document; these find the one standing in its place and carry over what the shopper had chosen or typed there.
 *
 * Where the same control stands twice in the page (two mini carts, one product listed twice), the first in the
 * document stands for it: either does what the shopper asked, though the busy state shows on that one.
 */

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

const alike = (a: Element, b: Element) => a.tagName === b.tagName && identityOf(a) === identityOf(b);

/** Where `node` sits inside `ancestor`: child indexes from the ancestor down; undefined when it is not inside. */
function pathWithin(ancestor: Element, node: Element): number[] | undefined {
  const path: number[] = [];
  for (let at = node; at !== ancestor; at = at.parentElement!) {
    if (!at.parentElement) return undefined;
    path.unshift([...at.parentElement.children].indexOf(at));
  }
  return path;
}

/**
 * `gone` and `node` are alike, and so is each pair of their ancestors up to `oldScope`: an icon at the same place in
 * a row re-rendered in another order is not the shopper's icon (its row, a link to another item, tells it apart).
 */
function alikeUpTo(oldScope: Element, gone: Element, node: Element): boolean {
  let [a, b]: (Element | null)[] = [gone, node];
  while (a && a !== oldScope) {
    if (!b || !alike(a, b)) return false;
    [a, b] = [a.parentElement, b.parentElement];
  }
  return true;
}

/** Follows `path` down from `node`. */
const down = (node: Element | undefined, path: number[]) => path.reduce<Element | undefined>((at, index) => at?.children[index], node);

/**
 * The element inside `scope` (the new markup) that stands for `gone`, which sat inside `oldScope`: at the same place
 * if what is there is alike; else (rows re-rendered in another order) found by the identity of `gone` or, for an
 * element without one (the icon inside a remove link), of its nearest ancestor with one, and down from there.
 * Undefined when nothing stands for it.
 */
export function twinWithin(scope: Element, oldScope: Element, gone: Element): Element | undefined {
  const path = pathWithin(oldScope, gone);
  const placed = path && down(scope, path);
  if (placed && alikeUpTo(oldScope, gone, placed)) return placed;
  for (let known: Element | null = gone; known; known = known.parentElement) {
    if (!identityOf(known)) continue;
    const twin = alike(scope, known) ? scope : [...scope.getElementsByTagName(known.tagName)].find((candidate) => alike(candidate, known!));
    const node = down(twin, pathWithin(known, gone)!);
    return node?.tagName === gone.tagName ? node : undefined;
  }
  return undefined;
}

/**
 * The element the shopper's event is for, now that `target` has left the document: inside the widget's element
 * (`holder`) if that is still in the page (only its inside was replaced), else inside the first element of the page
 * alike the holder. Undefined when nothing stands for it, or when the holder has no identity to be found by.
 */
export function standIn(target: Element, holder: Element): Element | undefined {
  let scope: Element | undefined = holder;
  if (!holder.isConnected) {
    if (!identityOf(holder)) return undefined;
    scope = [...document.getElementsByTagName(holder.tagName)].find((candidate) => alike(candidate, holder));
  }
  return scope && twinWithin(scope, holder, target);
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Makes `to` hold what the shopper chose or typed in `from` (a field of the same kind). Returns false when it cannot:
 * a choice the new select no longer offers.
 */
export function carryValue(from: Element, to: Element): boolean {
  const [a, b] = [from as Field, to as Field];
  if (a.tagName !== b.tagName || a.type !== b.type) return false;
  if (a instanceof HTMLInputElement && (a.type === 'checkbox' || a.type === 'radio')) {
    (b as HTMLInputElement).checked = a.checked;
    return true;
  }
  if (a instanceof HTMLSelectElement) {
    const chosen = new Set([...a.selectedOptions].map((option) => option.value));
    const offered = [...(b as HTMLSelectElement).options];
    if (![...chosen].every((value) => offered.some((option) => option.value === value))) return false;
    for (const option of offered) option.selected = chosen.has(option.value);
    return true;
  }
  b.value = a.value;
  return true;
}

/** Whether the field holds something other than the server wrote (the shopper's input, or a script's). */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return field.checked !== field.defaultChecked;
  // A button's value is the server's (it has no default to differ from).
  return 'defaultValue' in field && field.value !== field.defaultValue;
}

/**
 * Carries the named fields of the old form that hold something other than the server wrote over to the form that
 * replaced it (radios and checkboxes by value). Fields left as served keep the new form's values: a nonce or a
 * referrer the server wrote again stays the new one.
 */
export function carryForm(from: HTMLFormElement, to: HTMLFormElement): void {
  for (const field of from.elements as Iterable<Field>) {
    if (!field.name || !changed(field)) continue;
    const kin = ([...to.elements] as Field[]).filter((candidate) => candidate.name === field.name && candidate.type === field.type);
    const twin = field.type === 'checkbox' || field.type === 'radio' ? kin.find((candidate) => candidate.value === field.value) : kin.length === 1 ? kin[0] : undefined;
    if (twin) carryValue(field, twin);
  }
}
