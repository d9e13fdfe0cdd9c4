import type { Stack, Theme } from './journey.ts';

// The journey table the genuine-shop suite prints at its end: each journey, per theme, classic against Vitrine.

export interface Result {
  theme: Theme;
  stack: Stack;
  journey: string;
  runs: number;
  failures: string[];
  note?: string;
  /** False until every run has ended (a suite stopped early leaves rows that never ran to the end). */
  done: boolean;
}

const cell = (result: Result | undefined) => {
  if (!result) return '-';
  if (!result.done) return 'unfinished';
  const passed = result.runs - result.failures.length;
  const verdict = result.failures.length === 0 ? 'pass' : 'FAIL';
  return result.runs > 1 ? `${verdict} ${passed}/${result.runs}` : verdict;
};

/** Prints the table (markdown, each line behind '# ' so test reporters keep it) and the classic stack's failures. */
export function printJourneyTable(results: Result[], flavours: Stack[]): void {
  const themes = [...new Set(results.map((result) => result.theme))];
  const journeys = [...new Set(results.map((result) => result.journey))];
  const find = (theme: Theme, stack: Stack, journey: string) => results.find((r) => r.theme === theme && r.stack === stack && r.journey === journey);
  const lines: string[] = [];
  for (const theme of themes) {
    // A theme shows the flavours that ran in it (the other themes run one: shop.test.ts, stacksIn).
    const ran = flavours.filter((flavour) => results.some((r) => r.theme === theme && r.stack === flavour));
    // The classic reference runs in the first theme only, and not at all with VITRINE_SHOP_CLASSIC=0 (CI).
    const classicRan = results.some((r) => r.theme === theme && r.stack === 'classic');
    const columns = [...(classicRan ? ['classic'] : []), ...ran.map((f) => `Vitrine ${f}`)];
    lines.push('', `Journeys on the genuine shop, ${theme}${classicRan ? '' : ' (no classic reference in this theme; test/shop/README.md keeps a whole Twenty Twenty-One run with it)'}:`, '');
    lines.push(`| journey | ${columns.join(' | ')} |`, `|---|${columns.map(() => '---').join('|')}|`);
    for (const journey of journeys) {
      const classic = find(theme, 'classic', journey);
      const vitrine = ran.map((flavour) => find(theme, flavour, journey));
      const classicFails = classic?.done && classic.failures.length > 0;
      const vitrinePasses = vitrine.every((result) => result?.done && result.failures.length === 0);
      const mark = classicFails && vitrinePasses ? ' (classic fails, Vitrine passes)' : '';
      const cells = [...(classicRan ? [cell(classic)] : []), ...vitrine.map(cell)];
      lines.push(`| ${journey}${mark} | ${cells.join(' | ')} |`);
    }
    const classicFailures = results.filter((r) => r.theme === theme && r.stack === 'classic' && r.failures.length);
    if (classicFailures.length) {
      lines.push('', `Where the classic stack failed (${theme}):`);
      for (const result of classicFailures) lines.push(`- ${result.journey}${result.note ? ` [${result.note}]` : ''}: ${result.failures[0]}`);
    }
  }
  console.log(lines.map((line) => `# ${line}`).join('\n'));
}
