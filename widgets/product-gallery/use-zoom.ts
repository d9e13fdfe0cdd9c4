import { useEffect } from 'react';
import { SLIDER, shouldZoom, zoomOffset } from './logic';

/**
 * Hover zoom on the shown slide (jQuery Zoom as WooCommerce used it): the large image fades in
 * over the slide (120 ms) and follows the pointer; on touch a tap toggles it. Only when the large
 * image is wider than the gallery, else there is nothing to magnify.
 */
export function useZoom(slide: HTMLElement | undefined, large: { src: string; width: number; height: number }, gallery: HTMLElement, enabled: boolean): void {
  const { src, width, height } = large;
  useEffect(() => {
    if (!enabled || !slide || !src) return;
    let zoomImg: HTMLImageElement | null = null;
    let touchZoomed = false;
    const ensureImage = () => {
      if (zoomImg) return zoomImg;
      zoomImg = document.createElement('img');
      zoomImg.className = 'zoomImg';
      zoomImg.src = src;
      // Decorative: the slide image already carries the alt text.
      zoomImg.alt = '';
      zoomImg.setAttribute('aria-hidden', 'true');
      zoomImg.style.cssText = `position:absolute;top:0;left:0;opacity:0;width:${width}px;height:${height}px;border:none;max-width:none;max-height:none;pointer-events:none;transition:opacity ${SLIDER.zoomFadeMs}ms`;
      slide.style.position = 'relative';
      slide.style.overflow = 'hidden';
      slide.append(zoomImg);
      return zoomImg;
    };
    const place = (event: PointerEvent) => {
      const box = slide.getBoundingClientRect();
      const { left, top } = zoomOffset({ x: event.clientX - box.left, y: event.clientY - box.top }, box, { width, height });
      ensureImage().style.transform = `translate(${left}px, ${top}px)`;
    };
    const show = (visible: boolean) => {
      ensureImage().style.opacity = visible ? '1' : '0';
    };
    const canZoom = () => shouldZoom(width, gallery.getBoundingClientRect().width);
    const onEnter = (event: PointerEvent) => {
      if (event.pointerType === 'touch' || !canZoom()) return;
      place(event);
      show(true);
    };
    const onMove = (event: PointerEvent) => {
      if (event.pointerType === 'touch' ? touchZoomed : zoomImg?.style.opacity === '1') place(event);
    };
    const onLeave = (event: PointerEvent) => {
      if (event.pointerType !== 'touch') show(false);
    };
    // Touch: a tap toggles the zoom instead of following the link.
    const onPointerUp = (event: PointerEvent) => {
      if (event.pointerType !== 'touch' || !canZoom()) return;
      touchZoomed = !touchZoomed;
      place(event);
      show(touchZoomed);
      slide.dataset.vitrineTouchZoom = touchZoomed ? '1' : '';
    };
    slide.addEventListener('pointerenter', onEnter);
    slide.addEventListener('pointermove', onMove);
    slide.addEventListener('pointerleave', onLeave);
    slide.addEventListener('pointerup', onPointerUp);
    return () => {
      slide.removeEventListener('pointerenter', onEnter);
      slide.removeEventListener('pointermove', onMove);
      slide.removeEventListener('pointerleave', onLeave);
      slide.removeEventListener('pointerup', onPointerUp);
      zoomImg?.remove();
      delete slide.dataset.vitrineTouchZoom;
    };
  }, [slide, src, width, height, gallery, enabled]);
}
