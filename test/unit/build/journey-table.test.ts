import { afterEach, describe, expect, it, vi } from 'vitest';
import { printJourneyTable, type Result } from '../../shop/table';

// The genuine-shop suite's closing table: what a reader of CI's output learns about each journey, classic against
// Vitrine. CI leaves the classic reference out (VITRINE_SHOP_CLASSIC=0), and the table must then say so instead of
// showing a column of dashes that reads like "not applicable".

const row = (stack: Result['stack'], journey: string, failures: string[] = [], extra: Partial<Result> = {}): Result => ({
  theme: 'twentytwentyone',
  stack,
  journey,
  runs: 1,
  failures,
  done: true,
  ...extra,
});

function printed(results: Result[]): string[] {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  printJourneyTable(results, ['react', 'lite']);
  const text = String(log.mock.calls[0]?.[0] ?? '');
  return text.split('\n').map((line) => line.replace(/^# ?/, ''));
}

afterEach(() => vi.restoreAllMocks());

describe('the journey table', () => {
  it('marks a journey the classic stack fails and every flavour passes, and lists the classic failure', () => {
    const lines = printed([
      row('classic', 'quick clicks', ['run 2: expected 5, got 2'], { runs: 3 }),
      row('react', 'quick clicks', [], { runs: 6 }),
      row('lite', 'quick clicks', [], { runs: 6 }),
    ]);
    expect(lines).toContain('| journey | classic | Vitrine react | Vitrine lite |');
    expect(lines).toContain('| quick clicks (classic fails, Vitrine passes) | FAIL 2/3 | pass 6/6 | pass 6/6 |');
    expect(lines).toContain('- quick clicks: run 2: expected 5, got 2');
  });

  it('claims nothing for a run that never finished', () => {
    const lines = printed([row('classic', 'search', ['run 1: timeout']), row('react', 'search', [], { done: false }), row('lite', 'search')]);
    expect(lines).toContain('| search | FAIL | unfinished | pass |');
  });

  it('without the classic reference (CI), leaves its column out and says where a whole run is kept', () => {
    const lines = printed([row('react', 'search'), row('lite', 'search', ['run 1: nothing opened'])]);
    expect(lines.find((line) => line.startsWith('Journeys on the genuine shop'))).toMatch(/no classic reference in this theme; test\/shop\/README\.md keeps a whole Twenty Twenty-One run/);
    expect(lines).toContain('| journey | Vitrine react | Vitrine lite |');
    expect(lines).toContain('|---|---|---|');
    expect(lines).toContain('| search | pass | FAIL |');
  });
});
