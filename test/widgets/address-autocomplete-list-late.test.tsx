import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { boot, globals, input, makeProvider, resetBetweenTests, suggestions } from './address-autocomplete-helpers';

// The suggestions list's chunk (floating-ui with it) is counted when it is asked for, and arrives when the test says so.
const chunk = await vi.hoisted(async () => (await import('../helpers/late-chunk')).lateChunk());
vi.mock('../../widgets/address-autocomplete/list', async (importActual) => chunk.deliver(importActual));


resetBetweenTests();

describe('address autocomplete: the suggestions list comes in a chunk of its own', () => {
  it('ADR-01 is fetched at the first focus of the field, not at mount; suggestions typed for before it arrives show when it does', async () => {
    globals();
    const provider = makeProvider();
    await boot(provider);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chunk.asked, 'a checkout nobody has typed an address in does not ask for it').toBe(0);

    await userEvent.click(input());
    await waitFor(() => expect(chunk.asked).toBe(1));
    await userEvent.type(input(), 'Market');
    await waitFor(() => expect(provider.searches.length).toBeGreaterThan(0));
    expect(suggestions()).toEqual([]);
    expect(input().getAttribute('aria-expanded'), 'no list is announced before it can show').toBe('false');

    chunk.arrive();
    await waitFor(() => expect(suggestions()).toHaveLength(5));
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().value).toBe('Market');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(input().getAttribute('aria-activedescendant')).toBe('suggestion-item-billing-0'));
  });
});
