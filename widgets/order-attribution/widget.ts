export { readOrderAttributionProps as readProps } from './schema';
export { default } from './OrderAttribution';
