// A third-party address provider as written for WooCommerce: it registers at once, on the registry its
// dependency (wc-address-autocomplete) is expected to have set up.
window.wc.addressAutocomplete.registerAddressAutocompleteProvider({
  id: 'fixture-provider',
  canSearch: () => true,
  search: (query) => Promise.resolve([{ id: '1', label: `${query} Road, Paris`, matchedSubstrings: [{ offset: 0, length: query.length }] }]),
  select: () => Promise.resolve({ country: 'FR', address_1: '1 Fixture Road', address_2: '', city: 'Paris', state: '', postcode: '75001' }),
});
