// The widget's one lazy module: its props reader and its component arrive in one request.
export { default } from './ExpressCheckout';
export { readExpressCheckoutProps as readProps } from './schema';
