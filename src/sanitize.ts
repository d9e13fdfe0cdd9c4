/**
 * Server markup Vitrine shows as markup (instant search's rows, view-all link, banner and product cards; the address
 * provider's branding) is sanitised first: by the browser's own HTML sanitizer where it has one (the Sanitizer API's
 * `Document.parseHTML`, which Chromium ships), else by DOMPurify, fetched then (11 KB gzip). Both parse into an
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

type ParseHtml = (markup: string, options: { sanitizer: object }) => Document;
interface BrowserSanitizer {
  allowElement(element: { name: string; attributes: string[] }): void;
  allowAttribute(name: string): void;
  removeElement(name: string): void;
  replaceElementWithChildren(name: string): void;
  removeAttribute(name: string): void;
  setDataAttributes(allow: boolean): void;
}

/**
 * The browser's default allowlist (text and sectioning elements, links, lists, tables, SVG and MathML drawing; no
 * scripts, styles, metas, frames, embeds or form controls, and no event handlers) with what server rows are made of
 * besides: images, classes, ARIA, inline styles and data attributes, as DOMPurify allows them. No id or name: a
 * server's row must not clobber the page's globals. Then the widget's own rules.
 */
function browserPolicy(SanitizerClass: new () => BrowserSanitizer, rules: SanitizeRules): BrowserSanitizer {
  const policy = new SanitizerClass();
  policy.allowElement({ name: 'img', attributes: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'] });
  for (const attribute of ['class', 'style', 'role', 'aria-hidden', 'aria-label']) policy.allowAttribute(attribute);
  policy.setDataAttributes(true);
  for (const element of rules.remove) policy.removeElement(element);
  for (const element of rules.unwrap) policy.replaceElementWithChildren(element);
  for (const attribute of rules.removeAttributes ?? []) policy.removeAttribute(attribute);
  return policy;
}

/** The browser's sanitizer, or undefined where it has none or an older shape of it (tried once, on a sample). */
function nativeSanitizer(): HtmlSanitizer | undefined {
  const parseHtml = (globalThis.Document as unknown as { parseHTML?: ParseHtml } | undefined)?.parseHTML;
  const SanitizerClass = (globalThis as unknown as { Sanitizer?: new () => BrowserSanitizer }).Sanitizer;
  if (typeof parseHtml !== 'function' || typeof SanitizerClass !== 'function') return undefined;
  // One policy per widget's rules, made at its first use.
  const policies = new WeakMap<SanitizeRules, BrowserSanitizer>();
  const parse = (markup: string, rules: SanitizeRules) => {
    let policy = policies.get(rules);
    if (!policy) {
      policy = browserPolicy(SanitizerClass, rules);
      policies.set(rules, policy);
    }
    return parseHtml.call(Document, markup, { sanitizer: policy }).body as HTMLElement | null;
  };
  try {
    const sample = parse('<b onclick="x" class="c">a</b><style>b{}</style><form>c</form><meta http-equiv="refresh" content="0">', {
      remove: ['style'],
      unwrap: ['form'],
    });
    return sample?.innerHTML === '<b class="c">a</b>c' ? { parse } : undefined;
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
