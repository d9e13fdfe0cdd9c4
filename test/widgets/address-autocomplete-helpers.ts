import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { AddressProvider } from '../../src/address-autocomplete/logic';
import { type AddressAutocompleteApi, resetRegistry } from '../../src/address-autocomplete/registry';
import { resetSettingsCache } from '../../src/settings';
import { bootPage, waitForMount } from '../helpers/page';

/** The address autocomplete widget's test page, provider and globals, shared by its test files. */
export const win = window as unknown as Record<string, unknown>;

const STREETS = ['1 Market Street', '10 Market Square', '12 Market Lane', '14 Market Road', '16 Market Way', '18 Market Court', '20 Market Place'];

/** A provider over a fixed list: US and GB only; the query matched at the start of each label. */
export function makeProvider(overrides: Partial<AddressProvider> = {}): AddressProvider & { searches: unknown[][] } {
  const searches: unknown[][] = [];
  return {
    id: 'test-provider',
    canSearch: (country) => country === 'US' || country === 'GB',
    search: async (query, country, type) => {
      searches.push([query, country, type]);
      return STREETS.filter((s) => s.toLowerCase().includes(query.toLowerCase())).map((label, i) => ({ id: `a${i}`, label, matchedSubstrings: [{ offset: label.toLowerCase().indexOf(query.toLowerCase()), length: query.length }] }));
    },
    select: async (id) => ({ country: 'GB', address_1: STREETS[Number(id.slice(1))], address_2: 'Flat 2', city: 'London', postcode: 'EC1A 1BB', state: '' }),
    searches,
    ...overrides,
  };
}

export const PAGE = `<form class="checkout"><div class="woocommerce-billing-fields"><div class="woocommerce-billing-fields__field-wrapper">
<p class="form-row" id="billing_country_field"><label for="billing_country">Country</label><span class="woocommerce-input-wrapper"><select id="billing_country" name="billing_country" class="country_to_state"><option value="">Select</option><option value="US" selected>United States (US)</option><option value="GB">United Kingdom (UK)</option><option value="DE">Germany</option></select></span></p>
<p class="form-row" id="billing_address_1_field"><label for="billing_address_1">Street address</label><span class="woocommerce-input-wrapper"><input type="text" class="input-text" name="billing_address_1" id="billing_address_1" value="" autocomplete="address-line1"></span></p>
<p class="form-row" id="billing_address_2_field"><label for="billing_address_2">Apartment</label><span class="woocommerce-input-wrapper"><input type="text" class="input-text" name="billing_address_2" id="billing_address_2" value=""></span></p>
<p class="form-row" id="billing_city_field"><label for="billing_city">Town / City</label><span class="woocommerce-input-wrapper"><input type="text" class="input-text" name="billing_city" id="billing_city" value=""></span></p>
<p class="form-row" id="billing_state_field"><label for="billing_state">State</label><span class="woocommerce-input-wrapper"><select id="billing_state" name="billing_state"><option value="">Select</option><option value="CA" selected>California</option><option value="NY">New York</option></select></span></p>
<p class="form-row" id="billing_postcode_field"><label for="billing_postcode">ZIP Code</label><span class="woocommerce-input-wrapper"><input type="text" class="input-text" name="billing_postcode" id="billing_postcode" value=""></span></p>
</div></div><button type="button" id="elsewhere">Elsewhere</button></form>`;

export function globals(providers: unknown = JSON.stringify([{ id: 'test-provider', name: 'Test', branding_html: '<span class="brand">Powered by <b>Test</b><img src="x" onerror="window.__pwned=1"><script>window.__pwned=1</script></span>' }])): void {
  win.wc_address_autocomplete_common_params = { address_providers: providers };
  win.wc_country_select_params = { countries: JSON.stringify({ US: { CA: 'California', NY: 'New York' }, GB: [], DE: { BE: 'Berlin', BY: 'Bavaria' } }), i18n_select_state_text: 'Select an option…' };
  resetSettingsCache();
}

/** The suggestion options (the country select has options too). */
export const suggestions = () => Array.from(document.querySelectorAll<HTMLElement>('#address_suggestions_billing_list [role="option"]'));
export async function findSuggestions(): Promise<HTMLElement[]> {
  await waitFor(() => expect(suggestions().length).toBeGreaterThan(0));
  return suggestions();
}

export const api = () => (win.wc as { addressAutocomplete: AddressAutocompleteApi }).addressAutocomplete;
export const input = () => document.getElementById('billing_address_1') as HTMLInputElement;
export const value = (id: string) => (document.getElementById(id) as HTMLInputElement).value;

export async function boot(provider: AddressProvider | null = makeProvider()): Promise<void> {
  await bootPage(PAGE);
  await waitForMount('address-autocomplete', input());
  if (provider) act(() => void api().registerAddressAutocompleteProvider(provider));
}

export async function typeInto(text: string) {
  const user = userEvent.setup();
  await user.click(input());
  await user.type(input(), text);
  return user;
}

/** Each test starts with no provider, no globals and happy-dom's missing Option constructor stood in for. */
export function resetBetweenTests(): void {
  // happy-dom has no Option constructor, which address-fields (the state list) uses.
  const NativeOption = win.Option;
  beforeEach(() => {
    win.Option = function Option(text: string, value: string) {
      const option = document.createElement('option');
      option.textContent = text;
      option.value = value;
      return option;
    };
    resetRegistry();
    delete win.wc;
  });
  afterEach(() => {
    for (const name of ['wc', 'wc_address_autocomplete_common_params', 'wc_country_select_params', '__pwned']) delete win[name];
    win.Option = NativeOption;
    resetSettingsCache();
    vi.restoreAllMocks();
  });
}
