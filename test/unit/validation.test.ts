import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type Issue, safeParse } from '../../src/validation';

/**
 * zod's issues in Vitrine's wording (src/validation.ts): what src/settings and the widgets' errors print, and
 * what the readers rely on zod for (every field checked, absent optional fields absent, no prototype reached).
 */
const ok = <S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> => {
  const result = safeParse(schema, value);
  if (!result.success) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result.data;
};
const issues = (schema: z.ZodMiniType, value: unknown): Issue[] => {
  const result = safeParse(schema, value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  return result.issues;
};

describe('issues in Vitrine\'s wording', () => {
  it.each([
    ['string', z.string(), ['', 'x'], [1, null, undefined, {}, [], true]],
    ['number', z.number(), [0, -1, 1.5], ['1', Number.NaN, Number.POSITIVE_INFINITY, null, undefined]],
    ['boolean', z.boolean(), [true, false], ['true', 1, 0, null, undefined]],
  ] as const)('%s: a wrong type names what was expected and what came', (name, schema, good, bad) => {
    for (const value of good) expect(ok(schema, value)).toBe(value);
    for (const value of bad) expect(issues(schema, value)).toEqual([{ path: [], expected: name, message: expect.stringMatching(new RegExp(`^expected ${name}, received `)) }]);
    expect(issues(z.object({ a: schema }), { a: [] })).toEqual([{ path: ['a'], expected: name, message: `expected ${name}, received array` }]);
  });

  it('literals list the accepted values', () => {
    const schema = z.literal(['1', '', 0, false, null]);
    for (const value of ['1', '', 0, false, null]) expect(ok(schema, value)).toBe(value);
    for (const value of [1, '0', undefined, true, 'x']) expect(issues(schema, value)).toEqual([{ path: [], message: 'expected "1" or "" or 0 or false or null' }]);
  });

  it('a regex names its pattern; a refine keeps its own message, fixed or computed', () => {
    expect(issues(z.string().check(z.regex(/^[A-Z]{3}$/)), 'euro')).toEqual([{ path: [], message: 'expected text matching /^[A-Z]{3}$/' }]);
    const positive = z.number().check(z.refine((n) => n > 0, { error: (issue) => `${String(issue.input)} is not positive` }));
    expect(issues(positive, -2)).toEqual([{ path: [], message: '-2 is not positive' }]);
    expect(issues(z.string().check(z.refine((v) => v !== '', { error: 'needs text' })), '')).toEqual([{ path: [], message: 'needs text' }]);
  });

  it('a union that takes nothing is one issue at its own path, without `expected` (src/settings then names the value)', () => {
    const schema = z.object({ a: z.union([z.number(), z.boolean(), z.object({ n: z.number() })]) });
    expect(ok(schema, { a: true })).toEqual({ a: true });
    expect(issues(schema, { a: 'five' })).toEqual([{ path: ['a'], message: 'not an accepted value' }]);
    // zod reports the one option whose type matched with that option's own issue: more precise, still without `expected`.
    const numeric = z.object({ a: z.union([z.number(), z.string().check(z.regex(/^\d+$/))]) });
    expect(issues(numeric, { a: 'five' })).toEqual([{ path: ['a'], message: 'expected text matching /^\\d+$/' }]);
  });

  it('objects: every field checked and reported with its path, the global itself named by an empty path', () => {
    const schema = z.object({ a: z.string(), b: z.optional(z.number()), inner: z.object({ c: z.boolean() }) });
    expect(ok(schema, { a: 'x', inner: { c: true, d: 1 }, e: 2 })).toEqual({ a: 'x', inner: { c: true } });
    expect(issues(schema, { b: 'x', inner: { c: 'no' } })).toEqual([
      { path: ['a'], expected: 'string', message: 'expected string, received undefined' },
      { path: ['b'], expected: 'number', message: 'expected number, received string' },
      { path: ['inner', 'c'], expected: 'boolean', message: 'expected boolean, received string' },
    ]);
    for (const value of [[], 'x', null, 5]) expect(issues(schema, value)).toEqual([expect.objectContaining({ path: [], expected: 'object' })]);
    expect(issues(z.record(z.string(), z.string()), [])).toEqual([{ path: [], expected: 'record', message: 'expected record, received array' }]);
    expect(issues(z.array(z.number()), [1, 'a', 3, null]).map((issue) => issue.path)).toEqual([[1], [3]]);
  });
});

describe('what the readers rely on', () => {
  it('an absent optional field stays absent, a present undefined stays present', () => {
    const schema = z.object({ a: z.optional(z.string()) });
    expect(Object.keys(ok(schema, {}))).toEqual([]);
    expect(Object.keys(ok(schema, { a: undefined }))).toEqual(['a']);
  });

  it('a missing key goes through a reader that starts from unknown with a default (instant search\'s settings)', () => {
    const read = z.pipe(z._default(z.unknown(), undefined), z.transform((value) => value ?? 'default'));
    expect(ok(z.object({ a: read }), {})).toEqual({ a: 'default' });
  });

  it('looseObject keeps the other own keys; outputs are fresh', () => {
    const out = ok(z.looseObject({ id: z.pipe(z.union([z.number(), z.string()]), z.transform(Number)) }), { extra: [1], id: '7', constructor: 'own key' });
    expect(out).toEqual({ id: 7, extra: [1], constructor: 'own key' });
    const input = { list: [1], bag: { a: 'x' } };
    const fresh = ok(z.object({ list: z.array(z.number()), bag: z.record(z.string(), z.string()) }), input);
    expect(fresh.list).not.toBe(input.list);
    expect(fresh.bag).not.toBe(input.bag);
  });

  it('no schema writes onto Object.prototype or gives an output another prototype', () => {
    const hostile = () =>
      JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "name": "x", "bag": {"__proto__": {"polluted": "yes"}, "a": "b"}}');
    const parsingBag = [z.looseObject({ bag: z.record(z.string(), z.unknown()) }), z.object({ bag: z.looseObject({}) }), z.object({ bag: z.object({ a: z.string() }) })];
    for (const schema of [z.object({ name: z.string() }), z.looseObject({ name: z.string() }), z.record(z.string(), z.unknown()), ...parsingBag]) {
      const out = ok(schema as z.ZodMiniType, hostile()) as Record<string, unknown>;
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
      expect(Object.hasOwn(out, '__proto__')).toBe(false);
      expect((out as { polluted?: unknown }).polluted).toBeUndefined();
      if (parsingBag.includes(schema as never)) {
        const bag = out.bag as Record<string, unknown>;
        expect(Object.getPrototypeOf(bag)).toBe(Object.prototype);
        expect(bag).toEqual({ a: 'b' });
      }
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('an inherited field is read like an own one (a global whose prototype was set by a literal __proto__)', () => {
    expect(ok(z.object({ name: z.string() }), Object.create({ name: 'inherited' }))).toEqual({ name: 'inherited' });
  });
});
