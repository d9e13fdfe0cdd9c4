import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { boot, globals, input, makeProvider, resetBetweenTests, suggestions } from './address-autocomplete-helpers';

// The suggestions list's chunk cannot be fetched (a deploy removed it, the network dropped).
vi.mock('../../widgets/address-autocomplete/suggestion-list', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /widgets/address-autocomplete-suggestion-list-x.js');
});

resetBetweenTests();

describe('address autocomplete: the suggestions list cannot be fetched', () => {
  it('ADR-11 the field stays a plain field that keeps what is typed; no list, one console error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    globals();
    await boot(makeProvider());
    await userEvent.click(input());
    await userEvent.type(input(), 'Market{ArrowDown}{Enter}');
    await waitFor(() => expect(error.mock.calls.some((call) => String(call[0]).includes('suggestions list could not be loaded'))).toBe(true));
    expect(input().value).toBe('Market');
    expect(suggestions()).toEqual([]);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect((document.getElementById('billing_city') as HTMLInputElement).value, 'nothing is filled in behind the shopper').toBe('');
    const ours = error.mock.calls.filter((call) => String(call[0]).includes('[vitrine] address autocomplete'));
    expect(ours).toHaveLength(1);
  });
});
