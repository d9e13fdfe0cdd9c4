// Reading what WordPress printed: script tags, localized globals and the fixture's script graph.

export interface ScriptTag {
  attrs: Record<string, string>;
  body: string;
}

export interface ScriptGraph {
  wp_version: string;
  /** The WooCommerce version the fixture reproduces (10.3.0, 11.0.0, 9.4.0 or 8.5.0: the option fixture_wc_version). */
  wc_version: string;
  /** Legacy alias handles enqueued or printed: what WooCommerce 10.3.0 reports as deprecated. */
  legacy: string[];
  registered: Record<string, { src: string | false; deps: string[]; footer: boolean }>;
  queue: string[];
  done: string[];
  replaced: string[];
}

export function scriptTags(html: string): ScriptTag[] {
  const tags: ScriptTag[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs: Record<string, string> = {};
    for (const attr of (match[1] ?? '').matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[attr[1]!.toLowerCase()] = attr[2] ?? attr[3] ?? attr[4] ?? '';
    }
    tags.push({ attrs, body: match[2] ?? '' });
  }
  return tags;
}

/** Handles printed with a source (`<script src … id="handle-js">`). */
export function printedHandles(html: string): string[] {
  return scriptTags(html)
    .filter((tag) => tag.attrs.src !== undefined && tag.attrs.id?.endsWith('-js'))
    .map((tag) => tag.attrs.id!.replace(/-js$/, ''));
}

/** The globals wp_localize_script printed: `var name = {json};` lines of the `handle-js-extra` scripts. */
export function localizedGlobals(html: string): Map<string, unknown> {
  const globals = new Map<string, unknown>();
  for (const tag of scriptTags(html)) {
    if (!tag.attrs.id?.endsWith('-js-extra')) continue;
    for (const line of tag.body.matchAll(/^\s*var ([\w$]+) = (.+);\s*$/gm)) globals.set(line[1]!, JSON.parse(line[2]!));
  }
  return globals;
}

export function scriptGraph(html: string): ScriptGraph {
  const tag = scriptTags(html).find((t) => t.attrs.id === 'fixture-script-graph');
  if (!tag) throw new Error('the page has no fixture script graph (did the fixture plugin run?)');
  return JSON.parse(tag.body) as ScriptGraph;
}

/** Every handle the given roots depend on, directly or not, following the registered dependencies. */
export function dependencies(graph: ScriptGraph, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots].flatMap((handle) => graph.registered[handle]?.deps ?? []);
  while (stack.length > 0) {
    const handle = stack.pop()!;
    if (seen.has(handle)) continue;
    seen.add(handle);
    stack.push(...(graph.registered[handle]?.deps ?? []));
  }
  return seen;
}

/** What the Vitrine plugin reported for the page (`var vitrine_scripts = {…};`, vitrine_print_report). */
export interface PluginReport {
  replaced: string[];
  restored: Record<string, string[]>;
  served: Record<string, string[]>;
  aside: Record<string, string>;
}

export function pluginReport(html: string): PluginReport {
  const tag = scriptTags(html).find((t) => t.attrs.id === 'vitrine-scripts');
  // wp_print_inline_script_tag: WordPress 6.4+ puts the code on a line of its own.
  const json = tag?.body.trim().match(/^var vitrine_scripts = (.*);$/s)?.[1];
  if (!json) throw new Error('the page has no vitrine_scripts report');
  return JSON.parse(json) as PluginReport;
}
