import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boot, globals, input, makeProvider, resetBetweenTests, suggestions, value } from './address-autocomplete-helpers';

resetBetweenTests();

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});

describe('address autocomplete: the focus is the shopper’s', () => {
  it('ADR-02 a shopper who moves on in the very frame the list opens stays where they went, and types there', async () => {
    globals();
    let answer: (list: { id: string; label: string; matchedSubstrings: never[] }[]) => void = () => {};
    await boot(makeProvider({ search: () => new Promise((resolve) => (answer = resolve)) }));
    const user = userEvent.setup();
    await user.click(input());
    await user.type(input(), 'Mar');
    await vi.dynamicImportSettled(); // the list's code is in: the answer alone opens the list
    // React as a page runs it (no test harness flushing effects with the render): the list's render reaches the
    // page, and its effects come a task later. The shopper's move to the city lands in between.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const city = document.getElementById('billing_city') as HTMLInputElement;
    const movedOn = new Promise<void>((resolve) => {
      const watch = new MutationObserver(() => {
        if (suggestions().length === 0) return;
        watch.disconnect();
        city.focus();
        resolve();
      });
      watch.observe(document.body, { childList: true, subtree: true });
    });
    answer([{ id: 'a0', label: 'Market Street', matchedSubstrings: [] }]);
    await movedOn;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement, 'the focus stays in the city').toBe(city);
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    await user.keyboard('Chicago');
    expect([value('billing_address_1'), value('billing_city')]).toEqual(['Mar', 'Chicago']);
  });
});
