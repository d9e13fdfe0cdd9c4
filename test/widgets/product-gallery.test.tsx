import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emit } from '../../src/bus';
import { resetSettingsCache } from '../../src/settings';
import { updateGalleryImage } from '../../widgets/variation-form/gallery-image';
import { bootPage, waitForMount } from '../helpers/page';

// The genuine gallery markup (test/fixtures/captures/product-simple.html), five images.
const slideMarkup = (n: number) => `
  <div data-thumb="/up/mug-${n}-100x100.jpg" data-thumb-alt="Mug view ${n}" data-thumb-srcset="/up/mug-${n}-100x100.jpg 100w" data-thumb-sizes="(max-width: 100px) 100vw, 100px" class="woocommerce-product-gallery__image"><a href="/up/mug-${n}.jpg"><img width="600" height="600" src="/up/mug-${n}-600.jpg" class="${n === 1 ? 'wp-post-image' : ''}" alt="Mug view ${n}" data-caption="" data-src="/up/mug-${n}.jpg" data-large_image="/up/mug-${n}.jpg" data-large_image_width="1200" data-large_image_height="1200" decoding="async" srcset="/up/mug-${n}-600.jpg 600w" sizes="(max-width: 600px) 100vw, 600px" /></a></div>`;
const gallery = (slides = 5, imgAttributes = '') => `
  <div class="product"><div class="woocommerce-product-gallery woocommerce-product-gallery--with-images woocommerce-product-gallery--columns-4 images" data-columns="4" style="opacity: 0; transition: opacity .25s ease-in-out;">
    <div class="woocommerce-product-gallery__wrapper">${Array.from({ length: slides }, (_, i) => slideMarkup(i + 1)).join('').replace('decoding="async"', `decoding="async" ${imgAttributes}`)}</div>
  </div><form class="variations_form cart"></form></div>`;

const settings = {
  i18n_product_gallery_trigger_text: 'View full-screen image gallery',
  review_rating_required: 'yes',
  zoom_enabled: '1',
  zoom_options: [],
  photoswipe_enabled: '1',
  photoswipe_options: { shareEl: false, history: false },
  flexslider_enabled: '1',
};

const galleryEl = () => document.querySelector<HTMLElement>('.woocommerce-product-gallery')!;
const slides = () => Array.from(document.querySelectorAll<HTMLElement>('.woocommerce-product-gallery__image'));
const activeSlide = () => slides().findIndex((s) => s.classList.contains('flex-active-slide'));
const thumbs = () => Array.from(document.querySelectorAll<HTMLButtonElement>('ol.flex-control-nav.flex-control-thumbs button'));

async function boot(html = gallery(), params: Record<string, unknown> | undefined = settings) {
  (window as unknown as Record<string, unknown>).wc_single_product_params = params;
  resetSettingsCache();
  await bootPage(html);
  await waitForMount('product-gallery');
  await waitFor(() => expect(activeSlide()).toBe(0));
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).wc_single_product_params;
  resetSettingsCache();
  window.history.replaceState(null, '', '/');
  for (const el of document.querySelectorAll('.pswp')) el.remove();
  vi.restoreAllMocks();
});

