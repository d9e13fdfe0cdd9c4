import { SkipMount } from '../../mount/errors';

export interface FilterTerm {
  /** The term's name, from the swatch's data-title (the link itself has no text). */
  title: string;
  chosen: boolean;
}

export interface FilterSwatchesProps {
  /** One entry per `li`, in order; null for an item without a swatch. */
  terms: (FilterTerm | null)[];
}

export function readFilterSwatchesProps(element: Element): FilterSwatchesProps {
  if (!element.querySelector('.cfvsw-swatches-container')) throw new SkipMount('a filter list without swatches');
  const items = Array.from(element.children).filter((child) => child.tagName === 'LI');
  return {
    terms: items.map((item) => {
      const option = item.querySelector('a .cfvsw-swatches-option');
      if (!option) return null;
      const title = option.getAttribute('data-title') || option.getAttribute('data-slug') || '';
      return { title, chosen: item.classList.contains('chosen') };
    }),
  };
}
