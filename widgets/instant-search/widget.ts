// The widget's one lazy module: its props reader and its component arrive in one request,
// and the entry names one chunk per widget instead of two.
export { readInstantSearchProps as readProps } from './schema';
export { default } from './InstantSearch';
