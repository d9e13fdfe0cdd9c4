// The widget's one lazy module: its props reader and its component arrive in one request,
// and the entry names one chunk per widget instead of two.
export { readVariationFormProps as readProps } from './schema';
export { default } from './VariationForm';
// For the jQuery bridge's `$form.wc_variations_image_update()` (src/jquery-variation-helpers.ts): asked for through
// this module, the widget's own chunk, which a page with the form already has, not as a chunk of its own.
export { updateGalleryImage } from './gallery-image';
