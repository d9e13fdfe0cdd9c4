/**
 * Reads one variations form carrying Variation Swatches markup (search-and-swatches.md §2.2): its
 * swatch groups, the hidden selects that stay the source of truth, the embedded variations, the
 * `cfvsw_swatches_settings` global and, in the shop loop, the card's button texts.
 */
import { safeParse, z } from '../../src/validation';
import { PropsError, SkipMount } from '../../mount/errors';
import type { VariationData } from '../../src/events';
import { variationParams } from '../../src/settings';
import { parseVariation } from '../../src/variation/schema';
import { attributeLabel, parseId, type SwatchType } from './logic';
import { t } from './strings';

export interface SwatchOption {
  slug: string;
  title: string;
  tooltip: string;
  type: SwatchType;
  /** The image swatch's picture, for the tooltip preview. */
  image: string | null;
}

export interface SwatchGroup {
  attribute: string;
  label: string;
  options: SwatchOption[];
}

export type RemoveAttrClass = 'cfvsw-swatches-blur' | 'cfvsw-swatches-blur-cross' | 'cfvsw-swatches-hide';

export interface SwatchSettings {
  ajaxUrl: string;
  removeAttrClass: RemoveAttrClass;
  /** 'inline' puts label and swatches on one row; anything else writes the chosen name into the label. */
  htmlDesign: string;
  unavailableText: string;
  nonce: string;
  tooltipImage: boolean;
  disableOutOfStock: boolean;
}

export interface LoopButtonTexts {
  addToCart: string;
  selectOptions: string;
}

export interface SwatchesProps {
  /** loop: a shop card (div, no variation form widget); product: the product page's form. */
  mode: 'loop' | 'product';
  /** null when missing or not a positive integer: the listing add then keeps its default click (SWT-13). */
  productId: number | null;
  productTitle: string;
  /** null: not embedded (`data-product_variations="false"`), asked for with get_variation. */
  variations: VariationData[] | null;
  groups: SwatchGroup[];
  settings: SwatchSettings;
  button: LoopButtonTexts | null;
  noMatchText: string;
  /** The site still prints the swatches plugin's stylesheet, which sizes the options: Vitrine adds no sizes of its own. */
  pluginDrawsOptions: boolean;
}

const flag = z.optional(z.union([z.boolean(), z.literal(['1', '', '0', 1, 0])]));
const settingsSchema = z.object({
  ajax_url: z.optional(z.string()),
  remove_attr_class: z.optional(z.literal(['cfvsw-swatches-blur', 'cfvsw-swatches-blur-cross', 'cfvsw-swatches-hide'])),
  html_design: z.optional(z.string()),
  unavailable_text: z.optional(z.string()),
  ajax_add_to_cart_nonce: z.optional(z.string()),
  tooltip_image: flag,
  disable_out_of_stock: flag,
});

/** The schema of `cfvsw_swatches_settings`, for tests that generate malformed settings from it. */
export { settingsSchema as swatchSettingsSchema };

const truthy = (value: unknown, fallback: boolean): boolean =>
  value === undefined ? fallback : value === true || value === '1' || value === 1;

function readSettings(): SwatchSettings {
  const raw = (window as { cfvsw_swatches_settings?: unknown }).cfvsw_swatches_settings;
  const parsed = safeParse(settingsSchema, raw ?? {});
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const field = issue?.path.map(String).join('.') || '(the global itself)';
    throw new PropsError(`cfvsw_swatches_settings.${field}`, issue?.message ?? 'invalid');
  }
  const p = parsed.data;
  return {
    ajaxUrl: p.ajax_url || '/wp-admin/admin-ajax.php',
    removeAttrClass: p.remove_attr_class ?? 'cfvsw-swatches-blur',
    htmlDesign: p.html_design ?? 'none',
    unavailableText: p.unavailable_text || t('swatchUnavailable'),
    nonce: p.ajax_add_to_cart_nonce ?? '',
    tooltipImage: truthy(p.tooltip_image, false),
    // The plugin's default is on (§2.1).
    disableOutOfStock: truthy(p.disable_out_of_stock, true),
  };
}

function readVariations(element: Element): VariationData[] | null {
  const raw = element.getAttribute('data-product_variations');
  if (raw === null || raw.trim() === 'false') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new PropsError('data-product_variations', 'is not JSON');
  }
  const list = Array.isArray(json) ? json.map(parseVariation) : null;
  if (!list || list.some((variation) => variation === null)) {
    throw new PropsError('data-product_variations', 'expected an array of variations with variation_id and attributes');
  }
  return list as VariationData[];
}

