import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { currentPrice, findVariation, type Product, productById, type Variation, variationById } from './catalogue.ts';
import { appendSetCookie, serializeCookie } from './http.ts';
import type { CartItem, Session } from './state.ts';

// Cart rules of WC_Cart::add_to_cart and the cart session, over the demo catalogue.

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export type AddResult = { ok: true; key: string; product: Product; quantity: number } | { ok: false; message: string; product?: Product };

export interface AddRequest {
  productId: number;
  quantity: number;
  variationId?: number;
  /** attribute_* values the shopper chose (needed for "any" attributes and to find a variation). */
  attributes?: Record<string, string>;
  /** Find the variation from the attributes when no variation id is given (the form handler does; 10.0.2 ajax does not). */
  resolveFromAttributes?: boolean;
}

const quoted = (name: string) => `&ldquo;${escapeText(name)}&rdquo;`;

export function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/** WC_Cart::generate_cart_id: md5 of product id, variation id and the variation attributes joined by "_". */
export function cartItemKey(productId: number, variationId: number, variation: Record<string, string>): string {
  const parts: string[] = [String(productId)];
  if (variationId) parts.push(String(variationId));
  const entries = Object.entries(variation);
  if (entries.length) parts.push(entries.map(([k, v]) => k.trim() + v.trim()).join(''));
  return md5(parts.join('_'));
}

export function addToCart(session: Session, req: AddRequest): AddResult {
  let product = productById(req.productId);
  let variation: Variation | undefined;
  const asVariation = variationById(req.productId);
  if (!product && asVariation) ({ product, variation } = asVariation);
  if (!product) return { ok: false, message: 'Sorry, this product cannot be purchased.' };

  if (product.type === 'variable' && !variation) {
    if (req.variationId) {
      const found = variationById(req.variationId);
      if (found?.product.id === product.id) variation = found.variation;
    } else if (req.resolveFromAttributes && req.attributes) {
      variation = findVariation(product, req.attributes);
    }
    if (!variation) {
      return { ok: false, product, message: `Please choose product options by visiting <a href="/product/${product.slug}/" title="${escapeText(product.name)}">${escapeText(product.name)}</a>.` };
    }
  }

  const variationAttrs: Record<string, string> = {};
  if (variation) {
    for (const a of product.attributes) {
      const value = variation.attributes[a.key] || req.attributes?.[a.key] || '';
      if (!value) return { ok: false, product, message: `${escapeText(a.label)} is a required field.` };
      variationAttrs[a.key] = value;
    }
  }

  let quantity = Number.isFinite(req.quantity) && req.quantity > 0 ? Math.floor(req.quantity) : 1;
  if (product.soldIndividually) quantity = 1;
  const inStock = variation ? variation.inStock : product.inStock;
  if (!inStock) {
    return { ok: false, product, message: `You cannot add ${quoted(product.name)} to the cart because the product is out of stock.` };
  }
  const key = cartItemKey(product.id, variation?.id ?? 0, variationAttrs);
  const existing = session.cart.get(key);
  if (product.soldIndividually && existing) {
    return { ok: false, product, message: `<a href="/cart/" class="button wc-forward">View cart</a> You cannot add another ${quoted(product.name)} to your cart.` };
  }
  const total = (existing?.quantity ?? 0) + quantity;
  if (product.stock !== null && total > product.stock) {
    return { ok: false, product, message: existing
      ? `You cannot add that amount to the cart &mdash; we have ${product.stock} in stock and you already have ${existing.quantity} in your cart.`
      : `You cannot add that amount of ${quoted(product.name)} to the cart because there is not enough stock (${product.stock} remaining).` };
  }
  if (total < product.minQty || (product.maxQty !== null && total > product.maxQty)) {
    return { ok: false, product, message: `The quantity of ${quoted(product.name)} must be between ${product.minQty} and ${product.maxQty}.` };
  }
  if (existing) existing.quantity = total;
  else session.cart.set(key, { key, product_id: product.id, variation_id: variation?.id ?? 0, variation: variationAttrs, quantity });
  return { ok: true, key, product, quantity };
}

export function removeFromCart(session: Session, key: string): CartItem | undefined {
  const item = session.cart.get(key);
  if (item) session.cart.delete(key);
  return item;
}

/** Cart page "Update cart": 0 removes the line; limits are clamped rather than refused. */
export function setQuantity(session: Session, key: string, qty: number): void {
  const item = session.cart.get(key);
  if (!item || !Number.isFinite(qty)) return;
  if (qty <= 0) {
    session.cart.delete(key);
    return;
  }
  const product = productById(item.product_id);
  let q = Math.floor(qty);
  if (product?.soldIndividually) q = 1;
  if (product?.stock != null) q = Math.min(q, product.stock);
  if (product?.maxQty != null) q = Math.min(q, product.maxQty);
  if (product) q = Math.max(q, product.minQty);
  item.quantity = q;
}

export interface CartLine {
  item: CartItem;
  product: Product;
  variation: Variation | undefined;
  /** Variations with fewer than 3 attributes carry them in the title ("Variable Tee - Blue, Small"), as WooCommerce does. */
  name: string;
  /** Attributes shown as dl.variation (only when they are not already in the name). */
  meta: { label: string; value: string }[];
  unitPrice: number;
  lineTotal: number;
  sku: string;
  image: string;
}

export interface CartView {
  lines: CartLine[];
  count: number;
  subtotal: number;
  hash: string;
}

export function cartView(session: Session | undefined): CartView {
  const lines: CartLine[] = [];
  for (const item of session?.cart.values() ?? []) {
    const product = productById(item.product_id);
    if (!product) continue;
    const variation = item.variation_id ? variationById(item.variation_id)?.variation : undefined;
    const labels = product.attributes.map((a) => ({
      label: a.label,
      value: a.options.find((o) => o.value === item.variation[a.key])?.label ?? item.variation[a.key] ?? '',
    }));
    const inTitle = variation !== undefined && labels.length < 3;
    const unitPrice = currentPrice(variation ?? product);
    lines.push({
      item,
      product,
      variation,
      name: inTitle ? `${product.name} - ${labels.map((l) => l.value).join(', ')}` : product.name,
      meta: variation && !inTitle ? labels : [],
      unitPrice,
      lineTotal: unitPrice * item.quantity,
      sku: variation?.sku ?? product.sku,
      image: variation?.image ?? product.gallery[0] ?? '',
    });
  }
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  const count = lines.reduce((sum, l) => sum + l.item.quantity, 0);
  // WC_Cart::get_cart_hash: md5 of the JSON of the cart session plus the cart total.
  const hash = lines.length ? md5(JSON.stringify(Object.fromEntries(lines.map((l) => [l.item.key, l.item]))) + subtotal.toFixed(2)) : '';
  return { lines, count, subtotal, hash };
}

/** WC_Cart_Session::set_cart_cookies: set when they differ, expire them when the cart is empty. */
export function syncCartCookies(res: ServerResponse, requestCookies: Record<string, string>, view: CartView): void {
  if (view.lines.length) {
    const want = { woocommerce_items_in_cart: '1', woocommerce_cart_hash: view.hash };
    for (const [name, value] of Object.entries(want)) {
      if (requestCookies[name] !== value) appendSetCookie(res, serializeCookie(name, value));
    }
  } else {
    for (const name of ['woocommerce_items_in_cart', 'woocommerce_cart_hash']) {
      if (name in requestCookies) appendSetCookie(res, serializeCookie(name, '0', { expires: new Date(Date.now() - 3600_000), maxAge: 0 }));
    }
  }
}
