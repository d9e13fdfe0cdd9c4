export { readSelectComboboxProps as readProps } from './schema';
export { default } from './SelectCombobox';
