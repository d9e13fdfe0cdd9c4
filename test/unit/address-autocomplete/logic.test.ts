import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  activeProviderFor,
  addressFrom,
  canQuery,
  highlightSegments,
  MAX_SUGGESTIONS,
  parseServerProviders,
  registrationRefusal,
  sanitizeQuery,
  suggestionsFrom,
  validMatches,
} from '../../../src/address-autocomplete/logic';

const fns = { canSearch: () => true, search: async () => [], select: async () => ({}) };

describe('server providers', () => {
  it('ADR-09 reads the JSON string of {id, name, branding_html}', () => {
    expect(parseServerProviders('[{"id":"a","name":"A","branding_html":"<b>A</b>"},{"id":"b","name":"B"}]')).toEqual({
      providers: [{ id: 'a', name: 'A', branding_html: '<b>A</b>' }, { id: 'b', name: 'B' }],
    });
    expect(parseServerProviders(undefined)).toEqual({ providers: [] });
    expect(parseServerProviders('')).toEqual({ providers: [] });
  });

  it('ADR-09 anything else is an error and no providers', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue().map((v) => JSON.stringify(v))), (raw) => {
        const { providers, error } = parseServerProviders(raw);
        if (error) expect(providers).toEqual([]);
        else for (const p of providers) expect(typeof p.id).toBe('string');
      }),
    );
    expect(parseServerProviders('{oops').error).toContain('not valid JSON');
    expect(parseServerProviders('{"id":"a"}').error).toContain('not a list');
    expect(parseServerProviders('[{"name":"x"}]').error).toContain('no id');
  });
});

describe('registration', () => {
  it('ADR-07 needs an id declared by the server, the three functions and a new id', () => {
    expect(registrationRefusal({ id: 'a', ...fns }, ['a'], [])).toBeUndefined();
    expect(registrationRefusal(null, ['a'], [])).toContain('not an object');
    expect(registrationRefusal({ ...fns }, ['a'], [])).toContain('no id');
    expect(registrationRefusal({ id: 'a', ...fns, search: 'x' }, ['a'], [])).toContain('no search function');
    expect(registrationRefusal({ id: 'a', canSearch: fns.canSearch, search: fns.search }, ['a'], [])).toContain('no select function');
    expect(registrationRefusal({ id: 'b', ...fns }, ['a'], [])).toContain('not declared');
    expect(registrationRefusal({ id: 'a', ...fns }, ['a'], ['a'])).toContain('already registered');
  });

  it('ADR-05 the active provider is the first that can search the country; a throwing canSearch is skipped', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { id: 'x', canSearch: () => { throw new Error('x'); } };
    const gbOnly = { id: 'gb', canSearch: (c: string) => c === 'GB' };
    const all = { id: 'all', canSearch: () => true };
    expect(activeProviderFor([broken, gbOnly, all], 'GB')?.id).toBe('gb');
    expect(activeProviderFor([broken, gbOnly, all], 'US')?.id).toBe('all');
    expect(activeProviderFor([gbOnly], 'US')).toBeUndefined();
    expect(activeProviderFor([gbOnly], '')).toBeUndefined();
    error.mockRestore();
  });
});

describe('query', () => {
  it('ADR-12 strips markup and says so', () => {
    expect(sanitizeQuery('<b>Main</b> St')).toEqual({ query: 'Main St', sanitized: true });
    expect(sanitizeQuery('Main St')).toEqual({ query: 'Main St', sanitized: false });
    expect(sanitizeQuery('1 < 2')).toEqual({ query: '1', sanitized: true });
  });

  it('ADR-12 no markup character survives, and plain text is left alone', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const { query, sanitized } = sanitizeQuery(input);
        expect(query).not.toMatch(/[<>]/);
        if (!/[<>]/.test(input)) {
          expect(sanitized).toBe(false);
          expect(query).toBe(input.trim());
        }
      }),
    );
  });

  it('ADR-04 3 or more characters after stripping', () => {
    expect(canQuery('Ma')).toBe(false);
    expect(canQuery('Mai')).toBe(true);
    expect(canQuery(sanitizeQuery('<i>Ma</i>').query)).toBe(false);
  });
});

describe('suggestions', () => {
  it('ADR-01 at most 5; ADR-06 not an array: undefined', () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ id: `s${i}`, label: `Street ${i}` }));
    expect(suggestionsFrom(many)).toHaveLength(MAX_SUGGESTIONS);
    expect(suggestionsFrom({ results: many })).toBeUndefined();
    expect(suggestionsFrom('x')).toBeUndefined();
    expect(suggestionsFrom([{ id: 1, label: 'One' }, { label: 'no id' }, null])).toEqual([{ id: '1', label: 'One' }]);
  });

  it('ADR-08 keeps only ranges with offset ≥ 0, length > 0, inside the label', () => {
    expect(validMatches('Market Street', [{ offset: -1, length: 2 }, { offset: 0, length: 0 }, { offset: 10, length: 9 }, { offset: 7, length: 3 }, { offset: 0, length: 3 }])).toEqual([
      { offset: 0, length: 3 },
      { offset: 7, length: 3 },
    ]);
    expect(validMatches('x', 'nope')).toEqual([]);
  });

  it('ADR-08 the pieces rebuild the label; each highlighted piece is one valid range, and every valid range that overlaps no other is highlighted', () => {
    const anyMatch = fc.record({ offset: fc.integer({ min: -5, max: 40 }), length: fc.integer({ min: -5, max: 40 }) });
    const labelAndMatches = fc.string({ minLength: 1, maxLength: 30 }).chain((label) => {
      const inside = fc.integer({ min: 0, max: label.length - 1 }).chain((offset) => fc.record({ offset: fc.constant(offset), length: fc.integer({ min: 1, max: label.length - offset }) }));
      return fc.tuple(fc.constant(label), fc.array(fc.oneof(inside, anyMatch), { maxLength: 6 }));
    });
    const isValid = (label: string, m: { offset: number; length: number }) => m.offset >= 0 && m.length > 0 && m.offset + m.length <= label.length;
    const overlap = (a: { offset: number; length: number }, b: { offset: number; length: number }) => a.offset < b.offset + b.length && b.offset < a.offset + a.length;
    fc.assert(
      fc.property(labelAndMatches, ([label, matches]) => {
        const segments = highlightSegments(label, matches);
        expect(segments.map((s) => s.text).join('')).toBe(label);
        let at = 0;
        const highlighted: { offset: number; length: number }[] = [];
        for (const s of segments) {
          expect(s.text.length).toBeGreaterThan(0);
          if (s.match) highlighted.push({ offset: at, length: s.text.length });
          at += s.text.length;
        }
        const valid = matches.filter((m) => isValid(label, m));
        for (const h of highlighted) expect(valid).toContainEqual(h);
        for (const m of valid) {
          if (valid.some((other) => other !== m && overlap(other, m))) continue;
          expect(highlighted).toContainEqual({ offset: m.offset, length: m.length });
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('selected address', () => {
  it('ADR-13 every field as a string, missing ones empty; not an address: undefined', () => {
    expect(addressFrom({ country: 'GB', address_1: '1 High St', city: 'York', postcode: 'YO1 7HH' })).toEqual({
      country: 'GB',
      address_1: '1 High St',
      address_2: '',
      city: 'York',
      state: '',
      postcode: 'YO1 7HH',
    });
    expect(addressFrom(null)).toBeUndefined();
    expect(addressFrom({ country: 'GB' })).toBeUndefined();
  });
});
