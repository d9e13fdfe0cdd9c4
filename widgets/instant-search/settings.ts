/**
 * Normalises one `swsL10n.widgets[id]` entry (spec §3 "Search widget settings"). The plugin prints
 * PHP option names (charCount, popupHeight, noResultsText) and PHP booleans ('', '1', true); the
 * widget works with one clean, typed shape, validated with zod like every other widget's settings.
 * Invalid values throw a PropsError naming the field.
 */
import { PropsError } from '../../mount/errors';
import { safeParse, z } from '../../src/validation';
import { safeLink } from '../../src/html';
import { DEFAULT_MIN_CHARS, type FullScreenMode } from './logic';
import { t } from './strings';

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

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || value === false;

// The plugin's settings are loose (PHP prints booleans and numbers as strings, an empty list as ""):
// flags and texts accept anything and read it as WordPress would; numbers, lists and modes are checked.
// A missing key is read as undefined, which every reader below turns into its default (false, '', []):
// `anything` is zod's unknown with a default of undefined, which makes a missing key go through the reader.
const anything = z._default(z.unknown(), undefined);
const read = <T>(reader: (value: unknown) => T) => z.pipe(anything, z.transform(reader));
const phpFlag = read(flag);
const phpText = read(text);

/** A number as the plugin prints it (a number or a string of one); anything else, a list among them, is NaN. */
const numberOf = (value: unknown): number => (typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN);

/** A whole number ≥ min (floored), or absent ("", null): undefined. */
const phpCount = (min: number) =>
  z.optional(
    z.pipe(
      z.unknown().check(
        z.refine((value) => value === undefined || value === null || value === '' || numberOf(value) >= min, {
          error: (issue) => `${JSON.stringify(issue.input)} is not a number ≥ ${min}`,
        }),
      ),
      z.transform((value) => (value === undefined || value === null || value === '' ? undefined : Math.floor(numberOf(value)))),
    ),
  );

/** A list printed as an array, an object keyed by id, or "" / false / null for none. */
const phpList = <T extends z.ZodMiniType>(item: T, what: string) =>
  z.pipe(
    z.pipe(
      anything.check(z.refine((value) => isEmpty(value) || typeof value === 'object', { error: `${what} is neither empty nor a list` })),
      z.transform((value) => (Array.isArray(value) ? value : isEmpty(value) ? [] : Object.values(value as Record<string, unknown>))),
    ),
    z.array(item),
  );

const required = (message: string) => z.string().check(z.refine((value) => value.length > 0, { error: message }));

const categorySchema = z.looseObject({
  name: required('a selected category needs a name and a url'),
  url: required('a selected category needs a name and a url'),
  count: z.optional(z.unknown()),
});

const productSchema = z.looseObject({
  id: z
    .pipe(z.union([z.number(), z.string()]), z.transform(Number))
    .check(z.refine((id) => Number.isInteger(id) && id > 0, { error: 'a selected product needs a positive id, a name and a permalink' })),
  name: required('a selected product needs a positive id, a name and a permalink'),
  permalink: required('a selected product needs a positive id, a name and a permalink'),
  image: phpText,
  category: phpText,
  price: phpText,
  type: phpText,
  rating_count: z.optional(z.unknown()),
  average_rating: z.optional(z.unknown()),
  icon: phpText,
  icon_variable: phpText,
});

const FULL_SCREEN_MODES: readonly unknown[] = ['desktop_only', 'mobile_only', 'enable'];
const fullScreenModeSchema = z.pipe(
  anything.check(
    z.refine((value) => isEmpty(value) || FULL_SCREEN_MODES.includes(value), {
      error: (issue) => `fullScreenMode=${JSON.stringify(issue.input)} is not desktop_only, mobile_only or enable`,
    }),
  ),
  z.transform((value) => (FULL_SCREEN_MODES.includes(value) ? (value as FullScreenMode) : '')),
);

const slot = (fallback: SlotLocation) =>
  read((value): SlotLocation => (value === 'left_slot' || value === 'left_slot_2' || value === 'right_slot' || value === 'right_slot_2' ? value : fallback));

const keywordList = read((value) =>
  (Array.isArray(value) ? value.map(text) : text(value).split(','))
    .map((keyword) => keyword.trim())
    .filter(Boolean),
);

