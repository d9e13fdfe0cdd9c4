/**
 * Server markup the contract allows (search rows' `data`, `view_all_link`, the promo banner image,
 * selected products' image and price) goes through DOMPurify. DOMPurify is imported here only, so it
 * travels in this widget's chunk.
 */
import DOMPurify from 'dompurify';
import { escapeHtml } from '../../src/html';

/** Where DOMPurify cannot run, it hands markup back untouched; then we show no server markup at all. */
const supported = DOMPurify.isSupported;

export function sanitize(html: string): string {
  if (!supported) return '';
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'] });
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
  if (!supported) return { html: `<span class="smart-search-post-title">${escapeHtml(title)}</span>`, href: '' };
  const fragment = DOMPurify.sanitize(data, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  }) as DocumentFragment | null;
  // DOMPurify answers null when its parser ends without a body (a row holding a <frameset>): the title as text.
  if (!fragment) return { html: `<span class="smart-search-post-title">${escapeHtml(title)}</span>`, href: '' };
  let href = '';
  for (const link of Array.from(fragment.querySelectorAll('a'))) {
    if (!href) href = link.getAttribute('href') ?? '';
    const span = document.createElement('span');
    if (link.className) span.className = link.className;
    span.append(...Array.from(link.childNodes));
    link.replaceWith(span);
  }
  for (const focusable of Array.from(fragment.querySelectorAll('[tabindex]'))) focusable.removeAttribute('tabindex');
  const holder = document.createElement('div');
  holder.append(fragment);
  return { html: holder.innerHTML, href };
}
