/** Pure rules of the select combobox. */

export interface Choice {
  value: string;
  label: string;
}

/** Lower case without accents, so "aland" finds "Åland Islands" and "cote" finds "Côte d'Ivoire". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

/** The options matching what the shopper typed: names starting with it first, then names containing it, then codes. */
export function filterChoices(choices: Choice[], query: string): Choice[] {
  const q = fold(query);
  if (q === '') return choices;
  const starts: Choice[] = [];
  const contains: Choice[] = [];
  for (const choice of choices) {
    const label = fold(choice.label);
    if (label.startsWith(q)) starts.push(choice);
    else if (label.includes(q) || fold(choice.value) === q) contains.push(choice);
  }
  return [...starts, ...contains];
}

/** Where the highlight goes as the shopper types: the first match (index 0 of filterChoices), or none (-1) when nothing is typed or nothing matches. */
export function firstMatchIndex(choices: Choice[], query: string): number {
  return fold(query) !== '' && filterChoices(choices, query).length > 0 ? 0 : -1;
}

/**
 * The text a combobox carries on from when it takes over a select the shopper was typing into: the typed
 * letters the chosen option's name starts with (all of them, or the last ones if the type-ahead began again
 * on the way; pressing "c" three times goes to the third country with a C, whose name starts with one "c").
 * Empty when the name starts with none of them.
 */
export function carriedText(typed: string, chosenLabel: string): string {
  const label = fold(chosenLabel);
  for (let start = 0; start < typed.length; start += 1) {
    const rest = typed.slice(start);
    if (fold(rest) !== '' && label.startsWith(fold(rest))) return rest;
  }
  return '';
}

/** How a box takes over a select the shopper is on: the letters it goes on from, and where the caret goes. */
export interface TakeOver {
  text: string;
  /** After the box's text rather than selecting it, so a next letter goes on from there instead of replacing it. */
  caretAtEnd: boolean;
}

/**
 * `typed`: the letters seen going into the select; `markedValue`: the value of the option the server marked
 * `selected` (undefined when none is, as in state options rebuilt by the country logic). With no letters seen, a
 * choice that left the marked one was still moved by the shopper (letters typed before this code was there): the
 * caret goes after its name, so a next letter narrows to nothing rather than choosing another option.
 */
export function takeOver(typed: string, chosenLabel: string, markedValue: string | undefined, value: string): TakeOver {
  const text = carriedText(typed, chosenLabel);
  return { text, caretAtEnd: text !== '' || (markedValue !== undefined && markedValue !== value) };
}
