// Fails when code, tests, scripts or docs point outside the repository (the team's ../shared desk,
// absolute machine paths): a newcomer's plain clone has neither. Run by `npm run lint`.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's files: what git tracks (and would track), or, in a copy without .git (CI runs from one), every file but the generated ones. */
function repositoryFiles() {
  try {
    return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n');
  } catch {
    const skipped = new Set(['.git', 'node_modules', 'dist', 'bench-output']);
    const walk = (dir) =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        if (skipped.has(entry.name)) return [];
        const file = path.posix.join(dir, entry.name);
        return entry.isDirectory() ? walk(file) : [file];
      });
    return walk('.').map((file) => file.replace(/^\.\//, ''));
  }
}

// The one exception, by design: the genuine-shop suite's real-shop kit (VITRINE_SHOP_KIT, default ../shared/real-shop),
// which npm test skips without and CI requires. Its path may be named; nothing else outside may.
const KIT = /\.\.\/shared\/real-shop\b/g;
const LEAVING = [/\.\.\/shared\b/, /\/work\/(shared|main)\b/, /\bshared\/(reference|spec|DESIGN\.md)/];
const files = repositoryFiles()
  .filter((file) => /\.(ts|tsx|mjs|js|json|css|md|sh|php)$|^\.ci\//.test(file))
  .filter((file) => !file.startsWith('test/fixtures/captures/') && !['package-lock.json', 'scripts/check-self-contained.mjs'].includes(file));

const hits = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed but deleted in the work tree
  }
  text.split('\n').forEach((line, index) => {
    const outside = line.replace(KIT, '');
    if (LEAVING.some((pattern) => pattern.test(outside))) hits.push(`${file}:${index + 1}: ${line.trim()}`);
  });
}
if (hits.length > 0) {
  console.error(`Paths outside the repository (copy what is needed into it, e.g. test/fixtures/):\n${hits.join('\n')}`);
  process.exit(1);
}
console.log(`self-contained: ${files.length} files checked, no path leaves the repository`);
