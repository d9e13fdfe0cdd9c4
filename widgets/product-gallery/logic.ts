/** Pure rules and constants of the product gallery and its lightbox (spec §2, §8, §9; GAL-01..07). */

import type { VariationImage } from '../../src/variation/image';
import { t } from './strings';

/** GAL-06: PhotoSwipe's timings (v4 UI defaults, which v5 dropped and we restore). */
export const LIGHTBOX = {
  /** Controls go idle after this long without the mouse or keys. */
  idleAfterMs: 4000,
  /** …and this soon once the mouse has left the window. */
  idleAfterMouseLeftMs: 1000,
  /** The loading indicator waits this long before showing. */
  loaderDelayMs: 1000,
  /** Two taps within this window and radius zoom. */
  doubleTapMs: 300,
  doubleTapRadiusPx: 25,
  /** Zoom, show and hide animations. */
  zoomAnimationMs: 333,
  showHideAnimationMs: 333,
  /** An opaque backdrop, as WooCommerce's PhotoSwipe skin had: the page behind is not read through the photo's margins. */
  backdropOpacity: 1,
} as const;

/** GAL-07: the slider's and the zoom's timings. */
export const SLIDER = {
  slideshowSpeedMs: 7000,
  animationSpeedMs: 600,
  zoomFadeMs: 120,
  /** A horizontal drag this long is a swipe. */
  swipeThresholdPx: 40,
} as const;

/** GAL-05 */
/** GAL-05: 'The image could not be loaded.', in parts, so the first words can be the link to the image. */
export function loadErrorParts(): { before: string; link: string; after: string } {
  const [before = '', after = ''] = t('galleryLoadError').split('{link}');
  return { before, link: t('galleryLoadErrorLink'), after };
}

export function loadErrorText(): string {
  const { before, link, after } = loadErrorParts();
  return `${before}${link}${after}`;
}

/** One slide of the gallery, as `.woocommerce-product-gallery__image` describes it. */
export interface GallerySlide {
  /** The link target (the full image). */
  href: string;
  src: string;
  srcset: string;
  sizes: string;
  alt: string;
  title: string;
  caption: string;
  largeSrc: string;
  largeWidth: number;
  largeHeight: number;
  thumb: string;
  thumbAlt: string;
  thumbSrcset: string;
  thumbSizes: string;
  /** A custom lightbox pid, when the markup carries one (data-pid). */
  pid?: string;
}

/** Slide index after a move, clamped (WooCommerce's slider does not loop: animationLoop false). */
export function moveSlide(current: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, current + delta));
}

/** Keys on the slider: arrows step, Home/End jump; null for other keys. */
export function slideForKey(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return moveSlide(current, 1, count);
    case 'ArrowLeft':
      return moveSlide(current, -1, count);
    case 'Home':
      return 0;
    case 'End':
      return Math.max(0, count - 1);
    default:
      return null;
  }
}

/** A finished drag as a swipe: -1 back, 1 forward, 0 not a horizontal swipe. */
export function swipeDirection(dx: number, dy: number, threshold: number = SLIDER.swipeThresholdPx): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** Hover zoom only pays when the large image is wider than the gallery shows it. */
export function shouldZoom(largeWidth: number, galleryWidth: number): boolean {
  return largeWidth > 0 && galleryWidth > 0 && largeWidth > galleryWidth;
}

/**
 * Where the zoomed image sits for a pointer at (x, y) in a box of the given size: the point under
 * the pointer in the small image is under the pointer in the large one (jQuery Zoom's mapping).
 */
export function zoomOffset(
  pointer: { x: number; y: number },
  box: { width: number; height: number },
  large: { width: number; height: number },
): { left: number; top: number } {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const fx = box.width > 0 ? clamp(pointer.x, box.width) / box.width : 0;
  const fy = box.height > 0 ? clamp(pointer.y, box.height) / box.height : 0;
  return {
    left: -Math.max(0, large.width - box.width) * fx,
    top: -Math.max(0, large.height - box.height) * fy,
  };
}

// ── Lightbox position in the hash (GAL-02): `#<rest>&gid=<gallery>&pid=<picture>` ──

export interface HashPosition {
  gid: string;
  pid: string;
}

