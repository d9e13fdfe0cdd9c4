import type PhotoSwipe from 'photoswipe';
import { currentHref } from '../../src/address';
import { type GallerySlide, shareLinks } from './logic';
import { t } from './strings';

const icon = (path: string) => ({ isCustomSVG: true, inner: `<path d="${path}" id="pswp__icn-%id"/>`, outlineID: 'pswp__icn-%id' });

/**
 * The lightbox's own controls beyond PhotoSwipe 5's: a caption, a share menu (GAL-03: a social
 * network, a microblog, a pin board, a download) and fullscreen (GAL-04).
 */
export function registerLightboxUi(pswp: PhotoSwipe, slides: GallerySlide[]): void {
  pswp.on('uiRegister', () => {
    const ui = pswp.ui!;

    ui.registerElement({
      name: 'vitrine-caption',
      order: 9,
      isButton: false,
      appendTo: 'root',
      onInit: (element) => {
        element.className = 'pswp__caption vitrine-pswp__caption';
        const update = () => {
          const slide = slides[pswp.currIndex];
          element.textContent = slide ? slide.caption || slide.title : '';
          element.hidden = element.textContent === '';
        };
        pswp.on('change', update);
        update();
      },
    });

    ui.registerElement({
      name: 'vitrine-share',
      order: 8,
      isButton: true,
      title: t('galleryShare'),
      html: icon('M22 8a3 3 0 1 0-2.9-3.7l-8.4 4.2a3 3 0 1 0 0 4.9l8.4 4.2A3 3 0 1 0 20 15.4l-8.4-4.2a3 3 0 0 0 0-1.4l8.4-4.2c.5.5 1.2.8 2 .8Z'),
      onInit: (button, lightbox) => {
        const menu = document.createElement('ul');
        menu.className = 'pswp__share-tooltip vitrine-pswp__share';
        menu.id = 'vitrine-pswp-share';
        menu.hidden = true;
        button.setAttribute('aria-expanded', 'false');
        button.setAttribute('aria-controls', menu.id);
        const render = () => {
          const slide = slides[lightbox.currIndex];
          if (!slide) return;
          const links = shareLinks(currentHref(), slide.largeSrc, slide.caption || slide.title || slide.alt || document.title);
          menu.replaceChildren(
            ...links.map((link) => {
              const item = document.createElement('li');
              const a = document.createElement('a');
              a.className = `pswp__share--${link.id}`;
              a.href = link.url;
              a.textContent = link.label;
              if (link.download) a.setAttribute('download', '');
              else {
                a.target = '_blank';
                a.rel = 'noopener noreferrer';
              }
              item.append(a);
              return item;
            }),
          );
        };
        const setOpen = (open: boolean) => {
          menu.hidden = !open;
          button.setAttribute('aria-expanded', String(open));
          if (open) render();
        };
        button.addEventListener('click', () => {
          setOpen(menu.hidden === true);
          if (!menu.hidden) menu.querySelector('a')?.focus();
        });
        // The page address changes with each slide (gid/pid), so the links follow it.
        lightbox.on('change', () => {
          if (!menu.hidden) render();
        });
        lightbox.element?.append(menu);
      },
    });

    ui.registerElement({
      name: 'vitrine-fullscreen',
      order: 9,
      isButton: true,
      title: t('galleryFullscreen'),
      html: icon('M8 8h5V6H6v7h2V8Zm15 0v5h2V6h-7v2h5ZM8 19v5h5v2H6v-7h2Zm15 5h-5v2h7v-7h-2v5Z'),
      onInit: (button, lightbox) => {
        const root = lightbox.element;
        if (!root || !document.fullscreenEnabled) {
          button.hidden = true;
          return;
        }
        const sync = () => root.classList.toggle('pswp--fs', document.fullscreenElement === root);
        document.addEventListener('fullscreenchange', sync);
        lightbox.on('destroy', () => {
          document.removeEventListener('fullscreenchange', sync);
          if (document.fullscreenElement === root) void document.exitFullscreen();
        });
        button.addEventListener('click', () => {
          if (document.fullscreenElement === root) void document.exitFullscreen();
          else void root.requestFullscreen().catch(() => {});
        });
      },
    });
  });
}
