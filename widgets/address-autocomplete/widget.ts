export { readAddressAutocompleteProps as readProps } from './schema';
export { default } from './AddressAutocomplete';
