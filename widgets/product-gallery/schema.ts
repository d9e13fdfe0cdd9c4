import { PropsError, SkipMount } from '../../mount/errors';
import { currentHash } from '../../src/address';
import { hasSettings, singleProductParams } from '../../src/settings';
import { type GallerySlide, type HashPosition, parseGalleryHash } from './logic';

export interface ProductGalleryProps {
  slides: GallerySlide[];
  /** The server's slide elements, in order (same length as slides). */
  slideElements: HTMLElement[];
  slider: boolean;
  zoom: boolean;
  lightbox: boolean;
  triggerText: string;
  /** A `#&gid=…&pid=…` the page was opened with, to reopen the lightbox at. */
  hashPosition: HashPosition | null;
  /** The gallery's number on the page (PhotoSwipe's galleryUID), 1-based. */
  gid: string;
}

const number = (img: HTMLImageElement, attribute: string, fallback: number): number => {
  const raw = img.getAttribute(attribute);
  if (raw === null || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new PropsError(attribute, `${attribute}="${raw}" is not a size in pixels`);
  return n;
};

function readSlide(slide: HTMLElement): GallerySlide {
  const img = slide.querySelector('img');
  if (!img) throw new PropsError('.woocommerce-product-gallery__image img', 'a gallery slide has no image');
  const link = slide.querySelector('a');
  const href = link?.getAttribute('href') ?? '';
  const largeSrc = img.dataset.large_image || href || img.getAttribute('src') || '';
  const pid = slide.dataset.pid ?? img.dataset.pid;
  return {
    href: href || largeSrc,
    src: img.getAttribute('src') ?? '',
    srcset: img.getAttribute('srcset') ?? '',
    sizes: img.getAttribute('sizes') ?? '',
    alt: img.getAttribute('alt') ?? '',
    title: img.getAttribute('title') ?? '',
    caption: img.dataset.caption ?? '',
    largeSrc,
    largeWidth: number(img, 'data-large_image_width', number(img, 'width', 0)),
    largeHeight: number(img, 'data-large_image_height', number(img, 'height', 0)),
    thumb: slide.dataset.thumb || img.getAttribute('src') || '',
    thumbAlt: slide.dataset.thumbAlt ?? img.getAttribute('alt') ?? '',
    thumbSrcset: slide.dataset.thumbSrcset ?? '',
    thumbSizes: slide.dataset.thumbSizes ?? '',
    ...(pid ? { pid } : {}),
  };
}

/**
 * Reads `.woocommerce-product-gallery__wrapper > .woocommerce-product-gallery__image` and the
 * gallery settings.
 */
export function readProductGalleryProps(element: Element): ProductGalleryProps {
  if (!(element instanceof HTMLElement)) throw new SkipMount('not an HTML element');
  const wrapper = element.querySelector(':scope > .woocommerce-product-gallery__wrapper');
  const slideElements = wrapper
    ? Array.from(wrapper.children).filter(
        (child): child is HTMLElement => child instanceof HTMLElement && child.classList.contains('woocommerce-product-gallery__image'),
      )
    : [];
  if (slideElements.length === 0 || slideElements.some((s) => s.classList.contains('woocommerce-product-gallery__image--placeholder'))) {
    throw new SkipMount('no gallery images (placeholder only)');
  }
  if (!hasSettings('wc_single_product_params')) throw new SkipMount('wc_single_product_params is not on this page');
  const params = singleProductParams();
  const galleries = Array.from(document.querySelectorAll('.woocommerce-product-gallery'));
  return {
    slides: slideElements.map(readSlide),
    slideElements,
    // WooCommerce: no slider for a single image.
    slider: params.flexsliderEnabled && slideElements.length > 1,
    zoom: params.zoomEnabled,
    lightbox: params.photoswipeEnabled,
    triggerText: params.i18nProductGalleryTriggerText,
    hashPosition: parseGalleryHash(currentHash()),
    gid: String(Math.max(1, galleries.indexOf(element) + 1)),
  };
}
