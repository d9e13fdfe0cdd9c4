import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { boot, globals, input, makeProvider, resetBetweenTests, suggestions } from './address-autocomplete-helpers';

// The suggestions list's chunk cannot be fetched (a deploy removed it, the network dropped).
vi.mock('../../widgets/address-autocomplete/list', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /widgets/address-autocomplete-list-x.js');
});

resetBetweenTests();

describe('address autocomplete: the suggestions list cannot be fetched', () => {
  it('ADR-11 the field stays a plain field that keeps what is typed; no list, one console error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    globals();
    const provider = makeProvider();
    await boot(provider);
    await userEvent.click(input());
    await userEvent.type(input(), 'Market{ArrowDown}{Enter}');
    await waitFor(() => expect(error.mock.calls.some((call) => String(call[0]).includes('suggestions list could not be loaded'))).toBe(true));
    expect(input().value).toBe('Market');
    expect(suggestions()).toEqual([]);
    // Nothing says it is a combobox any more, and what is typed after the failure asks the provider nothing.
    await waitFor(() => expect(input().getAttribute('role')).toBeNull());
    expect(input().hasAttribute('aria-expanded')).toBe(false);
    const searches = provider.searches.length;
    await userEvent.type(input(), ' Street');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(provider.searches).toHaveLength(searches);
    expect((document.getElementById('billing_city') as HTMLInputElement).value, 'nothing is filled in behind the shopper').toBe('');
    const ours = error.mock.calls.filter((call) => String(call[0]).includes('[vitrine] address autocomplete'));
    expect(ours).toHaveLength(1);
  });
});
