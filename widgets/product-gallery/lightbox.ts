import PhotoSwipe from 'photoswipe';
import pswpCss from 'photoswipe/style.css?inline';
import { currentHash, goBack, onHashChange, writeHash } from '../../src/address';
import { injectStyle } from '../../src/styles';
import { createIdleTimer } from './idle';
import { registerLightboxUi } from './lightbox-ui';
import { buildGalleryHash, type GallerySlide, indexOfPid, LIGHTBOX, loadErrorParts, loadErrorText, parseGalleryHash, pidOf, stripGalleryHash } from './logic';

export interface LightboxRequest {
  slides: GallerySlide[];
  index: number;
  gid: string;
  /** Gets the focus back on close (the trigger, the image link). */
  opener: HTMLElement | null;
  label: string;
  onChange: (index: number) => void;
  onClose: () => void;
  onLoadError: (index: number) => void;
}

export interface LightboxHandle {
  close(): void;
}

/** GAL-05: the message PhotoSwipe shows in place of an image that failed, with a link to the file. */
function errorElement(url: string): HTMLElement {
  const message = document.createElement('div');
  message.className = 'pswp__error-msg vitrine-pswp__error';
  const link = document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  const { before, link: linkText, after } = loadErrorParts();
  link.textContent = linkText;
  message.append(before, link, after);
  return message;
}

/**
 * Opens PhotoSwipe 5 (this module is the lazily loaded chunk) and adds what v5 dropped and the spec
 * needs: the gid/pid hash (GAL-02), share links (GAL-03), idle controls (GAL-06), the load-error
 * message and flag (GAL-05), and focus back on the opener.
 */
export function openLightbox(request: LightboxRequest): LightboxHandle {
  injectStyle('photoswipe', pswpCss);
  const { slides, gid } = request;
  const pswp = new PhotoSwipe({
    dataSource: slides.map((slide) => ({
      src: slide.largeSrc,
      width: slide.largeWidth || 1200,
      height: slide.largeHeight || 1200,
      alt: slide.alt,
      msrc: slide.src,
    })),
    index: request.index,
    showAnimationDuration: LIGHTBOX.showHideAnimationMs,
    hideAnimationDuration: LIGHTBOX.showHideAnimationMs,
    zoomAnimationDuration: LIGHTBOX.zoomAnimationMs,
    preloaderDelay: LIGHTBOX.loaderDelayMs,
    bgOpacity: LIGHTBOX.backdropOpacity,
    errorMsg: loadErrorText(),
    mainClass: 'vitrine-pswp',
    returnFocus: false,
  });

  // GAL-05: flag the item (PhotoSwipe v4's item.loadError) and show the message with a link.
  pswp.on('loadError', ({ content }) => {
    (content.data as Record<string, unknown>).loadError = true;
    request.onLoadError(content.index);
  });
  pswp.addFilter('contentErrorElement', (_element, content) => errorElement(String(content.data.src ?? '')));

  registerLightboxUi(pswp, slides);

  // PhotoSwipe ignores close() while its opening animation runs; a close asked for meanwhile is kept.
  let closeWhenOpen = false;
  const requestClose = () => {
    if (pswp.opener.isOpen) pswp.close();
    else closeWhenOpen = true;
  };

  // GAL-02: the position lives in the hash; the first write adds a history entry so Back closes.
  const openedWithHash = parseGalleryHash(currentHash())?.gid === gid;
  const baseHash = stripGalleryHash(currentHash());
  let pushed = false;
  const writePosition = (index: number) => {
    const hash = buildGalleryHash(baseHash, { gid, pid: pidOf(index, slides) });
    writeHash(hash, openedWithHash || pushed ? 'replace' : 'push');
    pushed = pushed || !openedWithHash;
  };
  let closingFromHash = false;
  const stopHash = onHashChange((hash) => {
    const position = parseGalleryHash(hash);
    if (!position || position.gid !== gid) {
      closingFromHash = true;
      requestClose();
      return;
    }
    const index = indexOfPid(position.pid, slides);
    if (index !== null && index !== pswp.currIndex) pswp.goTo(index);
  });

  pswp.on('change', () => {
    writePosition(pswp.currIndex);
    request.onChange(pswp.currIndex);
  });

  // GAL-06: controls go idle after 4 s without activity, 1 s once the mouse has left.
  const idle = createIdleTimer((isIdle) => {
    pswp.element?.classList.toggle('pswp--idle', isIdle);
    pswp.element?.classList.toggle('pswp--ui-visible', !isIdle);
  });
  const onActivity = () => idle.activity();
  const onLeave = () => idle.mouseLeft();
  document.addEventListener('pointermove', onActivity);
  document.addEventListener('keydown', onActivity);
  document.addEventListener('pointerdown', onActivity);
  document.documentElement.addEventListener('mouseleave', onLeave);

  pswp.on('close', () => {
    stopHash();
    idle.stop();
    document.removeEventListener('pointermove', onActivity);
    document.removeEventListener('keydown', onActivity);
    document.removeEventListener('pointerdown', onActivity);
    document.documentElement.removeEventListener('mouseleave', onLeave);
    if (!closingFromHash) {
      if (pushed) goBack();
      else writeHash(baseHash, 'replace');
    }
  });
  // GAL-04: PhotoSwipe binds its keys only once its opening animation (333 ms) has ended, so an Escape
  // pressed as soon as the lightbox showed was lost. Until then we listen, and close the moment it is open.
  const onEarlyKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || pswp.opener.isOpen || event.defaultPrevented) return;
    event.preventDefault();
    requestClose();
  };
  document.addEventListener('keydown', onEarlyKey);
  pswp.on('openingAnimationEnd', () => {
    document.removeEventListener('keydown', onEarlyKey);
    pswp.element?.classList.add('vitrine-pswp--ready');
    // After PhotoSwipe's own handlers of this event (it binds its events in one).
    if (closeWhenOpen) queueMicrotask(() => pswp.close());
  });
  pswp.on('destroy', () => {
    document.removeEventListener('keydown', onEarlyKey);
    request.opener?.focus();
    request.onClose();
  });

  pswp.init();
  pswp.element?.setAttribute('aria-modal', 'true');
  pswp.element?.setAttribute('aria-label', request.label);
  // Opened by a click, PhotoSwipe leaves the focus on the opener, where the slider's own arrow
  // keys would answer; a dialog takes the focus.
  pswp.element?.focus({ preventScroll: true });
  writePosition(pswp.currIndex);
  return { close: requestClose };
}
