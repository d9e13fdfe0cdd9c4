export { readCheckoutProps as readProps } from './schema';
export { default } from './Checkout';
