/**
 * The chunks nearly every first mount needs besides the widget's own chunk and React's (which comes through
 * ./activate): the shared core (settings, http, cart, notices) and the bundler's runtime helpers. A widget
 * chunk imports them statically, so the browser found them only once that chunk had arrived: one more round
 * trip before every first mount. Asked for here, beside the widget's chunk, they arrive with it.
 *
 * `__VITRINE_SHARED_CHUNKS__` is their paths relative to the entry: the build defines it as a placeholder
 * that scripts/shared-chunks-plugin.ts replaces once the chunks have their names; unit tests define it empty.
 * Called at every activation: once a chunk is loaded, asking again is a lookup in the page's module map.
 */
export function requestSharedChunks(): void {
  // A failure here is the widget's own import's to report (the same URL, which fails there too).
  for (const path of __VITRINE_SHARED_CHUNKS__) import(/* @vite-ignore */ path).catch(() => {});
}
