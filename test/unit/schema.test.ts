import { describe, expect, expectTypeOf, it } from 'vitest';
import * as s from '../../src/schema';

const ok = <T>(schema: s.Schema<T>, value: unknown): T => {
  const result = s.safeParse(schema, value);
  if (!result.success) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result.data;
};
const issues = (schema: s.Schema<unknown>, value: unknown): s.Issue[] => {
  const result = s.safeParse(schema, value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  return result.issues;
};

describe('primitives', () => {
  it.each([
    ['string', s.string, ['', 'x'], [1, null, undefined, {}, [], true]],
    ['number', s.number, [0, -1, 1.5], ['1', NaN, Infinity, -Infinity, null, undefined]],
    ['boolean', s.boolean, [true, false], ['true', 1, 0, null, undefined]],
  ] as const)('%s accepts its type and refuses the others, naming what it expected', (name, schema, good, bad) => {
    for (const value of good) expect(ok(schema as s.Schema<unknown>, value)).toBe(value);
    for (const value of bad) expect(issues(schema, value)).toEqual([{ path: [], expected: name, message: expect.stringMatching(new RegExp(`^expected ${name}, received `)) }]);
  });

  it('unknown takes anything, undefined included', () => {
    for (const value of [undefined, null, 0, '', {}, []]) expect(ok(s.unknown, value)).toBe(value);
  });

  it('oneOf compares with ===: literals, enums, null', () => {
    const schema = s.oneOf(['1', '', 0, false, null]);
    for (const value of ['1', '', 0, false, null]) expect(ok(schema, value)).toBe(value);
    for (const value of [1, '0', undefined, true, 'x']) expect(issues(schema, value)[0]).toEqual({ path: [], message: 'expected "1" or "" or 0 or false or null' });
  });

  it('matches tests strings only', () => {
    const code = s.matches(/^[A-Z]{3}$/);
    expect(ok(code, 'EUR')).toBe('EUR');
    expect(issues(code, 'euro')).toEqual([{ path: [], message: 'expected text matching /^[A-Z]{3}$/' }]);
    expect(issues(code, 123)[0]?.expected).toBe('string');
  });
});

describe('wrappers', () => {
  it('optional lets undefined through, nullable null; neither lets the other', () => {
    expect(ok(s.optional(s.string), undefined)).toBeUndefined();
    expect(issues(s.optional(s.string), null)[0]?.expected).toBe('string');
    expect(ok(s.nullable(s.string), null)).toBeNull();
    expect(issues(s.nullable(s.string), undefined)[0]?.expected).toBe('string');
    expect(ok(s.optional(s.nullable(s.number)), null)).toBeNull();
  });

  it('union takes the first option that accepts; otherwise one issue at its own path, without `expected`', () => {
    const schema = s.union([s.number, s.matches(/^\d+$/), s.object({ n: s.number })]);
    expect(ok(schema, 5)).toBe(5);
    expect(ok(schema, '5')).toBe('5');
    expect(ok(schema, { n: 1, extra: true })).toEqual({ n: 1 });
    expect(issues(s.object({ a: schema }), { a: 'five' })).toEqual([{ path: ['a'], message: 'not an accepted value' }]);
    // An option's own issues (here at a.n) are not reported: the union is what failed.
    expect(issues(s.object({ a: schema }), { a: { n: 'x' } })).toEqual([{ path: ['a'], message: 'not an accepted value' }]);
  });

  it('refine checks the output only when the schema passed, with a fixed or computed message', () => {
    const positive = s.refine(s.number, (n) => n > 0, (n) => `${n} is not positive`);
    expect(ok(positive, 3)).toBe(3);
    expect(issues(positive, -2)).toEqual([{ path: [], message: '-2 is not positive' }]);
    expect(issues(positive, 'x')).toHaveLength(1);
    expect(issues(s.refine(s.string, (v) => v !== '', 'needs text'), '')).toEqual([{ path: [], message: 'needs text' }]);
  });

  it('map changes the output and never refuses; it does not run after a failure', () => {
    let runs = 0;
    const doubled = s.map(s.number, (n) => {
      runs++;
      return n * 2;
    });
    expect(ok(doubled, 4)).toBe(8);
    expect(issues(doubled, '4')).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it('pipe hands the output on, with the same path', () => {
    const list = s.pipe(
      s.map(s.unknown, (value) => (typeof value === 'string' ? value.split(',') : value)),
      s.array(s.matches(/^\w+$/)),
    );
    expect(ok(list, 'a,b')).toEqual(['a', 'b']);
    expect(issues(s.object({ tags: list }), { tags: 'a,b c' })).toEqual([{ path: ['tags', 1], message: 'expected text matching /^\\w+$/' }]);
  });
});

describe('collections and objects', () => {
  it('array: every item, paths with indices; refuses non-arrays', () => {
    expect(ok(s.array(s.number), [1, 2])).toEqual([1, 2]);
    expect(issues(s.array(s.number), [1, 'a', 3, null]).map((issue) => issue.path)).toEqual([[1], [3]]);
    expect(issues(s.array(s.number), { 0: 1 })[0]).toMatchObject({ path: [], expected: 'array' });
  });

  it('record: every own value, paths with keys; refuses arrays and non-objects', () => {
    expect(ok(s.record(s.string), { a: 'x', b: 'y' })).toEqual({ a: 'x', b: 'y' });
    expect(issues(s.record(s.string), { a: 'x', b: 2 })).toEqual([{ path: ['b'], expected: 'string', message: 'expected string, received number' }]);
    for (const value of [[], 'x', null, undefined]) expect(issues(s.record(s.string), value)[0]).toMatchObject({ path: [], expected: 'record' });
  });

  it('object: every field checked, every issue reported with its path; unknown keys dropped', () => {
    const schema = s.object({ a: s.string, b: s.optional(s.number), inner: s.object({ c: s.boolean }) });
    expect(ok(schema, { a: 'x', inner: { c: true, d: 1 }, e: 2 })).toEqual({ a: 'x', inner: { c: true } });
    expect(issues(schema, { b: 'x', inner: { c: 'no' } })).toEqual([
      { path: ['a'], expected: 'string', message: 'expected string, received undefined' },
      { path: ['b'], expected: 'number', message: 'expected number, received string' },
      { path: ['inner', 'c'], expected: 'boolean', message: 'expected boolean, received string' },
    ]);
    for (const value of [[], 'x', null, 5]) expect(issues(schema, value)).toEqual([expect.objectContaining({ path: [], expected: 'object' })]);
  });

  it('object: an absent optional field stays absent, a present undefined stays present', () => {
    const schema = s.object({ a: s.optional(s.string) });
    expect(Object.keys(ok(schema, {}))).toEqual([]);
    expect(Object.keys(ok(schema, { a: undefined }))).toEqual(['a']);
  });

  it('looseObject keeps the other own keys, after the fields', () => {
    const schema = s.looseObject({ id: s.map(s.union([s.number, s.string]), Number) });
    const out = ok(schema, { extra: [1], id: '7', constructor: 'own key' });
    expect(out).toEqual({ id: 7, extra: [1], constructor: 'own key' });
    expect(Object.keys(out)).toEqual(['id', 'extra', 'constructor']);
  });

  it('object schemas expose their fields as shape', () => {
    const name = s.string;
    const schema = s.object({ name });
    expect(schema.shape.name).toBe(name);
    expect(Object.keys(s.looseObject({ a: s.unknown, b: s.unknown }).shape)).toEqual(['a', 'b']);
  });

  it('outputs are fresh: the input is never changed', () => {
    const input = { list: [1], bag: { a: 'x' } };
    const out = ok(s.object({ list: s.array(s.number), bag: s.record(s.string) }), input);
    expect(out.list).not.toBe(input.list);
    expect(out.bag).not.toBe(input.bag);
  });
});

describe('prototype pollution', () => {
  const hostile = () =>
    JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "name": "x", "bag": {"__proto__": {"polluted": "yes"}, "a": "b"}}');

  it('no schema writes onto Object.prototype or gives an output another prototype', () => {
    // The ones that parse `bag` (a looseObject passes the other keys' values on as they are).
    const parsingBag = [s.looseObject({ bag: s.record(s.unknown) }), s.object({ bag: s.looseObject({}) }), s.object({ bag: s.object({ a: s.string }) })];
    for (const schema of [s.object({ name: s.string }), s.looseObject({ name: s.string }), s.record(s.unknown), ...parsingBag]) {
      const result = s.safeParse(schema as s.Schema<unknown>, hostile());
      expect(result.success).toBe(true);
      const out = (result as { data: Record<string, unknown> }).data;
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
      expect(Object.hasOwn(out, '__proto__')).toBe(false);
      expect((out as { polluted?: unknown }).polluted).toBeUndefined();
      const bag = out.bag as Record<string, unknown> | undefined;
      if (parsingBag.includes(schema as never)) {
        expect(Object.getPrototypeOf(bag)).toBe(Object.prototype);
        expect(bag).toEqual({ a: 'b' });
        expect(Object.hasOwn(bag!, '__proto__')).toBe(false);
      }
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('a __proto__ key is skipped by record, not validated (as zod did)', () => {
    expect(ok(s.record(s.string), JSON.parse('{"__proto__": 5, "a": "b"}'))).toEqual({ a: 'b' });
  });

  it('an inherited field is read like an own one (a global whose prototype was set by a literal __proto__)', () => {
    const value = Object.create({ name: 'inherited' }) as object;
    expect(ok(s.object({ name: s.string }), value)).toEqual({ name: 'inherited' });
  });
});

describe('type inference', () => {
  it('Infer gives the output type; fields that may be undefined are optional', () => {
    const schema = s.looseObject({
      id: s.union([s.number, s.matches(/^\d+$/)]),
      kind: s.oneOf(['a', 'b']),
      tags: s.optional(s.array(s.string)),
      meta: s.nullable(s.record(s.unknown)),
      count: s.map(s.unknown, Number),
      inner: s.object({ flag: s.optional(s.boolean) }),
    });
    type Out = s.Infer<typeof schema>;
    expectTypeOf<Out['id']>().toEqualTypeOf<number | string>();
    expectTypeOf<Out['kind']>().toEqualTypeOf<'a' | 'b'>();
    expectTypeOf<Out['tags']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<Out['meta']>().toEqualTypeOf<Record<string, unknown> | null>();
    expectTypeOf<Out['count']>().toEqualTypeOf<number>();
    expectTypeOf<Out['inner']>().toEqualTypeOf<{ flag?: boolean | undefined }>();
    expectTypeOf<{ id: 1; kind: 'a'; meta: null; count: 1; inner: { flag?: boolean } }>().toExtend<Out>();
    // A required field cannot be left out.
    expectTypeOf<{ kind: 'a'; meta: null; count: 1; inner: { flag?: boolean } }>().not.toExtend<Out>();
    const result = s.safeParse(schema, {});
    if (result.success) expectTypeOf(result.data).toEqualTypeOf<Out>();
    else expectTypeOf(result.issues).toEqualTypeOf<s.Issue[]>();
  });
});
