import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FormObject, type FormValue, formEncode } from '../../../src/http/form';

/**
 * A small model of PHP's request parsing: `a[b][]=x` builds nested arrays. `[]` appends, `[k]`
 * sets a key. Objects and arrays are both modelled as Maps/arrays so key order and '__proto__' are safe.
 */
type Php = string | Php[] | Map<string, Php>;

function phpParse(params: URLSearchParams): Map<string, Php> {
  const root = new Map<string, Php>();
  for (const [name, value] of params) {
    const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(name);
    if (!match) throw new Error(`unexpected key ${name}`);
    const keys = [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] as string)];
    let node: Map<string, Php> | Php[] = root;
    keys.forEach((key, depth) => {
      const last = depth === keys.length - 1;
      const nextIsPush = keys[depth + 1] === '';
      const make = (): Php => (last ? value : nextIsPush ? [] : new Map());
      if (Array.isArray(node)) {
        const child = make();
        node.push(child);
        if (!last) node = child as Map<string, Php> | Php[];
        return;
      }
      const existing = node.get(key);
      if (last) node.set(key, value);
      else if (existing !== undefined && typeof existing !== 'string') node = existing;
      else {
        const child = make() as Map<string, Php> | Php[];
        node.set(key, child);
        node = child;
      }
    });
  }
  return root;
}

/** What PHP should see for an input: scalars as strings, null skipped, empty containers gone. */
function expected(value: FormValue): Php | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const indexed = value.some((item) => typeof item === 'object' && item !== null);
    if (!indexed) {
      const items = value.filter((item) => item !== null && item !== undefined).map(String);
      return items.length ? items : undefined;
    }
    const map = new Map<string, Php>();
    value.forEach((item: FormValue, index: number) => {
      const child = expected(item);
      if (child !== undefined) map.set(String(index), child);
    });
    return map.size ? map : undefined;
  }
  if (typeof value === 'object') {
    const map = new Map<string, Php>();
    for (const [key, item] of Object.entries(value as FormObject)) {
      const child = expected(item);
      if (child !== undefined) map.set(key, child);
    }
    return map.size ? map : undefined;
  }
  return String(value);
}

describe('formEncode', () => {
  it('ATC-10 encodes the variable add-to-cart call with a PHP variation map', () => {
    const body = formEncode({
      action: 'woocommerce_add_to_cart_variable_rc',
      product_id: 12,
      variation_id: 13,
      quantity: 1,
      variation: { attribute_pa_color: 'red', attribute_pa_size: 'small' },
    });
    expect(body.toString()).toBe(
      'action=woocommerce_add_to_cart_variable_rc&product_id=12&variation_id=13&quantity=1' +
        '&variation%5Battribute_pa_color%5D=red&variation%5Battribute_pa_size%5D=small',
    );
  });

  it('sends arrays of scalars with [] and arrays of objects with indices', () => {
    const body = formEncode({ ids: [1, 2], rows: [{ a: 'x' }, { a: 'y' }] });
    expect([...body]).toEqual([
      ['ids[]', '1'],
      ['ids[]', '2'],
      ['rows[0][a]', 'x'],
      ['rows[1][a]', 'y'],
    ]);
  });

  it('writes booleans and numbers as strings and skips null and undefined', () => {
    const body = formEncode({ yes: true, no: false, zero: 0, gone: null, missing: undefined, empty: '' });
    expect([...body]).toEqual([
      ['yes', 'true'],
      ['no', 'false'],
      ['zero', '0'],
      ['empty', ''],
    ]);
  });

  it('encodes spaces, plus signs and non-ASCII so PHP decodes them back', () => {
    const body = formEncode({ s: 'a+b c&d=é' });
    expect(body.toString()).toBe('s=a%2Bb+c%26d%3D%C3%A9');
    expect(new URLSearchParams(body.toString()).get('s')).toBe('a+b c&d=é');
  });

  it('copies URLSearchParams and takes the string fields of FormData', () => {
    const form = new FormData();
    form.append('add-to-cart', '10');
    form.append('quantity', '2');
    expect(formEncode(form).toString()).toBe('add-to-cart=10&quantity=2');
    const params = new URLSearchParams('a=1');
    const copy = formEncode(params);
    copy.set('b', '2');
    expect(params.toString()).toBe('a=1');
  });

  it('round-trips through a PHP-like parser for any nested input (property)', () => {
    const key = fc.stringMatching(/^[A-Za-z0-9_\- .é]{1,8}$/);
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
    const { value } = fc.letrec<{ value: FormValue }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        scalar,
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(key, tie('value'), { maxKeys: 3 }),
      ),
    }));
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 4 }), (fields) => {
        const wire = formEncode(fields).toString();
        const parsed = phpParse(new URLSearchParams(wire));
        const want = expected(fields) ?? new Map();
        expect(parsed).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});
