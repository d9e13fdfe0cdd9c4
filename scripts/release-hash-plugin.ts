import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Files that shape the output beside the modules' sources. */
const BUILD_INPUTS = ['package-lock.json', 'vite.config.ts', 'scripts/release-hash-plugin.ts', 'scripts/widget-registry-plugin.ts', 'scripts/eager-commonjs-plugin.ts', 'scripts/shared-chunks-plugin.ts'];

/**
 * One hash for the whole build, from every module's source: the widget chunks carry it in their names
 * (`widgets/<name>-<hash>.js`) instead of each its own content hash. The entry names every widget
 * chunk, and 27 different random hashes are the part of it gzip cannot shrink (about 0.2 KB of the
 * 3 KB budget); one hash repeated costs a few bytes. The price: a release that changes any module
 * renames every widget chunk, so a returning shopper downloads the (small) widgets again after an
 * update, as WordPress's `?ver=` does for classic scripts. Shared chunks (React, the core) keep their
 * content hashes and stay cached across releases that do not touch them.
 *
 * What changes a chunk without changing a module's source changes the hash too: the build's config and
 * plugins, and the lockfile (a newer bundler or minifier writes other bytes from the same source).
 */

/**
 * A module's name in the digest, the same in every checkout: a package by its path from `node_modules/` on, since CI
 * builds a copy whose node_modules is a link to another folder (the path relative to the copy then changed from run to
 * run, and with it the hash, the chunks' names and a few bytes of the entry's gzip); a virtual module by its id.
 */
function moduleKey(root: string, id: string): string {
  const packaged = id.lastIndexOf('/node_modules/');
  if (packaged >= 0) return id.slice(packaged + 1);
  // A virtual module's id is not a path: relative to the checkout it would name the checkout's depth.
  return id.startsWith(root) ? path.relative(root, id) : id.split(root).join('<root>');
}

export function releaseHash(root: string): Plugin & { hash: () => string } {
  const sources = new Map<string, string>();
  let digest: string | undefined;
  return {
    name: 'vitrine-release-hash',
    apply: 'build',
    buildStart() {
      sources.clear();
      digest = undefined;
    },
    transform(code, id) {
      // Transforms run in any order: the digest sorts by module before hashing.
      // Generated modules (the widget registry) name the checkout's absolute paths: hashed without them.
      sources.set(moduleKey(root, id), createHash('sha256').update(code.split(root).join('<root>')).digest('hex'));
      return null;
    },
    hash() {
      if (!digest) {
        const all = createHash('sha256');
        for (const file of BUILD_INPUTS) all.update(`${file}\0${readFileSync(path.join(root, file), 'utf8')}\n`);
        for (const id of [...sources.keys()].sort()) all.update(`${id}\0${sources.get(id)}\n`);
        // Six characters of an alphabet safe in file names and URLs, as Rolldown's own [hash:6].
        digest = all.digest('base64url').slice(0, 6);
      }
      return digest;
    },
  };
}
