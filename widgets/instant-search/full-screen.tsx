/**
 * The full-screen layout (SRC-01, SRC-04, SRC-10, SRC-15): the dialog, its sidebars and the selected
 * products' carousel, with the CSS only they need. A chunk of its own (widgets/instant-search-full-screen-*.js),
 * fetched by InstantSearch where the settings' full-screen mode applies: the dropdown layout, which most
 * shops use, never downloads it. The search state and the dialog's form stay InstantSearch's, so the
 * query typed before this arrives is the one it shows.
 */
import { type ReactNode, useLayoutEffect } from 'react';
import { injectStyle } from '../../src/styles';
import css from '../../styles/instant-search-full-screen.css?inline';
import { FullScreenDialog } from './FullScreenDialog';
import { ProductCarousel } from './ProductCarousel';
import type { SearchSettings } from './settings';
import { type Sanitize, Sidebar } from './Sidebar';

export interface FullScreenLayoutProps {
  widgetId: string;
  labelText: string;
  settings: SearchSettings;
  /** A query has had results: the "on open" flags off, categories and banner wait for it. */
  searched: boolean;
  /** Under 768 px, where the mobile flags hide blocks. */
  mobile: boolean;
  onClose: () => void;
  /** The dialog's search form, holding the widget's combobox. */
  children: ReactNode;
  /**
   * sanitize.ts's, handed over rather than imported: an import from the widget's chunk would make that chunk
   * export it, and the bundler then wraps the widget module's own exports in a namespace object, so code
   * that stands in for the widget chunk (test/sweep/boundary.test.ts's throwing component) no longer replaces them.
   */
  sanitize: Sanitize;
}

export function FullScreenLayout({ widgetId, labelText, settings, searched, mobile, onClose, children, sanitize }: FullScreenLayoutProps) {
  // A layout effect: the rules are in before the dialog's first paint.
  useLayoutEffect(() => injectStyle('instant-search-full-screen', css), []);
  const visible = {
    categories: settings.selectedCategories.length > 0 && (settings.selectedCategoriesOnOpen || searched) && !(mobile && settings.selectedCategoriesMobile),
    banner: settings.promoBannerImage !== '' && (settings.promoBannerOnOpen || searched) && !(mobile && settings.selectedPromoBannerMobile),
  };
  const showProducts = settings.selectedProducts.length > 0 && !(mobile && settings.selectedProductsMobile);
  return (
    <FullScreenDialog widgetId={widgetId} labelText={labelText} onClose={onClose}>
      {children}
      <div className="smart-search-results-main">
        <Sidebar side="left" settings={settings} visible={visible} sanitize={sanitize} />
        {showProducts && !searched ? <ProductCarousel products={settings.selectedProducts} label={settings.selectedProductsLabel} sanitize={sanitize} /> : null}
        <Sidebar side="right" settings={settings} visible={visible} sanitize={sanitize} />
      </div>
    </FullScreenDialog>
  );
}
