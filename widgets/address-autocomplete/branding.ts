/**
 * The provider's branding (a logo, "powered by" under the suggestions), sanitised by DOMPurify. DOMPurify is
 * 11 KB gzip, three times this widget's own code, and the branding shows only once the list does: it is
 * fetched when the shopper first focuses the address field (the list needs three typed characters and a
 * provider's answer after that), not when the widget mounts at idle on every checkout view.
 */
import { useEffect, useMemo, useState } from 'react';

type Purifier = typeof import('dompurify').default;

const LOG = '[vitrine] address autocomplete:';

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
      // The suggestions work without the branding; the next focus tries again.
      loading = undefined;
      console.error(`${LOG} the branding's sanitiser failed to load; the suggestions show without it.`, error);
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

/** The branding's sanitised markup for `field`'s list: '' until the sanitiser has come, or when there is none. */
export function useBranding(field: HTMLInputElement, html: string | undefined): string {
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

  return useMemo(() => (html && purify ? sanitizeBranding(purify, html) : ''), [html, purify]);
}
