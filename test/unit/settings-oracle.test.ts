import { describe, expect, it } from 'vitest';
import { disagreements, SCHEMAS } from '../sweep/config-cases';
import { takes } from '../sweep/config-oracle';

// The sweep's malformed-configuration cases come from an oracle written by hand (test/sweep/config-oracle.ts),
// not from the schemas under test. Here the two meet: every value of the sweep's pool that the oracle says a
// field refuses, the product's schema must refuse, and every value it says a field takes, the schema must take.

describe('settings schemas against the hand-written oracle', () => {
  it('the oracle judges by kind, as the contracts print values', () => {
    expect(takes({ kind: 'count', min: 0 }, '12')).toBe(true);
    expect(takes({ kind: 'count', min: 0 }, [])).toBe(false);
    expect(takes({ kind: 'count', min: 1 }, 0)).toBe(false);
    expect(takes({ kind: 'flag' }, 'yes')).toBe(true);
    expect(takes({ kind: 'flag' }, 'not-a-valid-value')).toBe(false);
    expect(takes({ kind: 'text' }, null)).toBe(false);
    expect(takes({ kind: 'text', nullable: true }, null)).toBe(true);
    expect(takes({ kind: 'record-or-list' }, [])).toBe(true);
    expect(takes({ kind: 'record' }, [])).toBe(false);
  });

  for (const global of Object.keys(SCHEMAS)) {
    it(`${global}: the schema refuses what the oracle refuses, and takes the rest`, () => {
      expect(disagreements(global)).toEqual([]);
    });
  }
});
