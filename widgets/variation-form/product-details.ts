/**
 * SKU, weight and dimensions outside the form follow the chosen variation and come back on reset.
 * The server's text is kept in `data-o_content` (WooCommerce's own attribute, which theme code reads).
 */
import type { VariationData } from '../../src/events';

function setContent(element: Element, content: string): void {
  if (!element.hasAttribute('data-o_content')) element.setAttribute('data-o_content', element.textContent ?? '');
  element.textContent = content;
}

function resetContent(element: Element): void {
  const original = element.getAttribute('data-o_content');
  if (original === null) return;
  element.textContent = original;
  element.removeAttribute('data-o_content');
}

function targets(scope: ParentNode) {
  return {
    sku: scope.querySelectorAll('.product_meta .sku'),
    weight: scope.querySelectorAll('.product_weight, .woocommerce-product-attributes-item--weight .woocommerce-product-attributes-item__value'),
    dimensions: scope.querySelectorAll(
      '.product_dimensions, .woocommerce-product-attributes-item--dimensions .woocommerce-product-attributes-item__value',
    ),
  };
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * `dimensions_html` is entity-encoded ("10 &times; 5 &times; 2 cm"); add-to-cart-variation.js decodes it before writing
 * it as text. Parsed in an inert document (no script runs, nothing loads) and only its text is kept: no markup goes in.
 */
function decoded(html: string): string {
  if (!html.includes('&')) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** The product around the form: WooCommerce scopes everything to `.product`. */
export function productScope(form: HTMLFormElement): ParentNode {
  return form.closest('.product') ?? form.ownerDocument;
}

export function showVariationDetails(form: HTMLFormElement, variation: VariationData): void {
  const { sku, weight, dimensions } = targets(productScope(form));
  const apply = (elements: NodeListOf<Element>, present: boolean, content: string) => {
    for (const element of elements) present && content !== '' ? setContent(element, content) : resetContent(element);
  };
  apply(sku, text(variation.sku) !== '', text(variation.sku));
  apply(weight, text(variation.weight) !== '', text(variation.weight_html));
  apply(dimensions, Boolean(variation.dimensions), decoded(text(variation.dimensions_html)));
}

export function resetVariationDetails(form: HTMLFormElement): void {
  const { sku, weight, dimensions } = targets(productScope(form));
  for (const element of [...sku, ...weight, ...dimensions]) resetContent(element);
}
