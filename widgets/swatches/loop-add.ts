/**
 * The listing add (§2.4, spec §7 "add-to-cart action for variable products"): admin-ajax
 * `cfvsw_ajax_add_to_cart` through the cart queue, loading → added, fragments applied, the cart events
 * fired; `{error, product_url}` sends the shopper to the product; an empty answer is ignored; a
 * transport failure removes loading, is logged and is announced.
 */
import { emit } from '../../src/bus';
import { announce, applyFragments, asCartAnswer, navigation, showViewCartLink, watchCartChanges } from '../../src/cart';
import { setButtonLoading } from '../../src/cart/feedback';
import { adminAjax, cartQueue, messageFor } from '../../src/http';
import { addToCartParams, hasSettings } from '../../src/settings';
import { addToCartFields } from './logic';
import { t } from './strings';

export interface LoopAdd {
  button: HTMLElement;
  ajaxUrl: string;
  nonce: string;
  productId: number;
  variationId: number;
  variant: Record<string, string>;
}

/** WooCommerce's "View cart" link after the button, unless someone (the cart widget) already added it. */
function addViewCartLink(button: HTMLElement): void {
  if (!hasSettings('wc_add_to_cart_params')) return;
  const { cartUrl, i18nViewCart, isCart } = addToCartParams();
  showViewCartLink(button, { cartUrl, text: i18nViewCart || t('viewCart'), isCart });
}

function isErrorAnswer(answer: unknown): answer is { error: unknown; product_url?: unknown } {
  return typeof answer === 'object' && answer !== null && 'error' in answer && Boolean((answer as { error: unknown }).error);
}

/** Adds of each button still running: the button stays loading until its last one is done (ATC-03). */
const pending = new WeakMap<HTMLElement, number>();

/**
 * One click, one add: a second click while the first runs queues a second add in the cart queue
 * (sent after the first answered, never merged, never lost), as the simple product's button does.
 */
export async function addFromCard({ button, ajaxUrl, nonce, productId, variationId, variant }: LoopAdd): Promise<void> {
  const fields = addToCartFields(nonce, productId, variationId, variant);
  pending.set(button, (pending.get(button) ?? 0) + 1);
  button.classList.remove('added');
  setButtonLoading(button, true);
  const data: Record<string, string> = { product_id: String(productId), variation_id: String(variationId), quantity: '1' };
  for (const [name, value] of Object.entries(variant)) data[`variation[${name}]`] = value;
  emit('cart:adding', { button, data });
  try {
    const answer = await cartQueue.enqueue(() => adminAjax('cfvsw_ajax_add_to_cart', fields, { url: ajaxUrl }));
    if (answer === null) return;
    if (isErrorAnswer(answer)) {
      const url = typeof answer.product_url === 'string' ? answer.product_url : '';
      if (url) navigation.assign(url);
      return;
    }
    const cart = asCartAnswer(answer);
    if (!cart) throw new Error('the answer has no fragments');
    // The cart store keeps the stored fragments in step with every cart:added.
    watchCartChanges();
    // WooCommerce's own added_to_cart handlers (updateButton, updateFragments) run before anyone
    // else's: by the time a theme hears added_to_cart, the button is updated and the mini cart is new.
    if (pending.get(button) === 1) setButtonLoading(button, false);
    button.classList.add('added');
    addViewCartLink(button);
    emit('cart:button-updated', { button });
    applyFragments(cart.fragments, { after: () => emit('cart:added', { fragments: cart.fragments, cartHash: cart.cartHash, button }) });
  } catch (error) {
    console.error('[vitrine] swatches: the listing add failed.', error);
    const message = messageFor(error);
    emit('cart:failed', { button, message });
    announce(message, 0);
  } finally {
    const left = (pending.get(button) ?? 1) - 1;
    if (left > 0) pending.set(button, left);
    else pending.delete(button);
    if (left === 0) setButtonLoading(button, false);
  }
}
