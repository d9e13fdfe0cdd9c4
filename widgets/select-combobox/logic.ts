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
