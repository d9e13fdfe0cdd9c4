/**
 * When a combobox may take over the select it stands in front of. The box's code can come while the shopper is on
 * the select: the select then stays their control until they are done with it, so no letter and no choice of theirs
 * meets a control that changed under them (docs/decisions.md, "Select combobox instead of selectWoo").
 */

/**
 * A shopper typing into the select keeps it until they pause this long, the time after which browsers' type-ahead
 * forgets the typed letters (Chromium's is one second). The select's own type-ahead has then seen every letter, those
 * typed before any of this code was on the page too, which nothing else could know: a box taking over mid-word would
 * not ("I" chose Idaho in the select, then "llin" in the box matches no state). After the pause a letter starts a new
 * search in the box, as it would in the select.
 */
export const TYPING_PAUSE_MS = 1000;

/**
 * Calls `takeOver` at once if the shopper is not on `select`. Otherwise when they leave it, or, if they came to it
 * from the keyboard or type into it, once they pause typing. One who came with the pointer keeps it until they leave:
 * a native list or a phone's picker may be open, and neither sends a key. Returns what stops waiting.
 */
export function takeOverWhenFree(select: HTMLSelectElement, takeOver: () => void): () => void {
  if (document.activeElement !== select) {
    takeOver();
    return () => {};
  }
  let pause: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(pause);
    select.removeEventListener('keydown', waitForPause);
    select.removeEventListener('blur', done);
  };
  const done = () => {
    stop();
    takeOver();
  };
  function waitForPause() {
    clearTimeout(pause);
    pause = setTimeout(done, TYPING_PAUSE_MS);
  }
  select.addEventListener('keydown', waitForPause);
  select.addEventListener('blur', done);
  if (select.matches(':focus-visible')) waitForPause();
  return stop;
}
