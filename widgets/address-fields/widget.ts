export { readAddressFieldsProps as readProps } from './schema';
export { default } from './AddressFields';
