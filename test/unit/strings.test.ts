import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSettingsCache } from '../../src/settings';
import { t as galleryText } from '../../widgets/product-gallery/strings';
import { announcement } from '../../widgets/instant-search/logic';
import { SEARCH_STRINGS, t } from '../../widgets/instant-search/strings';
import { STRING_TABLES } from '../helpers/strings';

const setStrings = (value: unknown) => {
  (globalThis as Record<string, unknown>).vitrine_strings = value;
  resetSettingsCache();
};

afterEach(() => {
  delete (globalThis as Record<string, unknown>).vitrine_strings;
  resetSettingsCache();
  vi.restoreAllMocks();
});

describe('strings: Vitrine’s own texts, replaceable by the site', () => {
  it('gives the built-in text with its placeholders filled', () => {
    expect(t('searchClose')).toBe(SEARCH_STRINGS.searchClose);
    expect(t('searchTooShort', { count: 3 })).toBe('Type at least 3 characters to search.');
    expect(galleryText('galleryThumbnail', { index: 2, count: 5 })).toBe('Image 2 of 5');
  });

  it('takes the replacements printed in window.vitrine_strings, and widgets use them', () => {
    setStrings({ searchResults: '{count} résultats disponibles.', searchClose: 'Fermer la recherche' });
    expect(t('searchClose')).toBe('Fermer la recherche');
    expect(announcement({ status: 'results', count: 4, noResultsText: '' })).toBe('4 résultats disponibles.');
    // A key not replaced keeps its built-in text.
    expect(t('searchNoResults')).toBe('No results');
  });

  it('an invalid window.vitrine_strings is reported once and the built-in texts stay', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    setStrings({ searchClose: 42 });
    expect(t('searchClose')).toBe('Close search');
    expect(t('searchButton')).toBe('Search');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toContain('vitrine_strings');
  });

  it("every widget's table is listed for translators, and no key is in two tables (one namespace)", () => {
    const widgets = path.resolve(__dirname, '../../widgets');
    const withTable = readdirSync(widgets, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(path.join(widgets, entry.name)).includes('strings.ts'))
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(STRING_TABLES).sort()).toEqual(withTable);
    const keys = Object.values(STRING_TABLES).flatMap((table) => Object.keys(table));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
