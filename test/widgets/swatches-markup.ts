/**
 * Variation Swatches markup shaped like test/fixtures/captures/shop.html and product-variable.html
 * (search-and-swatches.md §2.2), for the widget tests and the demo pages.
 */

const esc = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface DemoVariation {
  id: number;
  color: string;
  size: string;
  price: string;
  inStock: boolean;
}

export const HOODIE_VARIATIONS: DemoVariation[] = [
  { id: 161, color: 'red', size: 'small', price: '40.00', inStock: true },
  { id: 162, color: 'red', size: 'large', price: '42.00', inStock: false },
  { id: 163, color: 'blue', size: 'small', price: '45.00', inStock: true },
  { id: 164, color: 'blue', size: 'large', price: '50.00', inStock: true },
];

/** The embedded JSON; `overrideIds` maps a variation id to the id written (to fake a broken one). */
export function variationsJson(overrideIds: Record<number, number> = {}, list = HOODIE_VARIATIONS, imageBase = '/img/hoodie'): string {
  return JSON.stringify(
    list.map((v) => ({
      attributes: { attribute_pa_color: v.color, attribute_pa_size: v.size },
      availability_html: v.inStock ? '' : '<p class="stock out-of-stock">Out of stock</p>',
      display_price: Number(v.price),
      image: { src: `${imageBase}-${v.color}.jpg`, thumb_src: `${imageBase}-${v.color}-450.jpg`, alt: `Hoodie ${v.color}` },
      is_in_stock: v.inStock,
      is_purchasable: true,
      price_html: `<span class="price"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>${v.price}</bdi></span></span>`,
      variation_id: overrideIds[v.id] ?? v.id,
      variation_is_active: true,
      variation_is_visible: true,
    })),
  );
}

interface SwatchOptionSpec {
  slug: string;
  title: string;
  kind: 'color' | 'image' | 'label';
  /** colour value or image url */
  value?: string;
}

export const COLORS: SwatchOptionSpec[] = [
  { slug: 'red', title: 'Red', kind: 'color', value: '#c0392b' },
  { slug: 'blue', title: 'Blue', kind: 'color', value: '#2563eb' },
  { slug: 'green', title: 'Green', kind: 'color', value: '#15803d' },
];
export const SIZES: SwatchOptionSpec[] = [
  { slug: 'small', title: 'Small', kind: 'label' },
  { slug: 'large', title: 'Large', kind: 'label' },
];

function swatchOption(o: SwatchOptionSpec): string {
  const style = 'min-width:24px;min-height:24px;border-radius:24px;';
  if (o.kind === 'label') {
    return `<div class='cfvsw-swatches-option cfvsw-label-option' data-slug='${o.slug}' data-title='${o.title}' style=${style}><div class="cfvsw-swatch-inner">${o.title}</div></div>`;
  }
  if (o.kind === 'image') {
    return `<div class='cfvsw-swatches-option cfvsw-image-option' data-slug='${o.slug}' data-title='${o.title}' data-tooltip='${o.title}' style=${style}><div class="cfvsw-swatch-inner" style="background-image:url('${o.value}');background-size:cover;"></div></div>`;
  }
  return `<div class='cfvsw-swatches-option' data-slug='${o.slug}' data-title='${o.title}' data-tooltip='${o.title}' style=${style}><div class="cfvsw-swatch-inner" style="background-color:${o.value};"></div></div>`;
}

/** The dropdown replacement: hidden select immediately followed by the swatches container. */
export function swatchRow(attribute: string, options: SwatchOptionSpec[], where: 'shop' | 'product', id: string): string {
  const select = `<div class="cfvsw-hidden-select"><select id="${id}" class="" name="${attribute}" data-attribute_name="${attribute}" data-show_option_none="yes"><option value="">Choose an option</option>${options
    .map((o) => `<option value="${o.slug}" >${o.title}</option>`)
    .join('')}</select></div>`;
  return `${select}<div class='cfvsw-swatches-container cfvsw-${where}-container' swatches-attr='${attribute}'>${options.map(swatchOption).join('')}</div>`;
}

