/**
 * Pure rules of the ajax add-to-cart button (add-to-cart.js), apart from the DOM.
 */
import type { CartAnswer } from '../../src/cart/logic';
import { asCartAnswer } from '../../src/cart/logic';

/**
 * ATC-04: the request carries every data attribute of the button under its own name
 * (data-product_id → product_id, data-quantity → quantity, …), as jQuery's .data() did.
 * Attribute names are lower-case in HTML, so the names are exactly what the server expects.
 */
export function requestDataFrom(attributes: Iterable<{ name: string; value: string }>): Record<string, string> {
  const data: Record<string, string> = {};
  for (const { name, value } of attributes) {
    if (!name.startsWith('data-') || name === 'data-vitrine-widget') continue;
    data[name.slice('data-'.length)] = value;
  }
  return data;
}

/** A product id WooCommerce accepts: a positive whole number (leading/trailing spaces tolerated). */
export function isProductId(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && /^\s*[1-9]\d*\s*$/.test(value);
}

/** A quantity the server reads with wc_stock_amount: a non-negative number. */
export function isQuantity(value: string): boolean {
  return /^\s*\d+(\.\d+)?\s*$/.test(value);
}

export type AddOutcome =
  | { kind: 'ignored' }
  | { kind: 'go-to-product'; url: string }
  | { kind: 'go-to-cart'; url: string }
  | { kind: 'added'; answer: CartAnswer }
  | { kind: 'malformed' };

/**
 * What an add_to_cart answer means (spec §4, ATC-06/07/08/11): an empty answer is ignored; an error
 * with product_url sends the shopper to the product; a site set to redirect sends them to the cart;
 * otherwise the fragments are applied. Anything else is a malformed answer the shopper must hear about.
 */
export function interpretAddAnswer(body: unknown, settings: { cartRedirectAfterAdd: boolean; cartUrl: string }): AddOutcome {
  if (body === null || body === undefined || body === '') return { kind: 'ignored' };
  if (typeof body !== 'object' || Array.isArray(body)) return { kind: 'malformed' };
  const { error, product_url } = body as { error?: unknown; product_url?: unknown };
  if (error) {
    return typeof product_url === 'string' && product_url !== '' ? { kind: 'go-to-product', url: product_url } : { kind: 'malformed' };
  }
  if (settings.cartRedirectAfterAdd) return { kind: 'go-to-cart', url: settings.cartUrl };
  const answer = asCartAnswer(body);
  return answer ? { kind: 'added', answer } : { kind: 'malformed' };
}
