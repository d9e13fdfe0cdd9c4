/**
 * What the shopper did to the server's search form before the widget replaced it: the text typed,
 * where the caret was, and whether the focus was inside the form. Read once, at mount, while the
 * server form is still in the document (the mount layer then takes it out, so nothing reads it later).
 */
export interface ServerInputState {
  value: string;
  /** selectionStart and selectionEnd of the input, or null when the input type has none. */
  selection: readonly [number, number] | null;
  /** The focus was in the server form (its input, its button). */
  focused: boolean;
}

export function serverInputOf(element: Element): HTMLInputElement | null {
  const form = element instanceof HTMLFormElement ? element : element.querySelector('form');
  return form?.querySelector<HTMLInputElement>('input[type="search"]') ?? form?.querySelector<HTMLInputElement>('input[type="text"]') ?? null;
}

export function readServerInput(element: Element): ServerInputState | null {
  const input = serverInputOf(element);
  if (!input) return null;
  let selection: [number, number] | null = null;
  try {
    if (input.selectionStart !== null) selection = [input.selectionStart, input.selectionEnd ?? input.selectionStart];
  } catch {
    // an input type without a selection
  }
  const active = element.ownerDocument.activeElement;
  return { value: input.value, selection, focused: active !== null && element.contains(active) };
}

/** Puts the caret where it was; ignored by input types that have no selection. */
export function restoreSelection(input: HTMLInputElement | null, selection: ServerInputState['selection']): void {
  if (!input || !selection) return;
  try {
    input.setSelectionRange(selection[0], selection[1]);
  } catch {
    // an input type without a selection
  }
}
