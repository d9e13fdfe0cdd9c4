import { useLayoutEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { injectStyle } from '../../src/styles';
import css from '../../styles/swatches.css?inline';
import type { FilterSwatchesProps } from './schema';

/** Names the swatch-only filter links and marks the chosen term; the links keep working without us. */
export default function FilterSwatches({ element, props }: WidgetProps<FilterSwatchesProps, HTMLElement>) {
  useLayoutEffect(() => {
    injectStyle('swatches', css);
    element.classList.add('cfvsw-filters');
    const items = Array.from(element.children).filter((child) => child.tagName === 'LI');
    const touched: HTMLAnchorElement[] = [];
    items.forEach((item, index) => {
      const term = props.terms[index];
      const link = item.querySelector<HTMLAnchorElement>(':scope > a');
      if (!term || !link || link.textContent?.trim()) return;
      // A chosen term's link removes the filter, as WooCommerce's layered nav does.
      link.setAttribute('aria-label', term.chosen ? `${term.title} (selected, remove filter)` : term.title);
      if (term.chosen) link.setAttribute('aria-current', 'true');
      link.querySelector('.cfvsw-swatches-container')?.setAttribute('aria-hidden', 'true');
      touched.push(link);
    });
    return () => {
      element.classList.remove('cfvsw-filters');
      for (const link of touched) {
        link.removeAttribute('aria-label');
        link.removeAttribute('aria-current');
        link.querySelector('.cfvsw-swatches-container')?.removeAttribute('aria-hidden');
      }
    };
  }, [element, props.terms]);
  return null;
}
