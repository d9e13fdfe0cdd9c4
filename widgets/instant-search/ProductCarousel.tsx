import { memo, useRef } from 'react';
import type { SelectedProduct } from './settings';
import type { Sanitize } from './Sidebar';
import { t } from './strings';

/**
 * SRC-15: the selected products as a CSS scroll-snap carousel bundled in the chunk (the original
 * loaded Swiper from a CDN). Simple products get WooCommerce's loop button markup, so the cart's
 * add-to-cart widget mounts on it; variable ones link to their page.
 */
export function ProductCarousel({ products, label, sanitize }: { products: SelectedProduct[]; label: string; sanitize: Sanitize }) {
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const element = track.current;
    if (!element) return;
    const slide = element.querySelector<HTMLElement>('.swiper-slide');
    element.scrollBy({ left: direction * (slide?.offsetWidth || element.clientWidth), behavior: 'smooth' });
  };
  return (
    <section
      className="sws-recent-products-wrapper"
      aria-roledescription="carousel"
      aria-label={label}
    >
      <h3 className="sws-recent-products-heading">{label}</h3>
      <div className="sws-recent-products">
        <button type="button" className="swiper-button-prev" aria-label={t('carouselPrevious')} onClick={() => scroll(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <ul className="swiper-wrapper" ref={track}>
          {products.map((product, index) => (
            <li key={product.id} className="swiper-slide" aria-roledescription="slide" aria-label={t('carouselPage', { index: index + 1, count: products.length })}>
              <ProductCard product={product} sanitize={sanitize} />
            </li>
          ))}
        </ul>
        <button type="button" className="swiper-button-next" aria-label={t('carouselNext')} onClick={() => scroll(1)}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}

// Memoised: the dialog re-renders on every keystroke, and a card's markup (sanitised, a document parse each) only
// changes with the settings.
const ProductCard = memo(function ProductCard({ product, sanitize }: { product: SelectedProduct; sanitize: Sanitize }) {
  const variable = product.type === 'variable';
  return (
    <div className="sws-selected-products-item">
      {product.image ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: image markup from the server, sanitised
        // biome-ignore lint/a11y/useAnchorContent: a duplicate of the title link, hidden from assistive technology
        <a className="sws-selected-products-picture" href={product.permalink} tabIndex={-1} aria-hidden="true" dangerouslySetInnerHTML={{ __html: sanitize(product.image) }} />
      ) : null}
      {product.category ? <div className="sws-selected-products-category">{product.category}</div> : null}
      <a className="sws-selected-products-title" href={product.permalink}>
        {product.name}
      </a>
      {product.rating_count > 0 ? (
        <div className="star-rating sws-product-rating" role="img" aria-label={t('carouselRating', { rating: product.average_rating.toFixed(2) })}>
          <span style={{ width: `${Math.min(100, (product.average_rating / 5) * 100)}%` }} />
        </div>
      ) : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: price_html from the server, sanitised */}
      {product.price ? <div className="sws-selected-products-price price" dangerouslySetInnerHTML={{ __html: sanitize(product.price) }} /> : null}
      {variable ? (
        <a className="button product_type_variable" href={product.permalink} aria-label={t('carouselSelectOptions', { name: product.name })}>
          Select options
        </a>
      ) : (
        <a
          href={`?add-to-cart=${product.id}`}
          data-quantity="1"
          className={`button product_type_${product.type || 'simple'} add_to_cart_button ajax_add_to_cart`}
          data-product_id={product.id}
          data-product_sku=""
          aria-label={t('carouselAddToCart', { name: product.name })}
          rel="nofollow"
          // WooCommerce's loop button carries it (loop/add-to-cart.php); the add-to-cart widget announces it.
          data-success_message={`“${product.name}” has been added to your cart`}
        >
          Add to cart
        </a>
      )}
    </div>
  );
});
