/**
 * Themes and infinite-scroll plugins announce appended product cards with their own events;
 * Variation Swatches re-initialises on them. Vitrine's MutationObserver already mounts new cards,
 * but markup inserted in ways an observer cannot see (a shadow root, a detached fragment moved in
 * later) is picked up by a rescan on these events too.
 */
export const INFINITE_SCROLL_EVENTS = ['astraInfinitePaginationLoaded', 'berocket_ajax_products_infinite_loaded', 'cfvswVariationLoad'] as const;

type JQueryLike = (target: unknown) => { on(names: string, handler: () => void): unknown; off(names: string, handler: () => void): unknown };

const rescan = () => window.vitrine?.rescan(document);
let users = 0;
let stop: (() => void) | undefined;

function listen(): () => void {
  for (const name of INFINITE_SCROLL_EVENTS) document.addEventListener(name, rescan);
  const jquery = (window as unknown as { jQuery?: JQueryLike }).jQuery;
  const names = INFINITE_SCROLL_EVENTS.join(' ');
  // jQuery's trigger() reaches jQuery handlers only, so listen there as well when jQuery is present.
  if (typeof jquery === 'function') jquery(document).on(names, rescan);
  return () => {
    for (const name of INFINITE_SCROLL_EVENTS) document.removeEventListener(name, rescan);
    if (typeof jquery === 'function') jquery(document).off(names, rescan);
  };
}

/**
 * Rescans the page whenever one of those events fires (native or jQuery-triggered). Every swatch
 * group calls this; they share one listener, so a load of 24 cards rescans once. Returns the release.
 */
export function rescanOnInfiniteScroll(): () => void {
  users += 1;
  stop ??= listen();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0) {
      stop?.();
      stop = undefined;
    }
  };
}
