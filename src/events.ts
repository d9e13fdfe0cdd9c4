/**
 * The one typed map of Vitrine's events: name → payload.
 *
 * Names are `domain:past-tense` (or `domain:request` for asks). Each is a DOM CustomEvent
 * `vitrine:<name>` on document.body. `src/jquery-bridge.ts` maps the WooCommerce ones to
 * WooCommerce's own jQuery events and argument order.
 */

/** A cart fragments map: CSS selector → replacement markup, as wc-ajax answers carry it. */
export type Fragments = Record<string, string>;

/** The variation object WooCommerce embeds in data-product_variations or answers get_variation with. */
export interface VariationData {
  variation_id: number;
  attributes: Record<string, string>;
  is_purchasable?: boolean;
  is_in_stock?: boolean;
  variation_is_visible?: boolean;
  variation_is_active?: boolean;
  [key: string]: unknown;
}

export interface VitrineEvents {
  // Cart (add-to-cart.js, cart-fragments.js)
  /** An add is about to be sent: WooCommerce `adding_to_cart` [$button, data]. */
  'cart:adding': { button: HTMLElement; data: Record<string, string> };
  /** The server added: WooCommerce `added_to_cart` [fragments, cart_hash, $button]. */
  'cart:added': { fragments: Fragments; cartHash: string; button: HTMLElement | null };
  /** A mini-cart line was removed: `removed_from_cart` [fragments, cart_hash, $button]. */
  'cart:removed': { fragments: Fragments; cartHash: string; button: HTMLElement | null };
  /** The button got its added state and view-cart link: `wc_cart_button_updated` [$button]. */
  'cart:button-updated': { button: HTMLElement };
  /** An add or remove failed; `message` is for the shopper. */
  'cart:failed': { button: HTMLElement | null; message: string };
  /** Fragments were applied to the page: `wc_fragments_loaded`. */
  'fragments:loaded': Record<string, never>;
  /** get_refreshed_fragments answered: `wc_fragments_refreshed`. */
  'fragments:refreshed': Record<string, never>;
  /** get_refreshed_fragments failed: `wc_fragments_ajax_error`. */
  'fragments:failed': Record<string, never>;
  /** Someone asks for fresh fragments (`wc_fragment_refresh`, `updated_wc_div`). */
  'fragments:refresh-requested': { reason: string };

  // Variation form (add-to-cart-variation.js)
  'variation:found': { form: HTMLFormElement; variation: VariationData };
  'variation:shown': { form: HTMLFormElement; variation: VariationData; purchasable: boolean };
  'variation:hidden': { form: HTMLFormElement };
  'variation:reset': { form: HTMLFormElement };
  /** The choice changed (or was cleared) and has been evaluated, or its lookup sent: `woocommerce_variation_has_changed`. */
  'variation:changed': { form: HTMLFormElement };
  /** A choice changed or was cleared, before it is evaluated (embedded variations only): `woocommerce_variation_select_change`. */
  'variation:select-changed': { form: HTMLFormElement };
  'variation:values-updated': { form: HTMLFormElement };
  /**
   * The widget has started on the form: `wc_variation_form` [the form's parts, as add-to-cart-variation.js's instance
   * holds them]. `variations`: the embedded list, null in ajax mode.
   */
  'variation:form-ready': { form: HTMLFormElement; variations: readonly VariationData[] | null };
  /** The main gallery image should show this variation's image (null: restore). */
  'gallery:image-requested': { form: HTMLFormElement; variation: VariationData | null };

  // Product gallery (single-product.js)
  'gallery:before-init': { gallery: HTMLElement };
  'gallery:after-init': { gallery: HTMLElement };

  // Cart page (cart.js). `cart:page-updated` is also what theme code's `updated_wc_div` / `updated_cart_totals` become.
  /** The cart form, totals and notices were replaced: `updated_wc_div` (reason 'updated_wc_div') or `updated_cart_totals`. */
  'cart:page-updated': { reason: string };
  /** The cart totals block was replaced: `updated_cart_totals`. */
  'cart:totals-updated': Record<string, never>;
  /** A line's remove link on the cart page was answered, or failed: `item_removed_from_classic_cart` (no arguments). */
  'cart:item-removed': Record<string, never>;
  /** The last line went: the empty-cart template is shown: `wc_cart_emptied`. */
  'cart:emptied': Record<string, never>;
  /** `applied_coupon` [code] on the cart page, `applied_coupon_in_checkout` [code] on the checkout. */
  'coupon:applied': { code: string; context: 'cart' | 'checkout' };
  /** `removed_coupon` [code] / `removed_coupon_in_checkout` [code]. */
  'coupon:removed': { code: string; context: 'cart' | 'checkout' };
  /** The cart page's shipping method changed and its totals came back: `updated_shipping_method`. */
  'cart:shipping-method-updated': Record<string, never>;
  /**
   * Other code that changed the cart on the server asks the cart page to draw it again (`wc_update_cart`
   * [preserve_notices], which cart.js hears on document): the form is posted as it is, without `update_cart`.
   */
  'cart:update-requested': { preserveNotices: boolean };

  // Checkout (checkout.js): the update cycle other code hooks into (see docs/architecture.md).
  /** The checkout is ready: `init_checkout`. */
  'checkout:init': { form: HTMLFormElement };
  /**
   * Ask for (or announce) an order review update: `update_checkout`. Anyone may emit it (an address
   * autocomplete after filling the fields, an express button); the checkout debounces, keeps one request
   * in flight and drops a stale answer. `updateShippingMethod: false` keeps the chosen rates out of it.
   */
  'checkout:update-requested': { updateShippingMethod?: boolean };
  /** update_order_review answered and its fragments are in place: `updated_checkout` [data]. */
  'checkout:updated': { data: unknown };
  /** The order was refused or could not be sent; `messages` is the notice markup shown: `checkout_error` [messages]. */
  'checkout:error': { messages: string };
  /** The shopper picked another payment method: `payment_method_selected`. */
  'checkout:payment-method-selected': { method: string };
  /** The order was accepted; the page is about to go to `redirect`: `checkout_place_order_success` is asked first. */
  'checkout:placed': { redirect: string };

  // Country and state fields (country-select.js).
  /** The state field was rebuilt for a country: `country_to_state_changed` [country, $wrapper]. */
  'address:country-changed': { country: string; wrapper: HTMLElement };
  /** The wrapper's fields follow `country`'s locale (at load and every change): `country_to_state_changing` [country, $wrapper]. */
  'address:locale-applied': { country: string; wrapper: HTMLElement };
  /** The address fields' code is there, once a page (address-i18n.js's load): `wc_address_i18n_ready`. */
  'address:i18n-ready': Record<string, never>;
}

export type VitrineEventName = keyof VitrineEvents;
