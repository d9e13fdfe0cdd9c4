import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { importClosure } from './chunks.ts';

type OutputChunk = Rolldown.OutputChunk;

export const SHARED_CHUNKS_PLACEHOLDER = '__VITRINE_SHARED_CHUNKS__';

/**
 * Writes into the entry (mount/shared-chunks.ts) the chunks a first mount needs besides the widget's own:
 * the `core` group's chunk and what it and the `react` group's chunk import statically, less what the
 * entry already loaded at boot and React's chunk itself (the entry imports it by name). Runs once the
 * chunks have their final names; the entry's file name carries no hash, so rewriting it changes no other
 * chunk. A build where the placeholder or the chunks cannot be found fails: the round trip would come back
 * silently otherwise.
 */
export function sharedChunks(): Plugin {
  return {
    name: 'vitrine-shared-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[]) => importClosure(start, (file) => byFile.get(file)?.imports ?? []);
      const react = chunks.find((chunk) => chunk.name === 'react');
      const core = chunks.find((chunk) => chunk.name === 'core');
      // The entry is the one chunk that holds the placeholder (the widgets' own modules are entries too).
      const placeholder = new RegExp(`\\[\\s*(["'\`])${SHARED_CHUNKS_PLACEHOLDER}\\1\\s*\\]`, 'g');
      const holders = chunks.filter((chunk) => chunk.code.includes(SHARED_CHUNKS_PLACEHOLDER));
      const entry = holders.length === 1 ? holders[0] : undefined;
      if (!entry || !react || !core) return this.error(`shared chunks: the react chunk or the core chunk is missing, or the placeholder is in ${holders.length} chunks (one expected)`);
      const atBoot = closure([entry.fileName]);
      const shared = [...closure([react.fileName, core.fileName])].filter((file) => !atBoot.has(file) && file !== react.fileName);
      const list = shared.map((file) => JSON.stringify(`./${path.posix.relative(path.posix.dirname(entry.fileName), file)}`)).join(',');
      // The whole one-element array is matched, so a minifier that ever unrolled the loop over it fails the
      // build here instead of leaving an import() that silently rejects.
      const found = entry.code.match(placeholder)?.length ?? 0;
      if (found !== 1) return this.error(`shared chunks: the placeholder array appears ${found} times in ${entry.fileName} (one expected)`);
      entry.code = entry.code.replace(placeholder, () => `[${list}]`);
    },
  };
}
