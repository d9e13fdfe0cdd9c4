/**
 * Validation at every boundary (settings globals, data attributes, server answers) is zod's (`zod/mini`); this
 * module is the one place its issues become Vitrine's wording, which the console errors have always used:
 * `field: expected string, received number` (src/settings), `expected "yes" or "no"`, `not an accepted value`,
 * `expected text matching /…/`, or the message a check gave. Readers get `{ path, expected, message }` issues.
 *
 * zod/mini composes its schemas out of functions (`z.optional(z.string())`), so a page carries only what its
 * schemas use; its own messages are not loaded (every one would say "Invalid input"), hence the mapping here.
 *
 * Every schema module takes `z` from here, so zod is configured before any schema exists: `jitless`, because zod
 * otherwise compiles each object schema with `new Function`, which a shop's strict Content-Security-Policy refuses
 * and reports (even zod's own probe for it shows as a violation), and which only pays for values parsed many
 * times; Vitrine parses each global and attribute once.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };

/** Keys and array indices from the parsed value down to the failing one. */
export type Path = (string | number)[];

export interface Issue {
  path: Path;
  /** Only on a wrong type: 'string', 'number', 'boolean', 'object', 'array' or 'record'. */
  expected?: string | undefined;
  message: string;
}

export type SafeParseResult<T> = { success: true; data: T } | { success: false; issues: Issue[] };

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** The value at `path` inside `root` (the input, for saying what was received). */
export function valueAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' && Object.hasOwn(node, key) ? (node as Record<PropertyKey, unknown>)[key] : undefined), root);
}

function issueOf(issue: z.core.$ZodIssue, root: unknown): Issue {
  const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
  switch (issue.code) {
    case 'invalid_type':
      return { path, expected: issue.expected, message: `expected ${issue.expected}, received ${kind(valueAt(root, path))}` };
    case 'invalid_value':
      return { path, message: `expected ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}` };
    case 'invalid_union':
      return { path, message: 'not an accepted value' };
    case 'invalid_format':
      return { path, message: issue.format === 'regex' && issue.message === 'Invalid input' ? `expected text matching ${issue.pattern}` : issue.message };
    default:
      return { path, message: issue.message };
  }
}

/** Runs a zod schema; its issues come back in Vitrine's wording, with their paths. */
export function safeParse<S extends z.ZodMiniType>(schema: S, value: unknown): SafeParseResult<z.output<S>> {
  const result = schema.safeParse(value);
  return result.success ? { success: true, data: result.data } : { success: false, issues: result.error.issues.map((issue) => issueOf(issue, value)) };
}
