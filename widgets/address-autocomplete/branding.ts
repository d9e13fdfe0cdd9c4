/**
 * The provider's branding (a logo, "powered by" under the suggestions), sanitised by DOMPurify. DOMPurify is
 * 11 KB gzip, three times this widget's own code, and the branding shows only with the list: it is fetched when
 * the shopper first focuses the address field (the list needs three typed characters and a provider's answer
 * after that), not when the widget mounts at idle on every checkout view. Providers may require their credit
 * beside their suggestions, so a provider's list waits for its branding; if the sanitiser cannot be had, the
 * list shows with the provider's name as plain text instead.
 */
import { useEffect, useMemo, useState } from 'react';

type Purifier = typeof import('dompurify').default;

export const LOG = '[vitrine] address autocomplete:';

let loading: Promise<Purifier> | undefined;
/** Kept once loaded, so a field mounted later (shipping after billing) renders its branding at once. */
let loaded: Purifier | undefined;

function loadPurifier(): Promise<Purifier> {
  loading ??= import('dompurify').then(
    (module) => {
      loaded = module.default;
      return loaded;
    },
    (error: unknown) => {
      // Asked again at the next focus, where the browser fetches a failed module again (Chromium keeps the failure).
      loading = undefined;
      console.error(`${LOG} the branding's sanitiser failed to load; the suggestions show the provider's name instead.`, error);
      throw error;
    },
  );
  return loading;
}

/** Without scripts, styles, form controls or frames; nothing where DOMPurify cannot run (it would hand the markup back as is). */
function sanitizeBranding(purify: Purifier, html: string): string {
  if (!purify.isSupported) return '';
  return purify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'], FORBID_ATTR: ['style'] });
}

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
  const [purify, setPurify] = useState<Purifier | undefined>(() => loaded);
  const [failures, setFailures] = useState(0);

  useEffect(() => {
    if (purify || !html) return;
    let live = true;
    const start = () =>
      loadPurifier().then(
        (loadedPurifier) => live && setPurify(() => loadedPurifier),
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
  }, [field, html, purify, failures]);

  const markup = useMemo(() => (html && purify ? sanitizeBranding(purify, html) : ''), [html, purify]);
  const failed = Boolean(html) && !purify && failures > 0;
  return { markup, pending: Boolean(html) && !purify && !failed, failed };
}