/** One `swsL10n.widgets[id]` entry as the plugin prints it (old and new option names both accepted). */
const settingsSchema = z.looseObject({
  layout: phpText,
  columns: phpCount(1),
  productSlug: phpText,
  maxHeight: phpCount(0),
  popupHeight: phpCount(0),
  maxHeightMobile: phpCount(0),
  popupHeightMobile: phpCount(0),
  minChars: phpCount(1),
  charCount: phpCount(1),
  disableAjax: phpFlag,
  no_results_text: z.optional(z.unknown()),
  noResultsText: z.optional(z.unknown()),
  loaderIcon: phpText,
  loaderImage: phpText,
  preventBadQueries: z.optional(z.unknown()),
  fullScreenMode: fullScreenModeSchema,
  placeholder: phpText,
  recentSearches: phpFlag,
  recentSearchesTitle: phpText,
  keywords: keywordList,
  keywordsLabel: phpText,
  selectedCategories: phpList(categorySchema, 'selectedCategories'),
  selectedCategoriesLabel: phpText,
  selectedCategoriesLocation: slot('left_slot'),
  selectedCategoriesMobile: phpFlag,
  selectedCategoriesCount: phpFlag,
  selectedCategoriesOnOpen: phpFlag,
  selectedProducts: phpList(productSchema, 'selectedProducts'),
  selectedProductsLabel: phpText,
  selectedProductsMobile: phpFlag,
  promoBannerLocation: slot('right_slot'),
  promoBannerImage: phpText,
  promoBannerLink: phpText,
  promoBannerOnOpen: phpFlag,
  selectedPromoBannerMobile: phpFlag,
});

/** `field` is the settings path used in error messages, e.g. `swsL10n.widgets.1`. */
/** The schema of one `swsL10n.widgets[id]` entry, for tests that generate malformed settings from it. */
export { settingsSchema as searchSettingsSchema };

export function normaliseSettings(raw: Raw, field: string): SearchSettings {
  const parsed = safeParse(settingsSchema, raw);
  if (!parsed.success) {
    const issue = parsed.issues[0]!;
    const path = issue.path.map((step) => (typeof step === 'number' ? `[${step}]` : `.${String(step)}`)).join('');
    throw new PropsError(`${field}${path}`, issue.message);
  }
  const p = parsed.data;
  return {
    layout: p.layout,
    columns: p.columns ?? 1,
    productSlug: p.productSlug || 'product',
    maxHeight: p.maxHeight ?? p.popupHeight ?? 500,
    maxHeightMobile: p.maxHeightMobile ?? p.popupHeightMobile ?? 400,
    minChars: p.minChars ?? p.charCount ?? DEFAULT_MIN_CHARS,
    disableAjax: p.disableAjax,
    noResultsText: text(p.no_results_text ?? p.noResultsText),
    loaderIcon: p.loaderIcon,
    loaderImage: p.loaderImage,
    preventBadQueries: p.preventBadQueries === undefined ? true : flag(p.preventBadQueries),
    fullScreenMode: p.fullScreenMode,
    placeholder: p.placeholder,
    recentSearches: p.recentSearches,
    recentSearchesTitle: p.recentSearchesTitle || t('searchRecentTitle'),
    keywords: p.keywords,
    keywordsLabel: p.keywordsLabel || t('searchKeywordsLabel'),
    selectedCategories: p.selectedCategories.map((category) => {
      const count = Number(category.count);
      return { name: category.name, url: safeLink(category.url), count: Number.isFinite(count) ? count : 0 };
    }),
    selectedCategoriesLabel: p.selectedCategoriesLabel || t('searchCategoriesLabel'),
    selectedCategoriesLocation: p.selectedCategoriesLocation,
    selectedCategoriesMobile: p.selectedCategoriesMobile,
    selectedCategoriesCount: p.selectedCategoriesCount,
    selectedCategoriesOnOpen: p.selectedCategoriesOnOpen,
    selectedProducts: p.selectedProducts.map((product) => ({
      id: product.id,
      name: product.name,
      permalink: safeLink(product.permalink),
      image: product.image,
      category: product.category,
      price: product.price,
      type: product.type,
      rating_count: Number(product.rating_count) || 0,
      average_rating: Number(product.average_rating) || 0,
      icon: product.icon,
      icon_variable: product.icon_variable,
    })),
    selectedProductsLabel: p.selectedProductsLabel || t('searchProductsLabel'),
    selectedProductsMobile: p.selectedProductsMobile,
    promoBannerLocation: p.promoBannerLocation,
    promoBannerImage: p.promoBannerImage,
    promoBannerLink: p.promoBannerLink ? safeLink(p.promoBannerLink) : '',
    promoBannerOnOpen: p.promoBannerOnOpen,
    selectedPromoBannerMobile: p.selectedPromoBannerMobile,
  };
}