/** Reads gid and pid from a hash like `#&gid=1&pid=3`; null unless both are there. */
export function parseGalleryHash(hash: string): HashPosition | null {
  const params = new URLSearchParams(hash.replace(/^#/, '').replace(/^&/, ''));
  const gid = params.get('gid');
  const pid = params.get('pid');
  if (!gid || !pid) return null;
  return { gid, pid };
}

/** The hash without our gid/pid, keeping whatever else the page had there. */
export function stripGalleryHash(hash: string): string {
  const rest = hash
    .replace(/^#/, '')
    .split('&')
    .filter((part) => part !== '' && !/^(gid|pid)=/.test(part))
    .join('&');
  return rest === '' ? '' : `#${rest}`;
}

/** The hash for a position, after what the page already had (PhotoSwipe v4's format). */
export function buildGalleryHash(hash: string, position: HashPosition): string {
  const rest = stripGalleryHash(hash).replace(/^#/, '');
  return `#${rest}&gid=${encodeURIComponent(position.gid)}&pid=${encodeURIComponent(position.pid)}`;
}

/** The pid of the slide at `index`: its own pid when the items carry one, else 1-based. */
export function pidOf(index: number, slides: readonly Pick<GallerySlide, 'pid'>[]): string {
  return slides[index]?.pid ?? String(index + 1);
}

/** The slide index a pid names, or null when no slide has it. */
export function indexOfPid(pid: string, slides: readonly Pick<GallerySlide, 'pid'>[]): number | null {
  const own = slides.findIndex((slide) => slide.pid !== undefined && slide.pid === pid);
  if (own !== -1) return own;
  if (slides.some((slide) => slide.pid !== undefined)) return null;
  if (!/^\d+$/.test(pid)) return null;
  const index = Number(pid) - 1;
  return index >= 0 && index < slides.length ? index : null;
}

// ── Share links (GAL-03): a social network, a microblog, a pin board, a download ──

export interface ShareLink {
  id: 'facebook' | 'twitter' | 'pinterest' | 'download';
  label: string;
  url: string;
  download: boolean;
}

export function shareLinks(pageUrl: string, imageUrl: string, text: string): ShareLink[] {
  const e = encodeURIComponent;
  return [
    { id: 'facebook', label: t('shareFacebook'), url: `https://www.facebook.com/sharer/sharer.php?u=${e(pageUrl)}`, download: false },
    { id: 'twitter', label: t('shareX'), url: `https://twitter.com/intent/tweet?text=${e(text)}&url=${e(pageUrl)}`, download: false },
    {
      id: 'pinterest',
      label: t('sharePinterest'),
      url: `https://www.pinterest.com/pin/create/button/?url=${e(pageUrl)}&media=${e(imageUrl)}&description=${e(text)}`,
      download: false,
    },
    { id: 'download', label: t('shareDownload'), url: imageUrl, download: true },
  ];
}

// ── Variation image (spec §3 Variation image; woocommerce-core §12 item 6) ──

/** The slide whose thumbnail is the variation's: the gallery goes there instead of swapping slide 1. */
export function slideWithThumbnail(slides: readonly GallerySlide[], thumbnail: string | undefined): number | null {
  if (!thumbnail) return null;
  const index = slides.findIndex((slide) => slide.thumb === thumbnail);
  return index === -1 ? null : index;
}

const toNumber = (value: number | string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Slide 1 showing the variation's image. */
export function slideForVariation(original: GallerySlide, image: VariationImage): GallerySlide {
  return {
    ...original,
    href: image.full_src || image.src || original.href,
    src: image.src || original.src,
    srcset: image.srcset || '',
    sizes: image.sizes || '',
    alt: image.alt ?? '',
    title: image.title ?? '',
    caption: image.caption ?? '',
    largeSrc: image.full_src || image.src || original.largeSrc,
    largeWidth: toNumber(image.full_src_w, original.largeWidth),
    largeHeight: toNumber(image.full_src_h, original.largeHeight),
    thumb: image.gallery_thumbnail_src || original.thumb,
    thumbAlt: image.alt ?? original.thumbAlt,
    thumbSrcset: '',
    thumbSizes: '',
  };
}
