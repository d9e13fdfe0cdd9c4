import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

// The XSS sweep's payloads (test/fixtures/xss/README.md says where they come from), each rewritten so
// that running it is seen: every alert/prompt/confirm/msgbox call becomes `__xss(<id>)`, which records
// the id in the page. Payloads that call no such function, or hide the call in an encoding, are still
// caught by the page's alert/prompt/confirm/print being replaced with recorders (unattributed, id -1).

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/xss');

export interface Payload {
  /** `sink × 10000 + n`: a run names both the payload and the sink it went through. */
  id: number;
  source: 'blns' | 'owasp';
  text: string;
}

/** Ids of one sink start here: `__xss(30012)` is payload 12 through sink 3. */
export const SINK_ID_BASE = 10000;
const MARK = '__XSS_ID__';

const CALL = /\b(alert|prompt|confirm|msgbox)\s*(\((?:[^()]|\([^()]*\))*\)|`[^`]*`)/g;

function load(file: string): string[] {
  return JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as string[];
}

let templates: { source: Payload['source']; text: string }[] | undefined;

/** Every payload once (the lists overlap a little), with a marker where the recorder's id goes. */
function loadTemplates() {
  if (templates) return templates;
  const seen = new Set<string>();
  templates = [];
  const add = (source: Payload['source'], text: string) => {
    if (seen.has(text)) return;
    seen.add(text);
    templates?.push({ source, text: text.replace(CALL, `__xss(${MARK})`) });
  };
  for (const text of load('blns.json')) add('blns', text);
  for (const text of load('owasp-filter-evasion.json')) add('owasp', text);
  return templates;
}

/** The payloads for sink number `sink` (1, 2, …), instrumented with ids of that sink. */
export function payloadsFor(sink: number): Payload[] {
  return loadTemplates().map(({ source, text }, index) => {
    const id = sink * SINK_ID_BASE + index + 1;
    return { id, source, text: text.replaceAll(MARK, String(id)) };
  });
}

/** The sink a recorded run came from (0: an uninstrumented payload's dialog call). */
export const sinkOf = (run: number) => (run < 0 ? 0 : Math.floor(run / SINK_ID_BASE));

/** How many payloads carry an instrumented call (the rest are naughty strings without code). */
export const instrumented = (payloads: Payload[]) => payloads.filter((p) => p.text.includes(`__xss(${p.id})`)).length;

/** All payloads in one text, for a sink that holds one string (a setting, a label). */
export const joined = (payloads: Payload[]) => payloads.map((p) => p.text).join('\n');
export const texts = (payloads: Payload[]) => payloads.map((p) => p.text);

/**
 * Runs before any page script: `__xss(id)` records the id. The dialog functions record their message:
 * a widget may show a settings text in one (the variation form alerts its make-a-selection text, as
 * WooCommerce does), which is the text shown, not a payload running; such messages carry the sink's
 * marker (`sweep-sink-N`). A dialog call without it is an uninstrumented payload that ran.
 */
export const XSS_RECORDER = `(() => {
  const runs = [];
  const dialogs = [];
  Object.defineProperty(window, '__xssRuns', { value: runs });
  Object.defineProperty(window, '__xssDialogs', { value: dialogs });
  window.__xss = (id) => { runs.push(Number(id)); };
  for (const name of ['alert', 'prompt', 'confirm', 'print']) window[name] = (message) => { dialogs.push(String(message)); };
})();`;

const MARKER = 'sweep-sink-';

/** Payload ids that ran in the page so far (-1: a dialog opened by an uninstrumented payload). */
export async function runsIn(page: Page): Promise<number[]> {
  const { runs, dialogs } = await page.evaluate(() => {
    const w = window as unknown as { __xssRuns?: number[]; __xssDialogs?: string[] };
    return { runs: [...(w.__xssRuns ?? [])], dialogs: [...(w.__xssDialogs ?? [])] };
  });
  return [...runs, ...dialogs.filter((message) => !message.includes(MARKER)).map(() => -1)];
}

/** Messages of the dialogs the page opened with a sink's text in them. */
export async function dialogTexts(page: Page): Promise<string[]> {
  const dialogs = await page.evaluate(() => [...((window as unknown as { __xssDialogs?: string[] }).__xssDialogs ?? [])]);
  return dialogs.filter((message) => message.includes(MARKER));
}

/**
 * Every request leaving 127.0.0.1 is refused (payloads point at xss.rocks and CDNs), and the browser's
 * own failures to load a resource the markup names (an `<img src=x>` a sanitiser rightly kept) are
 * not errors of the page's code: the console errors counted are the others.
 */
export function pageErrors(all: string[]): string[] {
  return all.filter((text) => !text.startsWith('Failed to load resource'));
}
