/**
 * The provider's branding (a logo, "powered by" under the suggestions), sanitised (src/sanitize.ts: the browser's
 * own sanitizer, or DOMPurify, 11 KB gzip, three times this widget's own code). Where DOMPurify is needed it is
 * fetched when the shopper first focuses the address field (the list needs three typed characters and a provider's
 * answer after that), not with the checkout. Providers may require their credit
 * beside their suggestions, so a provider's list waits for its branding; if the sanitiser cannot be had, the list
 * shows with the provider's name as plain text instead.
 */
import { useEffect, useMemo, useState } from 'react';
import { type HtmlSanitizer, loadedSanitizer, loadSanitizer, type SanitizeRules } from '../../src/sanitize';

export const LOG = '[vitrine] address autocomplete:';

function load(): Promise<HtmlSanitizer> {
  return loadSanitizer().catch((error: unknown) => {
    // Asked again at the next focus, where the browser fetches a failed module again (Chromium keeps the failure).
    console.error(`${LOG} the branding's sanitiser failed to load; the suggestions show the provider's name instead.`, error);
    throw error;
  });
}

/** Without scripts, styles, form controls, frames or style attributes. */
const RULES: SanitizeRules = { remove: ['style', 'input', 'textarea', 'select', 'iframe'], unwrap: ['form', 'button'], removeAttributes: ['style'] };

export interface Branding {
  /** Sanitised markup to show under the list; '' when there is none (yet). */
  markup: string;
  /** The provider has a branding and its sanitiser is on its way: hold the list. */
  pending: boolean;
  /** The sanitiser could not be loaded: show the provider's name as text. */
  failed: boolean;
}

/** The branding for `field`'s list, from the server's `branding_html` of the active provider. */
export function useBranding(field: HTMLInputElement, html: string | undefined): Branding {
  const [sanitizer, setSanitizer] = useState<HtmlSanitizer | undefined>(loadedSanitizer);
  const [failures, setFailures] = useState(0);

  useEffect(() => {
    if (sanitizer || !html) return;
    let live = true;
    const start = () =>
      load().then(
        (loaded) => live && setSanitizer(loaded),
        () => live && setFailures((count) => count + 1),
      );
    // Focused already (the shopper was typing before the code came): now. After a failure: at the next focus only.
    if (failures === 0 && document.activeElement === field) {
      void start();
      return () => {
        live = false;
      };
    }
    field.addEventListener('focus', start, { once: true });
    return () => {
      live = false;
      field.removeEventListener('focus', start);
    };
  }, [field, html, sanitizer, failures]);

  const markup = useMemo(() => (html && sanitizer ? (sanitizer.parse(html, RULES)?.innerHTML ?? '') : ''), [html, sanitizer]);
  const failed = Boolean(html) && !sanitizer && failures > 0;
  return { markup, pending: Boolean(html) && !sanitizer && !failed, failed };
}