/** A shop card with swatches after the price and the plugin's loop button. */
export function shopCard(id: number, variations: string, opts: { title?: string; colors?: SwatchOptionSpec[] } = {}): string {
  const title = opts.title ?? 'Big Hoodie';
  const colors = opts.colors ?? COLORS;
  return `<li class="product type-product post-${id} product-type-variable">
	<a href="/product/big-hoodie/" class="woocommerce-LoopProduct-link woocommerce-loop-product__link">
	<img width="450" height="450" src="/img/hoodie-main-450.jpg" class="attachment-woocommerce_thumbnail" alt="${esc(title)}" srcset="/img/hoodie-main-450.jpg 450w, /img/hoodie-main-300.jpg 300w" sizes="(max-width: 450px) 100vw, 450px" /><h2 class="woocommerce-loop-product__title">${esc(title)}</h2>
	<span class="price"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>35.00</bdi></span> – <span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>50.00</bdi></span></span>
	<div class="cfvsw_variations_form variations_form cfvsw_shop_align_left" data-product_variations="${esc(variations)}" data-product_id="${id}">
		<table class="cfvsw-shop-variations variations" cellspacing="0"><tbody>
			<tr><td class="value">${swatchRow('attribute_pa_color', colors, 'shop', `pa_color_${id}`)}</td></tr>
			<tr><td class="value">${swatchRow('attribute_pa_size', SIZES, 'shop', `pa_size_${id}`)}<a class="reset_variations" href="#">Clear</a></td></tr>
		</tbody></table>
	</div>
	</a><a href="/product/big-hoodie/" data-quantity="1" class="button product_type_variable add_to_cart_button cfvsw_ajax_add_to_cart" data-product_id="${id}" aria-label="Select options for &ldquo;${esc(title)}&rdquo;" rel="nofollow" data-add_to_cart_text="Add to Cart" data-select_options_text="Select options">Select options</a>
</li>`;
}

/** The product page's form (variable.php) with the swatches in place of the dropdowns. */
export function productForm(variations: string, colors: SwatchOptionSpec[] = COLORS): string {
  return `<form class="variations_form cart" action="/product/big-hoodie/" method="post" data-product_id="151" data-product_variations="${esc(variations)}">
	<table class="variations" cellspacing="0" role="presentation"><tbody>
		<tr><th class="label"><label for="pa_color">Color</label></th><td class="value">${swatchRow('attribute_pa_color', colors, 'product', 'pa_color')}</td></tr>
		<tr><th class="label"><label for="pa_size">Size</label></th><td class="value">${swatchRow('attribute_pa_size', SIZES, 'product', 'pa_size')}<a class="reset_variations" href="#" aria-label="Clear options">Clear</a></td></tr>
	</tbody></table>
	<div class="single_variation_wrap"><div class="woocommerce-variation single_variation" role="alert" aria-relevant="additions"></div>
	<div class="woocommerce-variation-add-to-cart variations_button">
		<button type="submit" class="single_add_to_cart_button button alt">Add to cart</button>
		<input type="hidden" name="add-to-cart" value="151" /><input type="hidden" name="product_id" value="151" /><input type="hidden" name="variation_id" class="variation_id" value="0" />
	</div></div>
</form>`;
}

/** Sets the plugin's settings global as the page prints it (strings from wp_localize_script). */
export function swatchSettings(overrides: Partial<Record<string, string>> = {}): void {
  (window as { cfvsw_swatches_settings?: unknown }).cfvsw_swatches_settings = {
    ajax_url: '/wp-admin/admin-ajax.php',
    admin_url: '/wp-admin/admin.php',
    remove_attr_class: 'cfvsw-swatches-blur',
    html_design: 'none',
    unavailable_text: 'Selected variant is unavailable.',
    ajax_add_to_cart_nonce: 'd957a96745',
    tooltip_image: '',
    disable_out_of_stock: '1',
    ...overrides,
  };
}
