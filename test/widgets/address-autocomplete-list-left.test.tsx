import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { boot, globals, input, makeProvider, resetBetweenTests, suggestions } from './address-autocomplete-helpers';

// The suggestions list's chunk arrives when the test says so: here, after the shopper has left the field.
const chunk = await vi.hoisted(async () => (await import('../helpers/late-chunk')).lateChunk());
vi.mock('../../widgets/address-autocomplete/list', async (importActual) => chunk.deliver(importActual));


resetBetweenTests();

describe('address autocomplete: the suggestions list arrives late', () => {
  it('ADR-02 a list whose code arrives after the shopper moved to the next field opens nothing and never takes the focus back', async () => {
    globals();
    const provider = makeProvider();
    await boot(provider);
    const user = userEvent.setup();
    await user.click(input());
    await user.type(input(), 'Market');
    await waitFor(() => expect(provider.searches.length).toBeGreaterThan(0));
    // The suggestions are in, the list's code not yet: the shopper goes on to the city.
    const city = document.getElementById('billing_city') as HTMLInputElement;
    await user.click(city);
    chunk.arrive();
    await waitFor(() => expect(chunk.asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement, 'the focus stays in the city').toBe(city);
    await user.keyboard('Chicago');
    expect([input().value, city.value]).toEqual(['Market', 'Chicago']);
    expect(suggestions()).toEqual([]);
  });
});
