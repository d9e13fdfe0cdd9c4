import { resetCartFragmentsForTests } from '../../src/cart/store';
import { resetSettingsCache } from '../../src/settings';
import { everythingInView } from '../helpers/in-view.ts';

/** The shop settings WooCommerce prints on a listing (test/fixtures/captures/shop.html). */
export function shopSettings(overrides: Record<string, string> = {}): void {
  const w = window as unknown as Record<string, unknown>;
  w.wc_add_to_cart_params = {
    ajax_url: '/wp-admin/admin-ajax.php',
    wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    i18n_view_cart: 'View cart',
    cart_url: '/cart/',
    is_cart: '',
    cart_redirect_after_add: 'no',
    ...overrides,
  };
  w.wc_cart_fragments_params = {
    ajax_url: '/wp-admin/admin-ajax.php',
    wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    cart_hash_key: 'wc_cart_hash_test',
    fragment_name: 'wc_fragments_test',
    request_timeout: '5000',
  };
  resetSettingsCache();
  resetCartFragmentsForTests();
  everythingInView();
}

export function loopButton(id: number, name: string, extra = ''): string {
  return `<li class="product"><a href="?add-to-cart=${id}" aria-describedby="woocommerce_loop_add_to_cart_link_describedby_${id}" data-quantity="1" class="button product_type_simple add_to_cart_button ajax_add_to_cart" data-product_id="${id}" data-product_sku="SKU-${id}" aria-label="Add to cart: “${name}”" rel="nofollow" data-success_message="“${name}” has been added to your cart" role="button" ${extra}>Add to cart</a><span id="woocommerce_loop_add_to_cart_link_describedby_${id}" class="screen-reader-text"></span></li>`;
}

export function miniCartLine(key: string, name: string, qty: number): string {
  return `<li class="woocommerce-mini-cart-item mini_cart_item"><a role="button" href="/cart/?remove_item=${key}&#038;_wpnonce=abc" class="remove remove_from_cart_button" aria-label="Remove ${name} from cart" data-product_id="1" data-cart_item_key="${key}" data-product_sku="" data-success_message="“${name}” has been removed from your cart">&times;</a><a href="/p/">${name}</a><span class="quantity">${qty} &times; 5</span></li>`;
}

export function miniCart(lines: string[]): string {
  if (!lines.length) return '<div class="widget_shopping_cart_content"><p class="woocommerce-mini-cart__empty-message">No products in the cart.</p></div>';
  return `<div class="widget_shopping_cart_content"><ul class="woocommerce-mini-cart cart_list product_list_widget">${lines.join('')}</ul><p class="woocommerce-mini-cart__total total"><strong>Subtotal:</strong> ${lines.length * 5}</p></div>`;
}

/** Collects the bus events fired on the page. */
export function recordEvents(names: string[]): Array<{ name: string; detail: unknown }> {
  const seen: Array<{ name: string; detail: unknown }> = [];
  for (const name of names) document.addEventListener(`vitrine:${name}`, (e) => seen.push({ name, detail: (e as CustomEvent).detail }));
  return seen;
}

export const formOf = (body: string) => Object.fromEntries(new URLSearchParams(body));

/** The classic cart page (cart/cart.php's shape, as the reference backend draws it): one line, a coupon box, the totals. */
export const cartPage = (qty: number, total: string, notice = '', rowField = '') => `<div class="woocommerce"><div class="woocommerce-notices-wrapper">${notice}</div>
<form class="woocommerce-cart-form" action="/cart/" method="post"><table class="shop_table cart"><tbody>
<tr class="woocommerce-cart-form__cart-item cart_item"><td class="product-remove"><a role="button" href="/cart/?remove_item=k1&amp;_wpnonce=n" class="remove" data-product_id="10">&times;</a></td>
<td class="product-quantity"><div class="quantity"><label class="screen-reader-text" for="q1">Mug quantity</label><input type="number" id="q1" class="input-text qty text" name="cart[k1][qty]" value="${qty}" min="0" /></div></td>${rowField}</tr>
<tr><td class="actions"><div class="coupon"><input type="text" name="coupon_code" id="coupon_code" value="" /> <button type="submit" name="apply_coupon" value="Apply coupon">Apply coupon</button></div>
<button type="submit" class="button" name="update_cart" value="Update cart">Update cart</button><input type="hidden" name="woocommerce-cart-nonce" value="n-cart" /></td></tr>
</tbody></table></form>
<div class="cart-collaterals"><div class="cart_totals"><table><tr class="order-total"><th>Total</th><td>${total}</td></tr></table></div></div></div>`;
/** A whole page around `body`, as an update's answer comes. */
export const htmlPage = (body: string) => `<!doctype html><html><body><main>${body}</main></body></html>`;

/** The settings WooCommerce prints on the cart page (woocommerce_params, wc_cart_params). */
export function cartPageSettings(): void {
  const w = window as unknown as Record<string, unknown>;
  w.woocommerce_params = { ajax_url: '/wp-admin/admin-ajax.php', wc_ajax_url: '/?wc-ajax=%%endpoint%%' };
  w.wc_cart_params = { ajax_url: '/wp-admin/admin-ajax.php', wc_ajax_url: '/?wc-ajax=%%endpoint%%', update_shipping_method_nonce: 'n-ship', apply_coupon_nonce: 'n-apply', remove_coupon_nonce: 'n-remove' };
  resetSettingsCache();
  everythingInView();
}
