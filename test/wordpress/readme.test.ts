import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

// The README's widget table for theme developers against the definitions it documents: one row per folder
// under widgets/, with the definition's selector and load strategy.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Definition {
  name: string;
  selector: string | (() => unknown);
  /** Absent: `visible`, the mount layer's default (mount/mounts.ts, `definition.load ?? 'visible'`). */
  load?: string;
}

test('the README lists every widget with the selector and load strategy of its definition', async () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const rows = new Map<string, string[]>();
  for (const line of readme.split('\n')) {
    const cells = line.match(/^\| `([a-z-]+)` \|(.*)\|$/);
    if (cells) rows.set(cells[1]!, cells[2]!.split(' | ').map((cell) => cell.trim()));
  }
  const folders = readdirSync(path.join(ROOT, 'widgets'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  assert.deepEqual([...rows.keys()].sort(), folders.sort(), 'one README row per widget folder');
  for (const folder of folders) {
    const definition = ((await import(path.join(ROOT, 'widgets', folder, 'index.ts'))) as { default: Definition }).default;
    const [selector, load] = rows.get(folder)!;
    assert.equal(definition.name, folder);
    assert.equal(load, definition.load ?? 'visible', `${folder}: load strategy`);
    if (typeof definition.selector === 'string') {
      const documented = [...(selector ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]);
      for (const part of definition.selector.split(/,\s*/)) assert.ok(documented.includes(part), `${folder}: the README names ${part}`);
    }
  }
});
