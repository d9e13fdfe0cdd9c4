import type { GallerySlide } from './logic';

function set(element: Element | null | undefined, name: string, value: string): void {
  if (!element) return;
  if (value === '') {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

/**
 * Writes a slide's data on the server markup, as wc_set_variation_attr does, so theme code and other
 * plugins that read `data-large_image` or the link still see the shown image. Unchanged attributes
 * are left alone (rewriting src would reload the image).
 */
export function applySlide(slide: HTMLElement, data: GallerySlide): void {
  const img = slide.querySelector('img:not(.zoomImg)');
  const link = slide.querySelector('a');
  set(slide, 'data-thumb', data.thumb);
  set(slide, 'data-thumb-alt', data.thumbAlt);
  set(slide, 'data-thumb-srcset', data.thumbSrcset);
  set(slide, 'data-thumb-sizes', data.thumbSizes);
  set(link, 'href', data.href);
  set(img, 'src', data.src);
  set(img, 'srcset', data.srcset);
  set(img, 'sizes', data.sizes);
  set(img, 'title', data.title);
  set(img, 'data-caption', data.caption);
  set(img, 'data-src', data.largeSrc);
  set(img, 'data-large_image', data.largeSrc);
  set(img, 'data-large_image_width', data.largeWidth ? String(data.largeWidth) : '');
  set(img, 'data-large_image_height', data.largeHeight ? String(data.largeHeight) : '');
  // alt may legitimately be empty: keep the attribute.
  if (img && img.getAttribute('alt') !== data.alt) img.setAttribute('alt', data.alt);
}
