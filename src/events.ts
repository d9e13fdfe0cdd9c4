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
  'variation:changed': { form: HTMLFormElement };
  'variation:select-changed': { form: HTMLFormElement };
  'variation:values-updated': { form: HTMLFormElement };
  /** The main gallery image should show this variation's image (null: restore). */
  'gallery:image-requested': { form: HTMLFormElement; variation: VariationData | null };

  // Product gallery (single-product.js)
  'gallery:before-init': { gallery: HTMLElement };
  'gallery:after-init': { gallery: HTMLElement };

  // Other code's page updates, forwarded from jQuery.
  'cart:page-updated': { reason: string };
  'checkout:updated': Record<string, never>;
}

export type VitrineEventName = keyof VitrineEvents;
