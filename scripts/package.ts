import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ZipEntry, writeZip } from './zip.ts';

// `npm run package`: the WordPress plugin (plugin/vitrine/) with the built dist/ as vitrine.zip, laid out as
// vitrine/vitrine.php, vitrine/readme.txt, vitrine/dist/…, which Plugins → Add New → Upload installs.
// `node --import tsx scripts/package.ts --out <file>` writes elsewhere (the WordPress test does).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function walk(dir: string, prefix: string): ZipEntry[] {
  const entries: ZipEntry[] = [{ name: `${prefix}/`, data: Buffer.alloc(0) }];
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) entries.push(...walk(file, `${prefix}/${name}`));
    else entries.push({ name: `${prefix}/${name}`, data: readFileSync(file) });
  }
  return entries;
}

/** The plugin's files as zip entries: plugin/vitrine/ plus dist/ under vitrine/dist/. */
export function pluginEntries(root = ROOT, dist = path.join(root, 'dist')): ZipEntry[] {
  if (!existsSync(path.join(dist, 'vitrine.js'))) throw new Error(`${path.join(dist, 'vitrine.js')} is missing: run \`npm run build\` first`);
  const plugin = walk(path.join(root, 'plugin', 'vitrine'), 'vitrine').filter((entry) => entry.name !== 'vitrine/dist/');
  return [...plugin, ...walk(dist, 'vitrine/dist')];
}

export function writePluginZip(out: string, root = ROOT, dist?: string): number {
  const entries = pluginEntries(root, dist);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, writeZip(entries));
  return entries.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const flag = process.argv.indexOf('--out');
  const out = path.resolve(flag > 0 && process.argv[flag + 1] ? process.argv[flag + 1]! : path.join(ROOT, 'vitrine.zip'));
  const count = writePluginZip(out);
  console.log(`${path.relative(process.cwd(), out) || out}: ${count} entries, ${statSync(out).size} bytes`);
}
