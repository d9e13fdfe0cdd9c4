import { vi } from 'vitest';
import { searchWidget } from '../fixtures/search';

// Fixtures for the instant-search widget tests (instant-search*.test.tsx).

/** The plugin's own widget markup (the demo's, test/fixtures/search.ts), searching products, its input `#ysm-smart-search-<id>-<suffix>`. */
export const pluginForm = (id: string, suffix = 'a') => String(searchWidget(id, '', 'Search products…', suffix));

/** A full-screen widget (`enable`) with a category, a banner and a selected product. */
export function fullScreenSettings(overrides: Record<string, unknown> = {}) {
  return {
    selector: '.ysm-search-widget-1',
    charCount: 3,
    noResultsText: 'No products found',
    layout: 'product',
    fullScreenMode: 'enable',
    placeholder: 'Search products…',
    selectedCategories: [{ id: 21, name: 'Mugs', slug: 'mugs', url: '/product-category/mugs/', count: 4 }],
    selectedCategoriesOnOpen: '1',
    promoBannerImage: '<img src="/banner.jpg" alt="Mugs on sale">',
    promoBannerOnOpen: '1',
    selectedProducts: [
      { id: 10, name: 'Simple Mug', permalink: '/product/simple-mug/', image: '', category: 'Kitchen', price: '$10.00', type: 'simple', rating_count: 0, average_rating: 0 },
    ],
    selectedProductsLabel: 'Featured products',
    ...overrides,
  };
}

export function setSearchGlobal(widgets: Record<string, unknown>) {
  (window as unknown as { swsL10n: unknown }).swsL10n = { restUrl: '/wp-json/ysm/v1/search?', searchPageUrl: '/', type: 'f', nonce: 'n1', widgets };
}

const row = (id: number, title: string) => ({
  value: title,
  data: `<a class="smart-search-post-url" href="/product/${id}/"><div class="smart-search-post-title">${title}</div></a>`,
  url: `/product/${id}/`,
});

export const mugs = { suggestions: [row(10, 'Simple Mug'), row(33, 'Enamel Camp Mug')], view_all_link: '', keywords: [] };

/** Every search answers `mugs`; returns the queries sent. */
export function stubSearchFetch(): Array<{ query: string }> {
  const calls: Array<{ query: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push({ query: new URL(input, 'http://shop.test').searchParams.get('query') ?? '' });
      return new Response(JSON.stringify(mugs), { status: 200 });
    }),
  );
  return calls;
}
