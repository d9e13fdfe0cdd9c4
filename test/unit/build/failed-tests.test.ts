import { describe, expect, it } from 'vitest';
import { failedInTap, failedInVitest } from '../../../scripts/failed-tests';

// What CI prints last: the tracker shows only the end of a run, so a failed test must come with its error.

/** A report as node's TAP reporter writes it: a suite, a failed assertion, a Playwright timeout, a known todo. */
const TAP = `TAP version 13
# Subtest: variation form
    # Subtest: VAR-10 get_variation is asked once
    not ok 1 - VAR-10 get_variation is asked once
      ---
      duration_ms: 4.6
      location: '/tmp/x/vitrine/test/e2e/variation-form.test.ts:149:3'
      failureType: 'testCodeFailure'
      error: |-
        page.waitForEvent: Timeout 60000ms exceeded while waiting for event "dialog"
        =========================== logs ===========================
        waiting for event "dialog"
        ============================================================
      code: 'ERR_TEST_FAILURE'
      stack: |-
        nextDialog (/tmp/x/vitrine/test/e2e/variation-form.test.ts:29:23)
        TestContext.<anonymous> (/tmp/x/vitrine/test/e2e/variation-form.test.ts:164:20)
        Test.run (node:internal/test_runner/test:796:25)
      ...
    # Subtest: opens the product
    not ok 2 - opens the product
      ---
      duration_ms: 45000
      location: '/tmp/x/vitrine/test/e2e/search.test.ts:20:3'
      failureType: 'testCodeFailure'
      error: 'page.waitForURL: Timeout 45000ms exceeded.'
      code: 'ERR_TEST_FAILURE'
      ...
    # Subtest: a known flake
    not ok 3 - a known flake # TODO the kit's PHP server
      ---
      error: 'x'
      ...
    # Subtest: fine
    ok 4 - fine
      ---
      duration_ms: 1
      ...
not ok 1 - variation form
  ---
  duration_ms: 50000
  type: 'suite'
  failureType: 'subtestsFailed'
  error: '2 subtests failed'
  ...
`;

describe('the failed tests CI prints last', () => {
  it('names each failed test with its error (without Playwright\'s rules) and the test\'s own line, not a helper\'s nor the definition\'s', () => {
    const failed = failedInTap(TAP, 'e2e-react');
    expect(failed.map((test) => test.name)).toEqual(['VAR-10 get_variation is asked once', 'opens the product', 'variation form']);
    expect(failed[0]).toEqual({
      suite: 'e2e-react',
      name: 'VAR-10 get_variation is asked once',
      details: ['page.waitForEvent: Timeout 60000ms exceeded while waiting for event "dialog"', 'waiting for event "dialog"', 'at test/e2e/variation-form.test.ts:164:20'],
    });
    // Without a stack, where the test is defined.
    expect(failed[1]!.details).toEqual(['page.waitForURL: Timeout 45000ms exceeded.', 'at test/e2e/search.test.ts:20:3']);
  });

  it('adds nothing under a suite that failed only through its tests, and leaves a failed todo out', () => {
    const failed = failedInTap(TAP, 'e2e-react');
    expect(failed.find((test) => test.name === 'variation form')!.details).toEqual([]);
    expect(failed.some((test) => test.name.includes('known flake'))).toBe(false);
  });

  it('reads vitest: a failed test with its message (not its stack), and a file that failed before any test ran', () => {
    const failed = failedInVitest({
      testResults: [
        {
          name: '/x/test/widgets/cart.test.tsx',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'cart adds' },
            { status: 'failed', fullName: 'cart removes', failureMessages: ['AssertionError: expected 1 to be 0\n    at /x/test/widgets/cart.test.tsx:40:7'] },
          ],
        },
        { name: '/x/test/unit/broken.test.ts', status: 'failed', message: 'Failed to load url ./missing', assertionResults: [] },
      ],
    });
    expect(failed).toEqual([
      { suite: 'vitest', name: 'cart removes', details: ['AssertionError: expected 1 to be 0'] },
      { suite: 'vitest', name: 'broken.test.ts', details: ['Failed to load url ./missing'] },
    ]);
  });
});
