/** Spec §9 (HLP-02/03): notices are focused 500 ms after they appear, scrolled to 100 px above over 1000 ms (src/notices.ts). */
export const FOCUS_DELAY_MS = 500;
export { SCROLL_DURATION_MS, SCROLL_OFFSET_PX, scrollAt, scrollTarget, swing } from '../../src/notices';

/** The notices woocommerce.js focuses, first match wins. */
export const NOTICE_SELECTOR = '.woocommerce-message, .woocommerce-error, .wc-block-components-notice-banner[role="alert"]';

const ADD_TO_CART_PARAMS = ['add-to-cart', 'quantity', 'variation_id'];

/**
 * What WooCommerce's form handler did on this page load (`?add-to-cart=ID`, with its `quantity` and `variation_id`)
 * is taken out of the address: WooCommerce renders the page without redirecting, so a reload, the Back button or a
 * shared copy of the address would add the product again. The other parameters (a sort order, a page, a chosen
 * attribute) stay. Null when the address has nothing of the kind.
 */
export function withoutAddToCart(address: string): string | null {
  const url = new URL(address);
  if (!url.searchParams.has('add-to-cart')) return null;
  for (const name of ADD_TO_CART_PARAMS) url.searchParams.delete(name);
  return url.href;
}

/**
 * WooCommerce also copies the address's query into its GET forms as hidden fields (wc_query_string_form_fields:
 * the sort order, the price filter), so a new sort order would add the product again: those copies go too. A
 * product form's own `add-to-cart` field is posted, never a GET form's, and stays.
 */
function removeAddToCartCopies(root: ParentNode, query: URLSearchParams): void {
  for (const name of ADD_TO_CART_PARAMS) {
    const value = query.get(name);
    if (value === null) continue;
    for (const input of root.querySelectorAll<HTMLInputElement>(`form input[type="hidden"][name="${name}"]`)) {
      if (input.form?.method === 'get' && input.value === value) input.remove();
    }
  }
}

/** Once the page has done an `?add-to-cart=` add: neither the address nor a GET form asks for it again. */
export function forgetAddToCart(): void {
  const address = withoutAddToCart(location.href);
  if (!address) return;
  removeAddToCartCopies(document, new URL(location.href).searchParams);
  history.replaceState(history.state, '', address);
}