describe('product-gallery widget', () => {
  it('GAL-01 reveals the gallery, marks slide 1 active and adds named thumbnail buttons', async () => {
    await boot();
    expect(galleryEl().style.opacity).toBe('1');
    expect(thumbs().map((b) => b.getAttribute('aria-label'))).toEqual(['Mug view 1', 'Mug view 2', 'Mug view 3', 'Mug view 4', 'Mug view 5']);
    expect(thumbs()[0]!.getAttribute('aria-current')).toBe('true');
    expect(document.querySelector('.flex-control-thumbs img.flex-active')).not.toBeNull();
    expect(slides()[1]!.getAttribute('aria-hidden')).toBe('true');
  });

  it('GAL-01 a thumbnail shows its slide; arrow keys step and the focus follows on the thumbnails', async () => {
    await boot();
    await userEvent.click(thumbs()[2]!);
    await waitFor(() => expect(activeSlide()).toBe(2));
    expect(thumbs()[2]!.getAttribute('aria-current')).toBe('true');
    thumbs()[2]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(activeSlide()).toBe(3));
    expect(document.activeElement).toBe(thumbs()[3]);
    await userEvent.keyboard('{End}{ArrowRight}');
    await waitFor(() => expect(activeSlide()).toBe(4));
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(activeSlide()).toBe(0));
  });

  it('GAL-01 two arrow presses before the gallery re-renders are two steps, not one (key repeat, a busy phone)', async () => {
    await boot();
    thumbs()[0]!.focus();
    // Both presses land before the first one's render: the second must step from where the first went.
    const press = () => thumbs()[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    press();
    press();
    await waitFor(() => expect(activeSlide()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(activeSlide()).toBe(2);
  });

  it('GAL-01 the lightbox trigger is a named button that opens a dialog', async () => {
    await boot();
    const trigger = document.querySelector<HTMLElement>('.woocommerce-product-gallery__trigger')!;
    expect(trigger.tagName).toBe('BUTTON');
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-label')).toBe('View full-screen image gallery');
    expect(galleryEl().firstElementChild!.contains(trigger)).toBe(true);
  });

  it('fires gallery:before-init then gallery:after-init with the gallery', async () => {
    const seen: string[] = [];
    const before = (e: Event) => seen.push(`before:${(e as CustomEvent).detail.gallery.className.includes('woocommerce-product-gallery')}`);
    const after = (e: Event) => seen.push(`after:${(e as CustomEvent).detail.gallery.className.includes('woocommerce-product-gallery')}`);
    document.addEventListener('vitrine:gallery:before-init', before);
    document.addEventListener('vitrine:gallery:after-init', after);
    await boot();
    document.removeEventListener('vitrine:gallery:before-init', before);
    document.removeEventListener('vitrine:gallery:after-init', after);
    expect(seen.slice(0, 2)).toEqual(['before:true', 'after:true']);
  });

  it('GAL-05 a slide image that fails shows the message with a link to the image and flags the slide', async () => {
    await boot();
    slides()[3]!.querySelector('img')!.dispatchEvent(new Event('error'));
    await waitFor(() => expect(slides()[3]!.querySelector('.vitrine-gallery__error')).not.toBeNull());
    const message = slides()[3]!.querySelector('.vitrine-gallery__error')!;
    expect(message.textContent).toBe('The image could not be loaded.');
    expect(message.querySelector('a')!.getAttribute('href')).toBe('/up/mug-4.jpg');
    expect(slides()[3]!.getAttribute('data-load-error')).toBe('true');
  });

  it('GAL-05 the failed image link never carries a script: a javascript: data-large_image goes nowhere', async () => {
    await boot(gallery(5).replace('data-large_image="/up/mug-4.jpg"', 'data-large_image=" JaVa\tScript:alert(1)"'));
    slides()[3]!.querySelector('img')!.dispatchEvent(new Event('error'));
    await waitFor(() => expect(slides()[3]!.querySelector('.vitrine-gallery__error a')).not.toBeNull());
    expect(slides()[3]!.querySelector('.vitrine-gallery__error a')!.getAttribute('href')).toBe('#');
  });

  it('follows the variation image: slide 1 swaps and is restored on reset', async () => {
    await boot();
    await userEvent.click(thumbs()[2]!);
    await waitFor(() => expect(activeSlide()).toBe(2));
    const form = document.querySelector<HTMLFormElement>('form.variations_form')!;
    const image = { src: '/v/red-600.jpg', srcset: '', sizes: '', alt: 'Red mug', title: '', caption: '', full_src: '/v/red.jpg', full_src_w: 1600, full_src_h: 1600, gallery_thumbnail_src: '/v/red-100.jpg' };
    emit('gallery:image-requested', { form, variation: { variation_id: 7, attributes: {}, image } });
    const img = slides()[0]!.querySelector('img')!;
    await waitFor(() => expect(img.getAttribute('src')).toBe('/v/red-600.jpg'));
    expect(activeSlide()).toBe(0);
    expect(img.getAttribute('data-large_image')).toBe('/v/red.jpg');
    expect(img.getAttribute('data-large_image_width')).toBe('1600');
    expect(slides()[0]!.querySelector('a')!.getAttribute('href')).toBe('/v/red.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(thumbs()[0]!.querySelector('img')!.getAttribute('src')).toBe('/v/red-100.jpg');
    emit('gallery:image-requested', { form, variation: null });
    await waitFor(() => expect(img.getAttribute('src')).toBe('/up/mug-1-600.jpg'));
    expect(img.getAttribute('srcset')).toBe('/up/mug-1-600.jpg 600w');
    expect(img.getAttribute('alt')).toBe('Mug view 1');
  });

  it('a variation whose thumbnail is in the gallery goes to that slide instead of swapping', async () => {
    await boot();
    const form = document.querySelector<HTMLFormElement>('form.variations_form')!;
    emit('gallery:image-requested', { form, variation: { variation_id: 8, attributes: {}, image: { src: '/up/mug-4-600.jpg', gallery_thumbnail_src: '/up/mug-4-100x100.jpg' } } });
    await waitFor(() => expect(activeSlide()).toBe(3));
    expect(slides()[0]!.querySelector('img')!.getAttribute('src')).toBe('/up/mug-1-600.jpg');
  });

  it('VAR-08 with the gallery mounted, the variation form leaves slide 1 to it: a thumbnail match is not also written into slide 1', async () => {
    await boot();
    expect(galleryEl().hasAttribute('data-vitrine-follows-variations')).toBe(true);
    const form = document.querySelector<HTMLFormElement>('form.variations_form')!;
    const variation = { variation_id: 8, attributes: {}, image: { src: '/up/mug-4-600.jpg', gallery_thumbnail_src: '/up/mug-4-100x100.jpg' } };
    clearTimeout(updateGalleryImage(form, variation));
    emit('gallery:image-requested', { form, variation });
    await waitFor(() => expect(activeSlide()).toBe(3));
    expect(slides()[0]!.querySelector('img')!.getAttribute('src')).toBe('/up/mug-1-600.jpg');
  });

  it('one image: no slider and no thumbnails, the lightbox trigger stays', async () => {
    (window as unknown as Record<string, unknown>).wc_single_product_params = settings;
    resetSettingsCache();
    await bootPage(gallery(1));
    await waitForMount('product-gallery');
    await waitFor(() => expect(document.querySelector('.woocommerce-product-gallery__trigger')).not.toBeNull());
    expect(thumbs()).toHaveLength(0);
  });

  it('a malformed large-image width is reported once; the gallery is shown as served', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    (window as unknown as Record<string, unknown>).wc_single_product_params = settings;
    resetSettingsCache();
    await bootPage(gallery(5).replace('data-large_image_width="1200"', 'data-large_image_width="wide"'));
    await waitForMount('product-gallery', undefined, 'failed');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toContain('product-gallery');
    expect(String(error.mock.calls[0]![0])).toContain('data-large_image_width');
    expect(galleryEl().style.opacity).toBe('1');
    expect(thumbs()).toHaveLength(0);
    expect(slides()[0]!.querySelector('a')!.getAttribute('href')).toBe('/up/mug-1.jpg');
  });

  it('without wc_single_product_params the gallery is not ours (WooCommerce would not run either) but is shown', async () => {
    await bootPage(gallery());
    await waitForMount('product-gallery', undefined, 'skipped');
    expect(galleryEl().style.opacity).toBe('1');
  });
});