/**
 * On the product page the variation form owns `data-product_variations` (and reports it once when it is
 * broken); the swatches still choose, through the selects, only without marking out-of-stock options.
 */
function variationsOrNothing(element: Element): VariationData[] | null {
  try {
    return readVariations(element);
  } catch {
    return null;
  }
}

/** The plugin reaches the select through the container's previous sibling (§2.2). */
export function selectFor(container: Element, form: Element): HTMLSelectElement | null {
  const previous = container.previousElementSibling?.querySelector('select');
  if (previous) return previous;
  const attribute = container.getAttribute('swatches-attr') ?? '';
  return Array.from(form.querySelectorAll('select')).find((select) => (select.getAttribute('data-attribute_name') ?? select.name) === attribute) ?? null;
}

function backgroundUrl(element: Element | null): string | null {
  const value = element instanceof HTMLElement ? element.style.backgroundImage : '';
  const match = /url\(\s*["']?([^"')]+)["']?\s*\)/.exec(value ?? '');
  return match?.[1] ?? null;
}

function readOption(option: Element): SwatchOption {
  const type: SwatchType = option.classList.contains('cfvsw-image-option')
    ? 'image'
    : option.classList.contains('cfvsw-label-option')
      ? 'label'
      : 'color';
  const slug = option.getAttribute('data-slug') ?? '';
  return {
    slug,
    title: option.getAttribute('data-title') || slug,
    tooltip: option.getAttribute('data-tooltip') ?? '',
    type,
    image: type === 'image' ? backgroundUrl(option.querySelector('.cfvsw-swatch-inner') ?? option) : null,
  };
}

function labelFor(select: HTMLSelectElement, attribute: string, form: Element): string {
  const byFor = select.id ? form.querySelector(`label[for="${CSS.escape(select.id)}"]`) : null;
  const text = byFor?.textContent?.trim();
  return text || attributeLabel(attribute);
}

/** Swatch containers of this form only: a nested form's are its own. */
export function containersOf(form: Element): HTMLElement[] {
  return Array.from(form.querySelectorAll<HTMLElement>('.cfvsw-swatches-container[swatches-attr]')).filter(
    (container) => container.closest('.cfvsw_variations_form, form.variations_form') === form,
  );
}

/** The loop card's own button (the plugin adds `cfvsw_ajax_add_to_cart` to it). */
export function loopButtonOf(form: Element): HTMLAnchorElement | null {
  const card = form.closest('li.product, .product, li');
  return card?.querySelector<HTMLAnchorElement>('a.cfvsw_ajax_add_to_cart') ?? null;
}

function readGroups(element: Element): SwatchGroup[] {
  const groups: SwatchGroup[] = [];
  for (const container of containersOf(element)) {
    const attribute = container.getAttribute('swatches-attr') ?? '';
    const select = selectFor(container, element);
    if (!select) throw new PropsError('swatches-attr', `no <select> for ${attribute}`);
    const options = Array.from(container.querySelectorAll('.cfvsw-swatches-option[data-slug]')).map(readOption);
    groups.push({ attribute, label: labelFor(select, attribute, element), options });
  }
  return groups;
}

export function readSwatchesProps(element: Element): SwatchesProps {
  if (containersOf(element).length === 0) throw new SkipMount('no swatches in this form');
  const mode = element.tagName === 'FORM' ? 'product' : 'loop';
  const button = mode === 'loop' ? loopButtonOf(element) : null;
  const card = element.closest('li.product, .product, li');
  return {
    mode,
    productId: parseId(element.getAttribute('data-product_id') ?? ''),
    productTitle: card?.querySelector('.woocommerce-loop-product__title')?.textContent?.trim() ?? '',
    variations: mode === 'product' ? variationsOrNothing(element) : readVariations(element),
    groups: readGroups(element),
    settings: readSettings(),
    button: button
      ? {
          addToCart: button.getAttribute('data-add_to_cart_text') || t('addToCart'),
          selectOptions: button.getAttribute('data-select_options_text') || button.textContent?.trim() || t('selectOptions'),
        }
      : null,
    // WooCommerce's own text (its default when the page printed none).
    noMatchText: variationParams().i18nNoMatchingVariationsText,
    pluginDrawsOptions: document.querySelector('link#cfvsw_swatches_product-css, link[href*="variation-swatches-woo/assets/css/swatches"]') !== null,
  };
}
