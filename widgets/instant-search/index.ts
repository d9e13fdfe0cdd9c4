import type { WidgetDefinition } from '../../mount/types';
import type { InstantSearchProps } from './schema';

/**
 * Smart WooCommerce Search's instant search (reference search-and-swatches.md §1) as an ARIA 1.2
 * combobox, on the forms the plugin itself enhances: read at every scan, each
 * `swsL10n.widgets[id].selector` as printed (`.ysm-search-widget-{id}`, `default`'s core search
 * widget and block, `product`'s, Avada's, plus the site owner's "Custom CSS selectors" and the
 * `sws_search_bar_css_selectors` filter), naming a form or an element around one (the plugin takes
 * the element, or the form inside it). `:not(:not(x))` is `:is(x)` without `:is`'s forgiving parse:
 * a selector that is not CSS throws in every browser, and the mount layer skips it with one console
 * error while the other entries mount. The props reader picks the entry whose selector matches.
 * Replace: the form's markup gains a combobox, a listbox and a live region, so it is re-rendered
 * with the same classes, label, hidden fields and button; the server form comes back on failure.
 * Loaded on interaction (the pointer over the form, focus, a key): 33 KB of combobox, sanitiser and
 * carousel is not worth loading on every page view for the few that search. The form works as the
 * server rendered it meanwhile; text, caret and focus are carried over to the live field at the swap.
 */
export default {
  name: 'instant-search',
  selector: () =>
    Object.values((window as { swsL10n?: { widgets?: object } }).swsL10n?.widgets ?? {}).map(
      (entry?: { selector?: string }) => `form:not(:not(${entry?.selector})),:not(:not(${entry?.selector})) form`,
    ),
  load: 'interaction',
  takeover: 'replace',
} satisfies WidgetDefinition<InstantSearchProps>;
