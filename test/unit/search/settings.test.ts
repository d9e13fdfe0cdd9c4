import { describe, expect, it } from 'vitest';
import { PropsError } from '../../../mount/errors';
import { normaliseSettings } from '../../../widgets/instant-search/settings';

const error = (raw: Record<string, unknown>) => {
  try {
    normaliseSettings(raw, 'swsL10n.widgets.1');
  } catch (thrown) {
    return thrown instanceof PropsError ? `${thrown.field}: ${thrown.message}` : `not a PropsError: ${String(thrown)}`;
  }
  return 'no error';
};

describe('instant search settings (zod, as every widget)', () => {
  it('reads PHP scalars: "1"/"" flags, numbers in strings, old and new option names, defaults', () => {
    const settings = normaliseSettings(
      { charCount: '4', popupHeight: '450', recentSearches: '1', disableAjax: '', keywords: 'mug, tee ,', fullScreenMode: '', selectedCategories: '', noResultsText: 'None' },
      'swsL10n.widgets.1',
    );
    expect(settings).toMatchObject({
      minChars: 4,
      maxHeight: 450,
      maxHeightMobile: 400,
      recentSearches: true,
      disableAjax: false,
      preventBadQueries: true,
      keywords: ['mug', 'tee'],
      fullScreenMode: '',
      selectedCategories: [],
      noResultsText: 'None',
      productSlug: 'product',
      selectedCategoriesLocation: 'left_slot',
    });
  });

  it('reads selected categories and products printed as lists or as objects keyed by id', () => {
    const settings = normaliseSettings(
      {
        selectedCategories: { 21: { name: 'Mugs', url: '/c/mugs/', count: '4' } },
        selectedProducts: [{ id: '10', name: 'Simple Mug', permalink: '/p/mug/', price: '$10.00', rating_count: '2' }],
        fullScreenMode: 'desktop_only',
      },
      'swsL10n.widgets.1',
    );
    expect(settings.selectedCategories).toEqual([{ name: 'Mugs', url: '/c/mugs/', count: 4 }]);
    expect(settings.selectedProducts[0]).toMatchObject({ id: 10, name: 'Simple Mug', permalink: '/p/mug/', price: '$10.00', rating_count: 2, image: '' });
    expect(settings.fullScreenMode).toBe('desktop_only');
  });

  it('an invalid value is refused with the field it came from', () => {
    expect(error({ charCount: 'three' })).toMatch(/^swsL10n\.widgets\.1\.charCount: .*not a number ≥ 1/);
    expect(error({ fullScreenMode: 'sometimes' })).toMatch(/^swsL10n\.widgets\.1\.fullScreenMode: /);
    expect(error({ selectedProducts: [{ id: 0, name: 'x', permalink: '/x/' }] })).toMatch(/^swsL10n\.widgets\.1\.selectedProducts\[0\]\.id: a selected product needs a positive id/);
    expect(error({ selectedCategories: [{ name: 'Mugs' }] })).toMatch(/^swsL10n\.widgets\.1\.selectedCategories\[0\]\.url: /);
    expect(error({ selectedCategories: 'Mugs' })).toMatch(/^swsL10n\.widgets\.1\.selectedCategories: /);
  });

  it('links the settings name go nowhere unless http(s) or relative (Preact, unlike React, renders javascript: hrefs)', () => {
    const settings = normaliseSettings(
      {
        selectedCategories: [
          { name: 'Mugs', url: '/product-category/mugs/' },
          { name: 'Bad', url: ' Java\tScript:alert(1)' },
          { name: 'Data', url: 'data:text/html,<script>alert(1)</script>' },
          { name: 'Away', url: 'https://example.com/c/' },
        ],
        selectedProducts: [{ id: 3, name: 'x', permalink: 'javascript:alert(1)' }],
        promoBannerLink: 'vbscript:msgbox(1)',
      },
      'swsL10n.widgets.1',
    );
    expect(settings.selectedCategories.map((c) => c.url)).toEqual(['/product-category/mugs/', '#', '#', 'https://example.com/c/']);
    expect(settings.selectedProducts[0]?.permalink).toBe('#');
    expect(settings.promoBannerLink).toBe('#');
  });
});
