import { textsOf } from '../../src/strings';

/** The instant search's own texts (src/strings.ts says how a site replaces them). */
export const SEARCH_STRINGS = {
  searchButton: 'Search',
  searchClose: 'Close search',
  searchSuggestions: '{label}: suggestions',
  searchRemoveRecent: 'Remove “{query}” from recent searches',
  searchTooShort: 'Type at least {count} characters to search.',
  searchSearching: 'Searching…',
  searchNoResults: 'No results',
  searchOneResult: '1 result available.',
  searchResults: '{count} results available.',
  searchUnavailable: 'Search suggestions are unavailable. Press Enter to search anyway.',
  searchRecentTitle: 'Recent searches',
  searchKeywordsLabel: 'Popular searches',
  searchCategoriesLabel: 'Categories',
  searchProductsLabel: 'Featured products',
  carouselPrevious: 'Previous products',
  carouselNext: 'Next products',
  carouselPage: '{index} of {count}',
  carouselRating: 'Rated {rating} out of 5',
  carouselSelectOptions: 'Select options for “{name}”',
  carouselAddToCart: 'Add to cart: “{name}”',
  opensInNewTab: ' (opens in a new tab)',
} as const;

export const t = textsOf(SEARCH_STRINGS);
