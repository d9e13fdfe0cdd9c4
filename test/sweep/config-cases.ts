import type * as z from 'zod/mini';
import { type SettingsSchema, settingsSchemas } from '../../src/settings.ts';
// Defining the buying and privacy globals registers them with src/settings.ts.
import '../../src/settings-buying.ts';
import '../../src/settings-privacy.ts';
import { searchSettingsSchema } from '../../widgets/instant-search/settings.ts';
import { safeParse } from '../../src/validation.ts';
import { swatchSettingsSchema } from '../../widgets/swatches/schema.ts';
import { FIELD_KINDS, takes } from './config-oracle.ts';

// Malformed settings globals: for every field of the globals the zod schemas read, the values of a fixed
// pool the field must refuse, as config-oracle.ts (written apart from the schemas) says. A page load
// ("round") sets every field of a global to its r-th refused value at once, so one console error must name all of them; the special rounds break the
// global as a whole, fill its texts with huge strings, or hide prototype-pollution keys in it.

export const SCHEMAS: Record<string, SettingsSchema> = {
  ...settingsSchemas(),
  cfvsw_swatches_settings: swatchSettingsSchema,
  // The instant search's settings live one level down, one entry per search widget.
  'swsL10n.widgets.1': searchSettingsSchema,
};

/**
 * Fields that are not settings but the widget's mount point: swsL10n's selector names the forms the
 * instant search takes over, so a broken one leaves nothing to mount (and nothing to report).
 */
const MOUNT_POINT_FIELDS: Record<string, string[]> = { 'swsL10n.widgets.1': ['selector'] };

/** The JavaScript expression that reads and writes a global (`swsL10n.widgets.1` is an entry of swsL10n). */
export const access = (global: string) =>
  global.includes('.') ? `window.${global.split('.').map((part, i) => (i === 0 ? part : `[${JSON.stringify(part)}]`)).join('')}` : `window.${global}`;

/** Wrong types, out-of-range numbers, a word where a flag or an option is expected, nothing at all. */
const POOL: unknown[] = [42, -1, true, 'not-a-valid-value', {}, [], null];

/** A text of 200 000 characters, for the fields whose schema takes a string and that are shown as text. */
export const HUGE = 'Ж'.repeat(200_000);
const SHOWN_TEXT = /i18n|text|label/i;

export interface Round {
  kind: 'fields' | 'itself' | 'huge' | 'prototype';
  /** JavaScript source of the global's new value, run after the page printed its own (which it may build on). */
  source: string;
  /** Fields the one console error must name; empty: no error expected. */
  badFields: string[];
  /** Number of malformed inputs this round holds for the global. */
  cases: number;
}

/** The pool's values a field must refuse, by the oracle written apart from the schemas (config-oracle.ts). */
export function refused(global: string, field: string): unknown[] {
  const kind = FIELD_KINDS[global]?.[field];
  if (!kind) throw new Error(`config-oracle.ts does not say what ${global}.${field} holds: add it there`);
  return POOL.filter((value) => !takes(kind, value));
}

/** Where the schema the product reads a global with disagrees with the oracle, one line per pool value. */
export function disagreements(global: string): string[] {
  const { shape } = SCHEMAS[global]!;
  return Object.keys(shape).flatMap((field) => {
    const mustRefuse = refused(global, field);
    return POOL.filter((value) => safeParse(shape[field] as z.ZodMiniType, value).success === mustRefuse.includes(value)).map(
      (value) => `${global}.${field} = ${JSON.stringify(value)}: the schema ${mustRefuse.includes(value) ? 'takes' : 'refuses'} it`,
    );
  });
}

/** Every round for one global, from its schema. */
export function roundsFor(global: string): Round[] {
  const { shape } = SCHEMAS[global]!;
  const fields = Object.keys(shape).filter((field) => !MOUNT_POINT_FIELDS[global]?.includes(field));
  const wrong = Object.fromEntries(fields.map((field) => [field, refused(global, field)]));
  const depth = Math.max(...fields.map((field) => wrong[field]?.length ?? 0));
  const rounds: Round[] = [];
  for (let r = 0; r < depth; r++) {
    const value: Record<string, unknown> = {};
    for (const field of fields) {
      const pool = wrong[field] ?? [];
      if (r < pool.length) value[field] = pool[r];
    }
    // The page's own value with the bad fields over it: the other fields stay as printed.
    rounds.push({ kind: 'fields', source: `Object.assign({}, ${access(global)}, ${JSON.stringify(value)})`, badFields: Object.keys(value), cases: Object.keys(value).length });
  }
  // An entry that is not an object has no selector either (see MOUNT_POINT_FIELDS): only whole globals are broken so.
  if (!global.includes('.')) rounds.push({ kind: 'itself', source: JSON.stringify('a string, not an object'), badFields: ['(the global itself)'], cases: 1 });
  const huge = Object.fromEntries(fields.filter((field) => SHOWN_TEXT.test(field) && safeParse(shape[field] as z.ZodMiniType, HUGE).success).map((field) => [field, HUGE]));
  if (Object.keys(huge).length > 0) rounds.push({ kind: 'huge', source: `Object.assign({}, ${access(global)}, ${JSON.stringify(huge)})`, badFields: [], cases: Object.keys(huge).length });
  // Keys that pollute Object.prototype when code merges the global carelessly: as parsed JSON (own
  // `__proto__` and `constructor.prototype` properties) and as the literal wp_localize_script prints
  // (whose `__proto__` key sets the object's prototype).
  const bait = (tag: string) => `{"polluted_${tag}": "yes"}`;
  rounds.push({
    kind: 'prototype',
    source: `(() => {
      const parsed = JSON.parse('{"__proto__": ${bait('json')}, "constructor": {"prototype": ${bait('json_ctor')}}, "prototype": ${bait('json_proto')}}');
      const literal = {"__proto__": ${bait('literal')}};
      return Object.setPrototypeOf(Object.assign(parsed, ${access(global)}), Object.getPrototypeOf(literal));
    })()`,
    badFields: [],
    cases: 4,
  });
  return rounds;
}

/** The fields a global has (for the row's figure). */
export const fieldCount = (global: string) => Object.keys(SCHEMAS[global]!.shape).filter((field) => !MOUNT_POINT_FIELDS[global]?.includes(field)).length;
