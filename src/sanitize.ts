/**
 * Server markup Vitrine shows as markup (instant search's rows, view-all link, banner and product cards; the address
 * provider's branding) is sanitised first: by the browser's own HTML sanitizer where it has one (the Sanitizer API's
 * `Document.parseHTML`, in Chromium and Firefox), else by DOMPurify, fetched then (11 KB gzip). Both parse into an
 * inert document (images do not load, nothing runs) and drop scripts, event handlers and scripted URLs whatever the
 * rules; the rules name what a widget removes beyond that.
 */

export interface SanitizeRules {
  /** Elements removed with their content (styles, form controls). */
  remove: string[];
  /** Elements removed with their content kept (a form around a row, a button's label). */
  unwrap: string[];
  removeAttributes?: string[];
}

export interface HtmlSanitizer {
  /** The sanitised markup's holder (the body of an inert document, its children the markup), or null: show none. */
  parse(markup: string, rules: SanitizeRules): HTMLElement | null;
}

type ParseHtml = (markup: string, options: { sanitizer: Record<string, string[]> }) => Document;

/** The browser's sanitizer, or undefined where it has none or an older shape of it (tried once, on a sample). */
function nativeSanitizer(): HtmlSanitizer | undefined {
  const parseHtml = (globalThis.Document as unknown as { parseHTML?: ParseHtml } | undefined)?.parseHTML;
  if (typeof parseHtml !== 'function') return undefined;
  const parse = (markup: string, rules: SanitizeRules) =>
    parseHtml.call(Document, markup, {
      sanitizer: { removeElements: rules.remove, replaceWithChildrenElements: rules.unwrap, removeAttributes: rules.removeAttributes ?? [] },
    }).body;
  try {
    const sample = parse('<b onclick="x">a</b><style>b{}</style><form>c</form>', { remove: ['style'], unwrap: ['form'] });
    return sample?.innerHTML === '<b>a</b>c' ? { parse } : undefined;
  } catch {
    return undefined;
  }
}

/** The browser's sanitizer: undefined until tried, null where there is none. */
let browsers: HtmlSanitizer | null | undefined;
let purified: HtmlSanitizer | undefined;
let loading: Promise<HtmlSanitizer> | undefined;

/** The sanitizer, if it is already there: the browser's own from the start, DOMPurify once `loadSanitizer` has fetched it. */
export function loadedSanitizer(): HtmlSanitizer | undefined {
  if (browsers === undefined) browsers = nativeSanitizer() ?? null;
  return browsers ?? purified;
}

/** Resolves with the sanitizer; rejects if DOMPurify was needed and could not be fetched (asked again next time). */
export function loadSanitizer(): Promise<HtmlSanitizer> {
  const ready = loadedSanitizer();
  if (ready) return Promise.resolve(ready);
  loading ??= import('dompurify').then(
    ({ default: purify }) => {
      purified = {
        // Where DOMPurify cannot run it hands markup back untouched: then no server markup is shown at all.
        parse: (markup, rules) =>
          purify.isSupported
            ? (purify.sanitize(markup, {
                RETURN_DOM: true,
                FORBID_TAGS: [...rules.remove, ...rules.unwrap],
                ADD_FORBID_CONTENTS: rules.remove,
                FORBID_ATTR: rules.removeAttributes ?? [],
                // Its parser can end without a body (markup holding a <frameset>): null, so nothing is shown.
              }) as HTMLElement | null)
            : null,
      };
      return purified;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Test hook: forget what was found and fetched. */
export function resetSanitizer(): void {
  browsers = undefined;
  purified = undefined;
  loading = undefined;
}
