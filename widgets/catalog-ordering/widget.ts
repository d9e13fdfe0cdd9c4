// The widget's one lazy module (widgets/<name>/widget.ts, which the build names widgets/<name>-<release>.js):
// this widget has no props to read, so it is its component alone.
export { default } from './CatalogOrdering';
