// The widget's one lazy module: props reader and component in one request.
export { readAddToCartFormProps as readProps } from './schema';
export { default } from './AddToCartForm';
