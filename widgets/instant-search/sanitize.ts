/**
 * Server markup the contract allows (search rows' `data`, `view_all_link`, the promo banner image, selected
 * products' image and price) is sanitised (src/sanitize.ts: the browser's own sanitizer, or DOMPurify). The
 * widget's props reader waits for the sanitizer (./widget.ts), so it is there at every render; without it
 * (DOMPurify could not be fetched) no server markup is shown, and rows show their titles as text.
 */
import { escapeHtml } from '../../src/html';
import { loadedSanitizer, type SanitizeRules } from '../../src/sanitize';

/** No styles or form controls in the list; a form or button around a row's content leaves its content. */
const RULES: SanitizeRules = { remove: ['style', 'input', 'textarea', 'select'], unwrap: ['form', 'button'] };

export function sanitize(html: string): string {
  return loadedSanitizer()?.parse(html, RULES)?.innerHTML ?? '';
}

export interface RowMarkup {
  html: string;
  /** The row's own link target, when the server wrapped it in <a href>. */
  href: string;
}

/**
 * A suggestion row becomes a listbox option, and an option must not contain links (its children are
 * presentational, so a nested link is unreachable for assistive technology). The server's <a> wrappers
 * become <span>s with the same classes; the option itself navigates to the first link's address.
 */
export function rowMarkup(data: string, title: string): RowMarkup {
  const holder = loadedSanitizer()?.parse(data, RULES);
  if (!holder) return { html: `<span class="smart-search-post-title">${escapeHtml(title)}</span>`, href: '' };
  let href = '';
  for (const link of Array.from(holder.querySelectorAll('a'))) {
    if (!href) href = link.getAttribute('href') ?? '';
    const span = holder.ownerDocument.createElement('span');
    if (link.className) span.className = link.className;
    span.append(...Array.from(link.childNodes));
    link.replaceWith(span);
  }
  for (const focusable of Array.from(holder.querySelectorAll('[tabindex]'))) focusable.removeAttribute('tabindex');
  // The option is named by its text: an image the server left without a text (a thumbnail, one in the description) is
  // decoration, not a file name to read out.
  for (const image of Array.from(holder.querySelectorAll('img:not([alt])'))) image.setAttribute('alt', '');
  return { html: holder.innerHTML, href };
}
