/**
 * Vitrine's own texts: everything a widget shows or announces that neither WooCommerce nor the
 * replaced plugin prints in its localized settings. Texts the page does provide (wc_*_params i18n
 * strings, the swatches plugin's unavailable text, the search plugin's labels, a button's own
 * data-*_text) are read from there first; these are the fallbacks and the rest.
 *
 * Each widget keeps its own texts, in a table beside its code (widgets/<name>/strings.ts), so a page
 * downloads only the texts of the widgets it mounts: the core every page loads holds none of them.
 * The keys are one namespace, listed together for translators in the plugin's includes/strings.php.
 *
 * How to change them (translation or wording), without rebuilding:
 *   print `window.vitrine_strings` before the bundle, with the keys to replace, for example in PHP
 *     wp_add_inline_script( 'vitrine', 'var vitrine_strings = ' . wp_json_encode( apply_filters(
 *       'vitrine_strings', array( 'searchClose' => __( 'Close search', 'my-theme' ) ) ) ) . ';', 'before' );
 *   Only the keys of the widgets' tables are used; a value must be a string; `{name}` placeholders are filled in.
 * Or, for a build of your own, edit the defaults in those tables: they are plain constants.
 */
import { stringOverrides } from './settings';

export type Placeholders = Record<string, string | number>;

/** The site's replacement for `key` if it printed one, else `builtIn`, with `{name}` placeholders filled. */
export function translate(key: string, builtIn: string, values: Placeholders = {}): string {
  const template = stringOverrides()[key] ?? builtIn;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A widget's text function over its own table: `t(key, values)`. */
export function textsOf<K extends string>(table: Readonly<Record<K, string>>): (key: K, values?: Placeholders) => string {
  return (key, values) => translate(key, table[key], values);
}
