import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildGalleryHash,
  indexOfPid,
  LIGHTBOX,
  moveSlide,
  parseGalleryHash,
  pidOf,
  SLIDER,
  shareLinks,
  shouldZoom,
  slideForVariation,
  slideWithThumbnail,
  stripGalleryHash,
  swipeDirection,
  zoomOffset,
  type GallerySlide,
} from '../../../widgets/product-gallery/logic';

const slide = (n: number, extra: Partial<GallerySlide> = {}): GallerySlide => ({
  href: `/img/${n}.jpg`,
  src: `/img/${n}-600.jpg`,
  srcset: '',
  sizes: '',
  alt: `Image ${n}`,
  title: '',
  caption: '',
  largeSrc: `/img/${n}.jpg`,
  largeWidth: 1200,
  largeHeight: 1200,
  thumb: `/img/${n}-100.jpg`,
  thumbAlt: `Image ${n}`,
  thumbSrcset: '',
  thumbSizes: '',
  ...extra,
});

describe('gallery constants', () => {
  it('GAL-06 lightbox timings: idle 4 s (1 s outside), loader 1 s, double tap 300 ms / 25 px, 333 ms animations', () => {
    expect(LIGHTBOX).toEqual({
      idleAfterMs: 4000,
      idleAfterMouseLeftMs: 1000,
      loaderDelayMs: 1000,
      doubleTapMs: 300,
      doubleTapRadiusPx: 25,
      zoomAnimationMs: 333,
      showHideAnimationMs: 333,
      backdropOpacity: 1,
    });
  });

  it('GAL-07 slider defaults: slideshow 7000 ms, animation 600 ms, zoom fade 120 ms', () => {
    expect(SLIDER.slideshowSpeedMs).toBe(7000);
    expect(SLIDER.animationSpeedMs).toBe(600);
    expect(SLIDER.zoomFadeMs).toBe(120);
  });
});

describe('GAL-02 lightbox position in the hash', () => {
  it('GAL-02 writes gid and pid after what the hash had, v4 style', () => {
    expect(buildGalleryHash('', { gid: '1', pid: '3' })).toBe('#&gid=1&pid=3');
    expect(buildGalleryHash('#reviews', { gid: '1', pid: '2' })).toBe('#reviews&gid=1&pid=2');
    expect(buildGalleryHash('#&gid=1&pid=2', { gid: '1', pid: '4' })).toBe('#&gid=1&pid=4');
  });

  it('GAL-02 reads back what it wrote, and nothing from other hashes', () => {
    fc.assert(
      fc.property(fc.constantFrom('', '#', '#reviews', '#tab-reviews'), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 99 }), (base, gid, pid) => {
        const hash = buildGalleryHash(base, { gid: String(gid), pid: String(pid) });
        expect(parseGalleryHash(hash)).toEqual({ gid: String(gid), pid: String(pid) });
        expect(stripGalleryHash(hash)).toBe(base === '#' ? '' : base);
      }),
    );
    expect(parseGalleryHash('#reviews')).toBeNull();
    expect(parseGalleryHash('#&gid=1')).toBeNull();
  });

  it('GAL-02 pid is 1-based unless items carry their own', () => {
    const plain = [slide(1), slide(2), slide(3)];
    expect(pidOf(0, plain)).toBe('1');
    expect(indexOfPid('3', plain)).toBe(2);
    expect(indexOfPid('0', plain)).toBeNull();
    expect(indexOfPid('4', plain)).toBeNull();
    expect(indexOfPid('x', plain)).toBeNull();
    const own = [slide(1, { pid: 'front' }), slide(2, { pid: 'side' })];
    expect(pidOf(1, own)).toBe('side');
    expect(indexOfPid('side', own)).toBe(1);
    expect(indexOfPid('2', own)).toBeNull();
  });

  it('GAL-02 pid and index round-trip for any gallery size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(), (count, seed) => {
        const slides = Array.from({ length: count }, (_, i) => slide(i));
        const index = seed % count;
        return indexOfPid(pidOf(index, slides), slides) === index;
      }),
    );
  });
});

describe('GAL-03 share links', () => {
  it('GAL-03 a social network, a microblog, a pin board and a download, all encoded', () => {
    const links = shareLinks('https://shop.test/p/mug/#&gid=1&pid=2', 'https://shop.test/mug 2.jpg', 'Mug & co');
    expect(links.map((l) => l.id)).toEqual(['facebook', 'twitter', 'pinterest', 'download']);
    expect(links[0]!.url).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fshop.test%2Fp%2Fmug%2F%23%26gid%3D1%26pid%3D2');
    expect(links[1]!.url).toContain('text=Mug%20%26%20co&url=https%3A%2F%2Fshop.test');
    expect(links[2]!.url).toContain('media=https%3A%2F%2Fshop.test%2Fmug%202.jpg');
    expect(links[3]).toMatchObject({ url: 'https://shop.test/mug 2.jpg', download: true });
  });
});

describe('slider rules', () => {
  it('GAL-01 moves stay within the slides', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: -5, max: 25 }), fc.integer({ min: -30, max: 30 }), (count, current, delta) => {
        const next = moveSlide(current, delta, count);
        return next >= 0 && next < count;
      }),
    );
  });

  it('GAL-01 a swipe is a mostly horizontal drag past the threshold', () => {
    expect(swipeDirection(-80, 10)).toBe(1);
    expect(swipeDirection(80, 10)).toBe(-1);
    expect(swipeDirection(20, 0)).toBe(0);
    expect(swipeDirection(60, 90)).toBe(0);
  });

  it('GAL-01 zoom only when the large image is wider than the gallery', () => {
    expect(shouldZoom(1200, 600)).toBe(true);
    expect(shouldZoom(600, 600)).toBe(false);
    expect(shouldZoom(0, 600)).toBe(false);
  });

  it('GAL-01 the zoomed image never leaves a gap at the edges', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 800 }), fc.integer({ min: -100, max: 800 }), (x, y) => {
        const { left, top } = zoomOffset({ x, y }, { width: 600, height: 600 }, { width: 1200, height: 1200 });
        return left <= 0 && left >= -600 && top <= 0 && top >= -600;
      }),
    );
  });
});

describe('variation image', () => {
  const slides = [slide(1), slide(2), slide(3)];

  it('goes to the slide whose thumbnail is the variation thumbnail', () => {
    expect(slideWithThumbnail(slides, '/img/3-100.jpg')).toBe(2);
    expect(slideWithThumbnail(slides, '/img/9-100.jpg')).toBeNull();
    expect(slideWithThumbnail(slides, undefined)).toBeNull();
  });

  it('otherwise slide 1 takes the variation image, its full size for zoom and lightbox', () => {
    const swapped = slideForVariation(slides[0]!, {
      src: '/v/red-600.jpg',
      srcset: false,
      alt: 'Red',
      full_src: '/v/red.jpg',
      full_src_w: '1600',
      full_src_h: 1000,
      gallery_thumbnail_src: '/v/red-100.jpg',
    });
    expect(swapped).toMatchObject({ src: '/v/red-600.jpg', srcset: '', href: '/v/red.jpg', largeSrc: '/v/red.jpg', largeWidth: 1600, largeHeight: 1000, thumb: '/v/red-100.jpg', alt: 'Red' });
  });
});
