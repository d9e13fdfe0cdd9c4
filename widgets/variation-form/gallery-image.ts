/**
 * VAR-08: the main product image follows the chosen variation.
 *
 * The form always emits `gallery:image-requested` on the bus (variation, or null to restore). A gallery
 * widget that follows variations itself marks its `.woocommerce-product-gallery` element with
 * `data-vitrine-follows-variations`; otherwise this module does what WooCommerce does: it swaps the
 * attributes of the first gallery image (saving the server's values as `data-o_<attr>`) and restores
 * them on reset. Either way, 20 ms later (spec §9) the window gets a resize and the gallery
 * WooCommerce's zoom re-init events, so zoom and slider measure the new image.
 */
import type { VariationData } from '../../src/events';
import { triggerJQuery } from '../../src/jquery';
import { type VariationImage, variationImageOf } from '../../src/variation/image';
import { productScope } from './product-details';

export const GALLERY_REINIT_DELAY = 20;

function setVariationAttr(element: Element | null, name: string, value: unknown): void {
  if (!element) return;
  const key = `data-o_${name}`;
  if (!element.hasAttribute(key)) element.setAttribute(key, element.getAttribute(name) ?? '');
  if (value === undefined || value === null || value === false) element.removeAttribute(name);
  else element.setAttribute(name, String(value));
}

function resetVariationAttr(element: Element | null, name: string): void {
  if (!element) return;
  const key = `data-o_${name}`;
  const original = element.getAttribute(key);
  if (original === null) return;
  if (original === '') element.removeAttribute(name);
  else element.setAttribute(name, original);
  element.removeAttribute(key);
}

const IMAGE_ATTRS = ['src', 'height', 'width', 'srcset', 'sizes', 'title', 'data-caption', 'alt', 'data-src', 'data-large_image', 'data-large_image_width', 'data-large_image_height'];

function parts(form: HTMLFormElement) {
  const gallery = productScope(form).querySelector<HTMLElement>('.images, .woocommerce-product-gallery');
  const wrap = gallery?.querySelector('.woocommerce-product-gallery__image, .woocommerce-product-gallery__image--placeholder') ?? null;
  return { gallery, wrap, img: wrap?.querySelector('.wp-post-image') ?? wrap?.querySelector('img') ?? null, link: wrap?.querySelector('a') ?? null };
}

function resetImage(form: HTMLFormElement): void {
  const { wrap, img, link } = parts(form);
  for (const name of IMAGE_ATTRS) resetVariationAttr(img, name);
  resetVariationAttr(wrap, 'data-thumb');
  resetVariationAttr(link, 'href');
  form.removeAttribute('current-image');
}

function swapImage(form: HTMLFormElement, variation: VariationData, image: VariationImage): void {
  const { wrap, img, link } = parts(form);
  const values: Record<string, unknown> = {
    src: image.src,
    height: image.src_h,
    width: image.src_w,
    srcset: image.srcset,
    sizes: image.sizes,
    title: image.title,
    'data-caption': image.caption,
    alt: image.alt,
    'data-src': image.full_src,
    'data-large_image': image.full_src,
    'data-large_image_width': image.full_src_w,
    'data-large_image_height': image.full_src_h,
  };
  for (const name of IMAGE_ATTRS) setVariationAttr(img, name, values[name]);
  setVariationAttr(wrap, 'data-thumb', image.src);
  setVariationAttr(link, 'href', image.full_src);
  form.setAttribute('current-image', String(variation.image_id ?? ''));
}

/** Swaps (variation) or restores (null) the main image; returns the timer of the 20 ms re-init. */
export function updateGalleryImage(form: HTMLFormElement, variation: VariationData | null): ReturnType<typeof setTimeout> | undefined {
  const { gallery } = parts(form);
  if (!gallery) return undefined;
  if (!gallery.hasAttribute('data-vitrine-follows-variations')) {
    const image = variationImageOf(variation);
    if (variation && image) swapImage(form, variation, image);
    else resetImage(form);
  }
  return setTimeout(() => {
    window.dispatchEvent(new Event('resize'));
    triggerJQuery(gallery, 'woocommerce_gallery_reset_slide_position');
    triggerJQuery(gallery, 'woocommerce_gallery_init_zoom');
  }, GALLERY_REINIT_DELAY);
}
