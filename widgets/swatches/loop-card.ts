/**
 * The shop card around a loop variations form (§2.3.5): its thumbnail and price switch to the chosen
 * variation's and back, and its button switches between select-options and add-to-cart (SWT-10).
 * The originals are kept so a deselect restores exactly what the server rendered.
 */
import type { VariationData } from '../../src/events';
import { cardOf } from './dom';
import type { LoopButtonTexts } from './schema';

interface ImageOriginal {
  src: string | null;
  srcset: string | null;
  sizes: string | null;
}
const images = new WeakMap<HTMLImageElement, ImageOriginal>();
const labels = new WeakMap<HTMLElement, string | null>();


function thumbnailOf(card: Element, form: Element): HTMLImageElement | null {
  return Array.from(card.querySelectorAll('img')).find((img) => !form.contains(img)) ?? null;
}

function restoreAttribute(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

function variationImage(variation: VariationData): { src: string; alt: string } | null {
  const image = variation.image as { thumb_src?: unknown; src?: unknown; alt?: unknown } | undefined;
  const src = typeof image?.thumb_src === 'string' && image.thumb_src ? image.thumb_src : typeof image?.src === 'string' ? image.src : '';
  return src ? { src, alt: typeof image?.alt === 'string' ? image.alt : '' } : null;
}

/** Thumbnail and price of the card become the variation's (price_html is server markup by contract). */
export function showVariation(form: Element, variation: VariationData, catalogMode: boolean): void {
  const card = cardOf(form);
  const img = thumbnailOf(card, form);
  const image = variationImage(variation);
  if (img && image) {
    if (!images.has(img)) images.set(img, { src: img.getAttribute('src'), srcset: img.getAttribute('srcset'), sizes: img.getAttribute('sizes') });
    img.setAttribute('src', image.src);
    img.removeAttribute('srcset');
    img.removeAttribute('sizes');
    img.classList.add('cfvsw-original-thumbnail');
  }
  const priceHtml = typeof variation.price_html === 'string' ? variation.price_html : '';
  if (catalogMode || priceHtml === '') {
    restorePrice(card);
    return;
  }
  const original = Array.from(card.querySelectorAll<HTMLElement>('.price')).find((price) => !price.closest('.cfvsw-variation-price'));
  if (!original) return;
  let replacement = card.querySelector<HTMLElement>('.cfvsw-variation-price');
  if (!replacement) {
    replacement = document.createElement('span');
    replacement.className = 'cfvsw-variation-price';
    original.after(replacement);
  }
  replacement.innerHTML = priceHtml;
  original.classList.add('cfvsw-original-price');
  // Inline, because theme CSS giving .price a display beats the hidden attribute.
  original.style.setProperty('display', 'none');
}

function restorePrice(card: Element): void {
  card.querySelector('.cfvsw-variation-price')?.remove();
  const original = card.querySelector<HTMLElement>('.cfvsw-original-price');
  if (original) {
    original.style.removeProperty('display');
    original.classList.remove('cfvsw-original-price');
  }
}

/** SWT-03: back to the server's thumbnail and price. */
export function restoreCard(form: Element): void {
  const card = cardOf(form);
  const img = thumbnailOf(card, form);
  const original = img ? images.get(img) : undefined;
  if (img && original) {
    restoreAttribute(img, 'src', original.src);
    restoreAttribute(img, 'srcset', original.srcset);
    restoreAttribute(img, 'sizes', original.sizes);
    img.classList.remove('cfvsw-original-thumbnail');
    images.delete(img);
  }
  restorePrice(card);
}

export interface FoundState {
  variationId: number;
  variant: Record<string, string>;
  available: boolean;
}

/** SWT-10: add-to-cart text, variation id and chosen attributes on the button; null: back to select options. */
export function setButtonState(button: HTMLElement, texts: LoopButtonTexts, productTitle: string, found: FoundState | null): void {
  if (!labels.has(button)) labels.set(button, button.getAttribute('aria-label'));
  button.classList.toggle('cfvsw_variation_found', found !== null);
  button.classList.toggle('wc-variation-is-unavailable', found !== null && !found.available);
  if (!found) {
    button.textContent = texts.selectOptions;
    button.removeAttribute('data-variation_id');
    button.removeAttribute('data-selected_variant');
    restoreAttribute(button, 'aria-label', labels.get(button) ?? null);
    return;
  }
  button.textContent = texts.addToCart;
  button.setAttribute('data-variation_id', String(found.variationId));
  button.setAttribute('data-selected_variant', JSON.stringify(found.variant));
  // The server's label says "Select options for …"; a screen reader must hear what the button does now.
  const name = productTitle ? `${texts.addToCart}: “${productTitle}”` : texts.addToCart;
  button.setAttribute('aria-label', found.available ? name : `${name} (unavailable)`);
}
