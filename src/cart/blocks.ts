/**
 * WooCommerce's blocks (the Cart and Checkout blocks, the Mini-Cart block, the product button blocks) keep a cart
 * store of their own and say when it changed with DOM events on <body>: `wc-blocks_added_to_cart` and
 * `wc-blocks_removed_from_cart`. They also translate WooCommerce's jQuery `added_to_cart` / `removed_from_cart`
 * into those events, but only where jQuery is on the page, which with Vitrine it mostly is not.
 * - Their events refresh Vitrine's mini cart (the classic widget beside a block cart follows it).
 * - Vitrine's own adds and removals are told to the blocks with the same events when jQuery is absent (with
 *   jQuery, the blocks' own translation already does it), marked so that Vitrine does not refresh on its echo.
 */
import { on } from '../bus';
import { jquery } from '../jquery';

const ADDED = 'wc-blocks_added_to_cart';
const REMOVED = 'wc-blocks_removed_from_cart';
const SOURCE = 'vitrine';

const fromVitrine = (event: Event) => (event as CustomEvent<{ source?: string } | null>).detail?.source === SOURCE;

/** Refreshes through `refresh` on every block cart change; returns the function that stops listening. */
export function followBlockCarts(refresh: (reason: string) => void): () => void {
  const onBlockChange = (event: Event) => {
    if (!fromVitrine(event)) refresh(event.type);
  };
  document.body.addEventListener(ADDED, onBlockChange);
  document.body.addEventListener(REMOVED, onBlockChange);
  const tellBlocks = (type: string) => () => {
    if (jquery()) return;
    // preserveCartData false: the blocks fetch the cart again (it changed on the server).
    document.body.dispatchEvent(new CustomEvent(type, { bubbles: true, detail: { preserveCartData: false, source: SOURCE } }));
  };
  const stops = [on('cart:added', tellBlocks(ADDED)), on('cart:removed', tellBlocks(REMOVED))];
  return () => {
    document.body.removeEventListener(ADDED, onBlockChange);
    document.body.removeEventListener(REMOVED, onBlockChange);
    for (const stop of stops) stop();
  };
}
