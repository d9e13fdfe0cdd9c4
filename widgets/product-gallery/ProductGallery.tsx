import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { WidgetProps } from '../../mount/types';
import { emit } from '../../src/bus';
import { navigation } from '../../src/navigation';
import { injectStyle } from '../../src/styles';
import { useBusEvent } from '../../src/use-bus-event';
import css from '../../styles/product-gallery.css?inline';
import type { LightboxHandle } from './lightbox';
import { indexOfPid, type GallerySlide, SLIDER, shouldZoom, slideForKey, slideForVariation, slideWithThumbnail, swipeDirection } from './logic';
import { variationImageOf } from '../../src/variation/image';
import type { ProductGalleryProps } from './schema';
import { SlideError, Thumbnails } from './Thumbnails';
import { useHost } from './use-host';
import { applySlide } from './apply-slide';
import { useZoom } from './use-zoom';

/**
 * Drives the server gallery: the active slide, thumbnails, swipe and keys, zoom, the lightbox
 * (PhotoSwipe, imported on first open) and the variation image swap.
 */
export default function ProductGallery({ element, props }: WidgetProps<ProductGalleryProps, HTMLElement>) {
  const { slideElements, gid } = props;
  const [slides, setSlides] = useState<GallerySlide[]>(props.slides);
  const [index, setIndex] = useState(0);
  // The slide the last key press moved to, ahead of the render that shows it: a second press that
  // arrives first (key repeat, a busy phone) steps on from there instead of from the stale index.
  const keyedIndex = useRef(0);
  useLayoutEffect(() => {
    keyedIndex.current = index;
  }, [index]);
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  const lightbox = useRef<LightboxHandle | null>(null);
  const lastPointer = useRef('mouse');
  const wrapper = slideElements[0]?.parentElement ?? element;
  const triggerHost = useHost(element, 'start', props.lightbox);
  const thumbsHost = useHost(element, 'end', props.slider);

  useEffect(() => injectStyle('product-gallery', css), []);

  // wc-product-gallery-before-init / -after-init (the bridge relays them to jQuery).
  useLayoutEffect(() => {
    emit('gallery:before-init', { gallery: element });
    element.classList.add('vitrine-gallery');
    element.classList.toggle('vitrine-gallery--slider', props.slider);
    element.style.setProperty('--vitrine-gallery-animation-speed', `${SLIDER.animationSpeedMs}ms`);
    emit('gallery:after-init', { gallery: element });
    return () => element.classList.remove('vitrine-gallery', 'vitrine-gallery--slider');
  }, [element, props.slider]);

  // The shown slide: `.flex-active-slide`; the others are out of the tab order and the a11y tree.
  useLayoutEffect(() => {
    if (!props.slider) return;
    wrapper.style.setProperty('--vitrine-gallery-index', String(index));
    slideElements.forEach((slide, i) => {
      const active = i === index;
      slide.classList.toggle('flex-active-slide', active);
      slide.inert = !active;
      slide.setAttribute('aria-hidden', String(!active));
    });
  }, [props.slider, wrapper, slideElements, index]);
  useEffect(
    () => () => {
      for (const slide of slideElements) {
        slide.classList.remove('flex-active-slide');
        slide.inert = false;
        slide.removeAttribute('aria-hidden');
      }
    },
    [slideElements],
  );

  // Keep the server markup in step with the slide data (variation swaps write slide 1).
  useLayoutEffect(() => {
    slides.forEach((slide, i) => {
      const el = slideElements[i];
      if (el) applySlide(el, slide);
    });
  }, [slides, slideElements]);

  // GAL-05 in the slider: an image that failed shows the message and its link.
  useEffect(() => {
    const offs = slideElements.map((slide, i) => {
      const img = slide.querySelector('img:not(.zoomImg)');
      if (!img) return () => {};
      const fail = () => setBroken((prev) => new Set(prev).add(i));
      const ok = () =>
        setBroken((prev) => {
          if (!prev.has(i)) return prev;
          const next = new Set(prev);
          next.delete(i);
          return next;
        });
      if (img instanceof HTMLImageElement && img.complete && img.naturalWidth === 0 && img.currentSrc !== '') fail();
      img.addEventListener('error', fail);
      img.addEventListener('load', ok);
      return () => {
        img.removeEventListener('error', fail);
        img.removeEventListener('load', ok);
      };
    });
    return () => {
      for (const off of offs) off();
    };
  }, [slideElements]);
  useLayoutEffect(() => {
    slideElements.forEach((slide, i) => {
      if (broken.has(i)) slide.setAttribute('data-load-error', 'true');
      else slide.removeAttribute('data-load-error');
    });
  }, [broken, slideElements]);

  // The lightbox chunk: asked for once; a second click while it loads opens nothing more, a failed
  // load hands the click back to the server markup (the link to the full image) from then on.
  const opening = useRef(false);
  const lightboxFailed = useRef(false);
  const unmounted = useRef(false);
  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
    };
  }, []);

  // Prefetch where it helps: the shopper's pointer or focus on the gallery says a click may follow, so
  // PhotoSwipe's chunk (the heaviest on the page, 20 KB gzip) starts downloading then, not at the click.
  // Nothing is fetched for a shopper who never comes near the gallery; a failed prefetch is left to the click.
  useEffect(() => {
    if (!props.lightbox) return;
    const intents = ['pointerover', 'focusin', 'touchstart'] as const;
    const warm = () => {
      for (const type of intents) element.removeEventListener(type, warm);
      import('./lightbox').catch(() => undefined);
    };
    for (const type of intents) element.addEventListener(type, warm, { passive: true });
    return () => {
      for (const type of intents) element.removeEventListener(type, warm);
    };
  }, [element, props.lightbox]);

  const openLightbox = useCallback(
    (at: number, opener: HTMLElement | null) => {
      if (!props.lightbox || lightbox.current || opening.current) return;
      const fullImage = () => {
        const href = slideElements[at]?.querySelector('a')?.href;
        if (href) navigation.assign(href);
      };
      if (lightboxFailed.current) return fullImage();
      opening.current = true;
      import('./lightbox')
        .then(({ openLightbox: open }) => {
          if (unmounted.current) return;
          lightbox.current = open({
            slides,
            index: at,
            gid,
            opener,
            label: props.triggerText,
            onChange: (i) => setIndex(i),
            onClose: () => {
              lightbox.current = null;
            },
            onLoadError: (i) => setBroken((prev) => new Set(prev).add(i)),
          });
        })
        .catch((error: unknown) => {
          lightboxFailed.current = true;
          console.error('[vitrine] product-gallery: the lightbox could not be loaded; the image links open the full image instead.', error);
          // The click that asked for it goes where the server's link goes: the full image.
          if (!unmounted.current) fullImage();
        })
        .finally(() => {
          opening.current = false;
        });
    },
    [props.lightbox, props.triggerText, slides, gid, slideElements],
  );

  // GAL-02: a page opened at #&gid=N&pid=M reopens the lightbox there.
  const openedFromHash = useRef(false);
  useEffect(() => {
    if (openedFromHash.current || !props.hashPosition || props.hashPosition.gid !== gid) return;
    const at = indexOfPid(props.hashPosition.pid, props.slides);
    if (at === null) return;
    openedFromHash.current = true;
    setIndex(at);
    openLightbox(at, slideElements[at]?.querySelector('a') ?? null);
  }, [props.hashPosition, props.slides, gid, openLightbox, slideElements]);

  const go = useCallback((to: number) => setIndex(Math.min(slideElements.length - 1, Math.max(0, to))), [slideElements.length]);

  // Clicking the image opens the lightbox. On touch, a tap zooms instead where the slide can zoom
  // (zoom on, a large image wider than the gallery, not broken); elsewhere the tap still opens it.
  const tapZooms = useCallback(
    (slide: number) => props.zoom && !broken.has(slide) && shouldZoom(slides[slide]?.largeWidth ?? 0, element.getBoundingClientRect().width),
    [props.zoom, broken, slides, element],
  );
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      lastPointer.current = event.pointerType;
    };
    const onClick = (event: MouseEvent) => {
      // The load-error message's own link goes to the image.
      if ((event.target as Element | null)?.closest?.('.vitrine-gallery__error a')) return;
      const slide = slideElements.findIndex((s) => s.contains(event.target as Node));
      if (slide === -1 || !props.lightbox || lightboxFailed.current) return;
      event.preventDefault();
      if (lastPointer.current === 'touch' && tapZooms(slide)) return;
      const link = slideElements[slide]?.querySelector('a') ?? null;
      openLightbox(slide, link);
    };
    wrapper.addEventListener('pointerdown', onPointerDown);
    wrapper.addEventListener('click', onClick);
    return () => {
      wrapper.removeEventListener('pointerdown', onPointerDown);
      wrapper.removeEventListener('click', onClick);
    };
  }, [wrapper, slideElements, props.lightbox, tapZooms, openLightbox]);

  // Touch swipe.
  useEffect(() => {
    if (!props.slider) return;
    let start: { x: number; y: number } | null = null;
    const onDown = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') start = { x: event.clientX, y: event.clientY };
    };
    const onUp = (event: PointerEvent) => {
      if (!start) return;
      const direction = swipeDirection(event.clientX - start.x, event.clientY - start.y);
      start = null;
      if (direction !== 0) setIndex((current) => Math.min(slideElements.length - 1, Math.max(0, current + direction)));
    };
    wrapper.addEventListener('pointerdown', onDown);
    wrapper.addEventListener('pointerup', onUp);
    wrapper.addEventListener('pointercancel', onUp);
    return () => {
      wrapper.removeEventListener('pointerdown', onDown);
      wrapper.removeEventListener('pointerup', onUp);
      wrapper.removeEventListener('pointercancel', onUp);
    };
  }, [wrapper, props.slider, slideElements.length]);

  // Arrow keys, Home and End anywhere in the gallery; focus follows on the thumbnails.
  useEffect(() => {
    if (!props.slider) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || lightbox.current) return;
      const next = slideForKey(event.key, keyedIndex.current, slideElements.length);
      if (next === null) return;
      event.preventDefault();
      keyedIndex.current = next;
      go(next);
      const onThumb = (event.target as Element | null)?.closest?.('.flex-control-thumbs');
      if (onThumb) onThumb.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [element, props.slider, slideElements.length, go]);

  // WooCommerce prints the gallery at opacity 0 for its script to reveal.
  useEffect(() => {
    element.style.opacity = '1';
  }, [element]);

  // Tells the variation form this gallery swaps variation images itself, so the form's
  // WooCommerce-style fallback (writing into slide 1) stays out of the way.
  useEffect(() => {
    element.setAttribute('data-vitrine-follows-variations', '');
    return () => element.removeAttribute('data-vitrine-follows-variations');
  }, [element]);

  // The variation form asks for a variation's image (or null to restore): spec §3, core §12 item 6.
  useBusEvent('gallery:image-requested', ({ form, variation }) => {
    if (!form.closest('.product')?.contains(element) && !element.closest('.product')?.contains(form)) return;
    const image = variationImageOf(variation);
    if (!image) {
      setSlides(props.slides);
      go(0);
      return;
    }
    const match = slideWithThumbnail(props.slides.slice(1), image.gallery_thumbnail_src);
    if (match !== null) {
      setSlides(props.slides);
      go(match + 1);
      return;
    }
    setSlides([slideForVariation(props.slides[0]!, image), ...props.slides.slice(1)]);
    go(0);
  });

  useZoom(slideElements[index], { src: slides[index]?.largeSrc ?? '', width: slides[index]?.largeWidth ?? 0, height: slides[index]?.largeHeight ?? 0 }, element, props.zoom && !broken.has(index));

  useEffect(() => () => lightbox.current?.close(), []);

  return (
    <>
      {triggerHost &&
        createPortal(
          <button
            type="button"
            className="woocommerce-product-gallery__trigger"
            aria-haspopup="dialog"
            aria-label={props.triggerText}
            onClick={(event) => openLightbox(index, event.currentTarget)}
          >
            {/* An SVG rather than WooCommerce's 🔍: not every system has an emoji font. */}
            <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
              <circle cx="10" cy="10" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
              <path d="m15 15 6 6" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>,
          triggerHost,
        )}
      {thumbsHost &&
        createPortal(<Thumbnails slides={slides} active={index} broken={broken} onSelect={go} />, thumbsHost)}
      {Array.from(broken).map((i) => {
        const slide = slideElements[i];
        return slide ? createPortal(<SlideError url={slides[i]?.largeSrc ?? ''} />, slide, `error-${i}`) : null;
      })}
    </>
  );
}
