import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm run pot`: plugin/vitrine/languages/vitrine.pot from the plugin's PHP (no wp-cli here). It reads the gettext
// calls of the `vitrine` text domain (__, _e, esc_html__, esc_html_e, esc_attr__, esc_attr_e, _x, esc_html_x,
// esc_attr_x, _n) with single-quoted literals, and the `translators:` comment before a call. `--check` fails when
// the committed file is not what the sources give (the WordPress test runs it).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLUGIN = path.join(ROOT, 'plugin', 'vitrine');
export const POT = path.join(PLUGIN, 'languages', 'vitrine.pot');

interface Entry {
  context?: string;
  msgid: string;
  plural?: string;
  references: string[];
  comments: string[];
}

const LITERAL = String.raw`'((?:[^'\\]|\\.)*)'`;
const SEP = String.raw`\s*,\s*`;
const CALL = new RegExp(
  String.raw`(?<![\w$>:])(__|_e|esc_html__|esc_html_e|esc_attr__|esc_attr_e|_x|esc_html_x|esc_attr_x|_n)\(\s*${LITERAL}(?:${SEP}${LITERAL})?(?:${SEP}(?:${LITERAL}|[^,()]+))?(?:${SEP}${LITERAL})?\s*\)`,
  'g',
);

const unquote = (text: string) => text.replace(/\\(['\\])/g, '$1');

function phpFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return name === 'dist' ? [] : phpFiles(file);
      return name.endsWith('.php') ? [file] : [];
    });
}

export function extract(): Entry[] {
  const entries = new Map<string, Entry>();
  for (const file of phpFiles(PLUGIN)) {
    const source = readFileSync(file, 'utf8');
    const relative = path.relative(PLUGIN, file);
    for (const match of source.matchAll(CALL)) {
      const [, fn, first, second, third, fourth] = match;
      let entry: Omit<Entry, 'references' | 'comments'>;
      let domain: string | undefined;
      if (fn === '_n') {
        entry = { msgid: unquote(first!), plural: unquote(second ?? '') };
        domain = fourth;
      } else if (fn!.endsWith('_x') || fn === '_x') {
        entry = { msgid: unquote(first!), context: unquote(second ?? '') };
        domain = third;
      } else {
        entry = { msgid: unquote(first!) };
        domain = second;
      }
      if (domain !== 'vitrine') continue;
      const line = source.slice(0, match.index).split('\n').length;
      // The translators' comment on the lines just above the call (or earlier on its line).
      const before = source.slice(Math.max(0, source.lastIndexOf('\n', source.lastIndexOf('\n', match.index) - 1)), match.index);
      const comment = before.match(/\/\*\s*(translators:[\s\S]*?)\s*\*\//)?.[1];
      const key = `${entry.context ?? ''}\u0004${entry.msgid}`;
      const known = entries.get(key) ?? { ...entry, references: [], comments: [] };
      known.references.push(`${relative}:${line}`);
      if (comment && !known.comments.includes(comment)) known.comments.push(comment);
      entries.set(key, known);
    }
  }
  return [...entries.values()];
}

const po = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

export function pot(entries: Entry[]): string {
  const version = readFileSync(path.join(PLUGIN, 'vitrine.php'), 'utf8').match(/^ \* Version:\s+(\S+)/m)?.[1] ?? '0.0.0';
  const header = [
    '# Copyright (C) Vitrine contributors',
    '# This file is distributed under the GPL-2.0-or-later.',
    'msgid ""',
    'msgstr ""',
    `"Project-Id-Version: Vitrine ${version}\\n"`,
    '"MIME-Version: 1.0\\n"',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Content-Transfer-Encoding: 8bit\\n"',
    '"X-Generator: scripts/make-pot.ts\\n"',
    '"X-Domain: vitrine\\n"',
  ].join('\n');
  const blocks = entries.map((entry) =>
    [
      ...entry.comments.map((comment) => `#. ${comment.replace(/\s*\n\s*/g, ' ')}`),
      `#: ${entry.references.join(' ')}`,
      ...(entry.context !== undefined ? [`msgctxt ${po(entry.context)}`] : []),
      `msgid ${po(entry.msgid)}`,
      ...(entry.plural !== undefined ? [`msgid_plural ${po(entry.plural)}`, 'msgstr[0] ""', 'msgstr[1] ""'] : ['msgstr ""']),
    ].join('\n'),
  );
  return `${[header, ...blocks].join('\n\n')}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = pot(extract());
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(POT, 'utf8');
    } catch {
      // missing: reported below
    }
    if (committed !== text) {
      console.error(`${path.relative(ROOT, POT)} is not up to date: run \`npm run pot\``);
      process.exit(1);
    }
  } else {
    writeFileSync(POT, text);
    console.log(`${path.relative(ROOT, POT)}: ${extract().length} strings`);
  }
}
