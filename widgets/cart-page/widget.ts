export { readCartPageProps as readProps } from './schema';
export { default } from './CartPage';
