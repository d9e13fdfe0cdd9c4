import type { WidgetDefinition } from '../../mount/types';
import type { ProductGalleryProps } from './schema';

/**
 * The product gallery: slider with thumbnails, hover zoom, PhotoSwipe 5 lightbox.
 *
 * Enhance in place: the server's `figure.woocommerce-product-gallery__wrapper` and its slides stay
 * the elements theme CSS, the variation form of other plugins and the no-JavaScript links already
 * know; we drive their classes (`.flex-active-slide`), add the thumbnails (`ol.flex-control-nav`)
 * and the lightbox trigger through portals, and swap slide 1's attributes for variation images as
 * WooCommerce does. Replacing would hand those scripts a copy that stops following them.
 * Ready: the gallery is hidden (opacity 0) by WooCommerce's CSS until a script shows it; the widget
 * shows it, and so does the fallback when the widget cannot mount.
 */
export default {
  name: 'product-gallery',
  selector: '.woocommerce-product-gallery',
  load: 'ready',
  hold: ['click'],
  // Without the widget the images must still show.
  fallback: (element) => (element as HTMLElement).style.setProperty('opacity', '1'),
} satisfies WidgetDefinition<ProductGalleryProps>;
