// The widget's one lazy module: its props reader and its component arrive in one request,
// and the entry names one chunk per widget instead of two.
import { loadSanitizer } from '../../src/sanitize';
import { type InstantSearchProps, readInstantSearchProps } from './schema';

export { default } from './InstantSearch';

/**
 * The props, once the sanitizer the rows need is there (at once where the browser has its own; else DOMPurify, fetched
 * beside the props check). If DOMPurify cannot be fetched the widget still mounts: its rows show their titles as text.
 */
export async function readProps(element: Element): Promise<InstantSearchProps> {
  const props = readInstantSearchProps(element);
  await loadSanitizer().catch((error: unknown) => console.error('[vitrine] instant-search: no sanitizer, rows show titles only', error));
  return props;
}
