/**
 * Normalises one `swsL10n.widgets[id]` entry (spec §3 "Search widget settings"). The plugin prints
 * PHP option names (charCount, popupHeight, noResultsText) and PHP booleans ('', '1', true); the
 * widget works with one clean, typed shape. Invalid values throw a PropsError naming the field.
 */
import { PropsError } from '../../mount/errors';
import { DEFAULT_MIN_CHARS, type FullScreenMode } from './logic';
import { isRecord } from '../../src/guards';

export interface SelectedCategory {
  name: string;
  url: string;
  count: number;
}

/** SRC-14: the fields of a selected product the carousel shows. */
export interface SelectedProduct {
  id: number;
  name: string;
  permalink: string;
  /** Image markup from the server (sanitised before it is shown). */
  image: string;
  category: string;
  /** price_html from the server (sanitised before it is shown). */
  price: string;
  type: string;
  rating_count: number;
  average_rating: number;
  icon: string;
  icon_variable: string;
}

export type SlotLocation = 'left_slot' | 'left_slot_2' | 'right_slot' | 'right_slot_2';

export interface SearchSettings {
  layout: string;
  columns: number;
  productSlug: string;
  maxHeight: number;
  maxHeightMobile: number;
  minChars: number;
  disableAjax: boolean;
  noResultsText: string;
  loaderIcon: string;
  loaderImage: string;
  preventBadQueries: boolean;
  fullScreenMode: FullScreenMode;
  placeholder: string;
  recentSearches: boolean;
  recentSearchesTitle: string;
  keywords: string[];
  keywordsLabel: string;
  selectedCategories: SelectedCategory[];
  selectedCategoriesLabel: string;
  selectedCategoriesLocation: SlotLocation;
  selectedCategoriesMobile: boolean;
  selectedCategoriesCount: boolean;
  selectedCategoriesOnOpen: boolean;
  selectedProducts: SelectedProduct[];
  selectedProductsLabel: string;
  selectedProductsMobile: boolean;
  promoBannerLocation: SlotLocation;
  promoBannerImage: string;
  promoBannerLink: string;
  promoBannerOnOpen: boolean;
  selectedPromoBannerMobile: boolean;
}

type Raw = Record<string, unknown>;


/** PHP booleans as wp_localize_script prints them: true/false, '1'/'0'/'', 1/0, 'yes'/'no', 'on'. */
function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
  return false;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

function integer(raw: Raw, names: string[], fallback: number, field: string, min = 0): number {
  for (const name of names) {
    const value = raw[name];
    if (value === undefined || value === null || value === '') continue;
    const number = typeof value === 'number' ? value : Number(String(value).trim());
    if (!Number.isFinite(number) || number < min) {
      throw new PropsError(`${field}.${name}`, `${name}=${JSON.stringify(value)} is not a number ≥ ${min}`);
    }
    return Math.floor(number);
  }
  return fallback;
}

function slot(value: unknown, fallback: SlotLocation): SlotLocation {
  return value === 'left_slot' || value === 'left_slot_2' || value === 'right_slot' || value === 'right_slot_2' ? value : fallback;
}

function keywordList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(text).map((k) => k.trim()).filter(Boolean);
  return text(value)
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

function categories(value: unknown, field: string): SelectedCategory[] {
  if (value === '' || value === undefined || value === null || value === false) return [];
  const list = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : null;
  if (!list) throw new PropsError(field, 'selectedCategories is neither empty nor a list');
  return list.map((item, index) => {
    if (!isRecord(item) || text(item.name) === '' || text(item.url) === '') {
      throw new PropsError(`${field}[${index}]`, 'a selected category needs a name and a url');
    }
    const count = Number(item.count);
    return { name: text(item.name), url: text(item.url), count: Number.isFinite(count) ? count : 0 };
  });
}

function products(value: unknown, field: string): SelectedProduct[] {
  if (value === '' || value === undefined || value === null || value === false) return [];
  const list = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : null;
  if (!list) throw new PropsError(field, 'selectedProducts is neither empty nor a list');
  return list.map((item, index) => {
    const id = isRecord(item) ? Number(item.id) : Number.NaN;
    if (!isRecord(item) || !Number.isInteger(id) || id <= 0 || text(item.name) === '' || text(item.permalink) === '') {
      throw new PropsError(`${field}[${index}]`, 'a selected product needs a positive id, a name and a permalink');
    }
    return {
      id,
      name: text(item.name),
      permalink: text(item.permalink),
      image: text(item.image),
      category: text(item.category),
      price: text(item.price),
      type: text(item.type),
      rating_count: Number(item.rating_count) || 0,
      average_rating: Number(item.average_rating) || 0,
      icon: text(item.icon),
      icon_variable: text(item.icon_variable),
    };
  });
}

function fullScreenMode(value: unknown, field: string): FullScreenMode {
  if (value === undefined || value === null || value === '' || value === false) return '';
  if (value === 'desktop_only' || value === 'mobile_only' || value === 'enable') return value;
  throw new PropsError(`${field}.fullScreenMode`, `fullScreenMode=${JSON.stringify(value)} is not desktop_only, mobile_only or enable`);
}

/** `field` is the settings path used in error messages, e.g. `swsL10n.widgets.1`. */
export function normaliseSettings(raw: Raw, field: string): SearchSettings {
  const noResults = raw.no_results_text ?? raw.noResultsText;
  return {
    layout: text(raw.layout),
    columns: integer(raw, ['columns'], 1, field, 1),
    productSlug: text(raw.productSlug) || 'product',
    maxHeight: integer(raw, ['maxHeight', 'popupHeight'], 500, field),
    maxHeightMobile: integer(raw, ['maxHeightMobile', 'popupHeightMobile'], 400, field),
    minChars: integer(raw, ['minChars', 'charCount'], DEFAULT_MIN_CHARS, field, 1),
    disableAjax: flag(raw.disableAjax),
    noResultsText: text(noResults),
    loaderIcon: text(raw.loaderIcon),
    loaderImage: text(raw.loaderImage),
    preventBadQueries: raw.preventBadQueries === undefined ? true : flag(raw.preventBadQueries),
    fullScreenMode: fullScreenMode(raw.fullScreenMode, field),
    placeholder: text(raw.placeholder),
    recentSearches: flag(raw.recentSearches),
    recentSearchesTitle: text(raw.recentSearchesTitle) || 'Recent searches',
    keywords: keywordList(raw.keywords),
    keywordsLabel: text(raw.keywordsLabel) || 'Popular searches',
    selectedCategories: categories(raw.selectedCategories, `${field}.selectedCategories`),
    selectedCategoriesLabel: text(raw.selectedCategoriesLabel) || 'Categories',
    selectedCategoriesLocation: slot(raw.selectedCategoriesLocation, 'left_slot'),
    selectedCategoriesMobile: flag(raw.selectedCategoriesMobile),
    selectedCategoriesCount: flag(raw.selectedCategoriesCount),
    selectedCategoriesOnOpen: flag(raw.selectedCategoriesOnOpen),
    selectedProducts: products(raw.selectedProducts, `${field}.selectedProducts`),
    selectedProductsLabel: text(raw.selectedProductsLabel) || 'Featured products',
    selectedProductsMobile: flag(raw.selectedProductsMobile),
    promoBannerLocation: slot(raw.promoBannerLocation, 'right_slot'),
    promoBannerImage: text(raw.promoBannerImage),
    promoBannerLink: text(raw.promoBannerLink),
    promoBannerOnOpen: flag(raw.promoBannerOnOpen),
    selectedPromoBannerMobile: flag(raw.selectedPromoBannerMobile),
  };
}
