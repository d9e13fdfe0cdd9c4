/**
 * The validator every reader of page data uses (settings globals, data attributes, server answers): a
 * few combinators, typed outputs, and issues that carry the failing value's path. Hand-written in place
 * of zod/mini, which cost about 7 KB gzip in the core chunk every page downloads (docs/decisions.md).
 *
 * A schema is a function `(value, path, issues) => output`: it pushes one issue per failure and returns
 * its output (meaningless once it pushed an issue). `safeParse` runs one. Outputs are fresh objects
 * and arrays; a `__proto__` key of the input is never copied into one, so no input can reach a prototype.
 */

/** Keys and array indices from the parsed value down to the failing one. */
export type Path = (string | number)[];

export interface Issue {
  path: Path;
  /** Only on a wrong type: 'string', 'number', 'boolean', 'object', 'array' or 'record'. */
  expected?: string | undefined;
  message: string;
}

export type Schema<T> = (value: unknown, path: Path, issues: Issue[]) => T;
/** The output type of a schema. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

export type SafeParseResult<T> = { success: true; data: T } | { success: false; issues: Issue[] };

export function safeParse<T>(schema: Schema<T>, value: unknown): SafeParseResult<T> {
  const issues: Issue[] = [];
  const data = schema(value, [], issues);
  return issues.length ? { success: false, issues } : { success: true, data };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function wrongType(name: string, value: unknown, path: Path, issues: Issue[]): never {
  issues.push({ path, expected: name, message: `expected ${name}, received ${kind(value)}` });
  return value as never;
}

const type =
  <T>(name: string, test: (value: unknown) => boolean): Schema<T> =>
  (value, path, issues) =>
    test(value) ? (value as T) : wrongType(name, value, path, issues);

export const string: Schema<string> = type('string', (value) => typeof value === 'string');
/** A finite number (NaN and the infinities are refused). */
export const number: Schema<number> = type('number', Number.isFinite);
export const boolean: Schema<boolean> = type('boolean', (value) => typeof value === 'boolean');
export const unknown: Schema<unknown> = (value) => value;

/** One of the given primitives (compared with ===): a literal, an enum, null. */
export const oneOf =
  <const T extends readonly (string | number | boolean | null)[]>(values: T): Schema<T[number]> =>
  (value, path, issues) => {
    if (!values.includes(value as T[number])) issues.push({ path, message: `expected ${values.map((v) => JSON.stringify(v)).join(' or ')}` });
    return value as T[number];
  };

export const optional =
  <T>(schema: Schema<T>): Schema<T | undefined> =>
  (value, path, issues) =>
    value === undefined ? undefined : schema(value, path, issues);

export const nullable =
  <T>(schema: Schema<T>): Schema<T | null> =>
  (value, path, issues) =>
    value === null ? null : schema(value, path, issues);

/** The first option that accepts the value; when none does, one issue at the union's own path. */
export const union =
  <const T extends readonly Schema<unknown>[]>(options: T): Schema<Infer<T[number]>> =>
  (value, path, issues) => {
    for (const option of options) {
      const own: Issue[] = [];
      const out = option(value, path, own);
      if (!own.length) return out as Infer<T[number]>;
    }
    issues.push({ path, message: 'not an accepted value' });
    return value as Infer<T[number]>;
  };

/** Runs `next` on the output of `schema` when it passed (z.pipe). */
export const pipe =
  <T, U>(schema: Schema<T>, next: (value: T, path: Path, issues: Issue[]) => U): Schema<U> =>
  (value, path, issues) => {
    const before = issues.length;
    const out = schema(value, path, issues);
    return issues.length > before ? (out as unknown as U) : next(out, path, issues);
  };

/** The output of `schema` changed by `change` (z.transform); never refuses. */
export const map = <T, U>(schema: Schema<T>, change: (value: T) => U): Schema<U> => pipe(schema, (value) => change(value));

/** The output of `schema`, refused with `message` unless `test` accepts it. */
export const refine = <T>(schema: Schema<T>, test: (value: T) => boolean, message: string | ((value: T) => string)): Schema<T> =>
  pipe(schema, (value, path, issues) => {
    if (!test(value)) issues.push({ path, message: typeof message === 'string' ? message : message(value) });
    return value;
  });

/** A string the pattern matches (no `g` or `y` flag: the test must not keep state). */
export const matches = (pattern: RegExp): Schema<string> => refine(string, (value) => pattern.test(value), `expected text matching ${pattern}`);

export const array =
  <T>(item: Schema<T>): Schema<T[]> =>
  (value, path, issues) =>
    Array.isArray(value) ? value.map((entry, i) => item(entry, [...path, i], issues)) : wrongType('array', value, path, issues);

/** An object (not an array) whose own values all pass `item`; a `__proto__` key is skipped (zod's record did so too). */
export const record =
  <T>(item: Schema<T>): Schema<Record<string, T>> =>
  (value, path, issues) => {
    if (!isObject(value)) return wrongType('record', value, path, issues);
    const out: Record<string, T> = {};
    for (const key of Object.keys(value)) if (key !== '__proto__') out[key] = item(value[key], [...path, key], issues);
    return out;
  };

export type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: undefined extends Infer<S[K]> ? K : never }[keyof S];
type Flat<T> = { [K in keyof T]: T[K] } & {};
/** A key whose schema may give undefined is optional. */
export type ObjectOutput<S extends Shape> = Flat<{ [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }>;

/** An object schema exposes its fields' schemas as `shape` (the resilience sweep generates bad values from it). */
export type ObjectSchema<S extends Shape, T = ObjectOutput<S>> = Schema<T> & { readonly shape: S };

function shaped<S extends Shape, T>(shape: S, loose: boolean): ObjectSchema<S, T> {
  const schema: Schema<T> = (value, path, issues) => {
    if (!isObject(value)) return wrongType('object', value, path, issues);
    const out: Record<string, unknown> = {};
    for (const key in shape) {
      const parsed = (shape[key] as Schema<unknown>)(value[key], [...path, key], issues);
      // An absent optional field stays absent.
      if (parsed !== undefined || key in value) out[key] = parsed;
    }
    // looseObject: the other own keys after the fields.
    if (loose) for (const key of Object.keys(value)) if (key !== '__proto__' && !Object.hasOwn(out, key)) out[key] = value[key];
    return out as T;
  };
  return Object.assign(schema, { shape });
}

/** An object with these fields; other keys are dropped. A missing field is read as undefined. */
export const object = <S extends Shape>(shape: S): ObjectSchema<S> => shaped(shape, false);
/** An object with these fields; other own keys are kept as they are. */
export const looseObject = <S extends Shape>(shape: S): ObjectSchema<S, ObjectOutput<S> & Record<string, unknown>> => shaped(shape, true);
