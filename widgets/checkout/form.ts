/** Reading and toggling the checkout form's markup (form-checkout.php), shared by the checkout's parts. */
import type { AddressSnapshot } from '../../src/checkout/fields';
import { jquery } from '../../src/jquery';

/** Every notice a new answer replaces (classic and block-styled). */
export const NOTICES = '.woocommerce-error, .woocommerce-message, .is-error, .is-success';

export const show = (element: Element | null, visible: boolean) => {
  if (element instanceof HTMLElement) element.style.display = visible ? '' : 'none';
};

export const fieldValue = (selector: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(selector)?.value ?? '';

export const addressOf = (prefix: 'billing' | 'shipping'): AddressSnapshot => ({
  country: fieldValue(`#${prefix}_country`),
  state: fieldValue(`#${prefix}_state`),
  postcode: fieldValue(`#${prefix}_postcode`),
  city: fieldValue(`#${prefix}_city`),
  address: fieldValue(`#${prefix}_address_1`),
  address_2: fieldValue(`#${prefix}_address_2`),
});

export const shipsToDifferentAddress = (form: HTMLFormElement) =>
  form.querySelector<HTMLInputElement>('#ship-to-different-address input')?.checked ?? false;

export const removeAll = (root: ParentNode, selector: string) => {
  for (const node of root.querySelectorAll(selector)) node.remove();
};

/**
 * A press that ended without an order gives the form back as checkout.js's submit_error does: `processing` off, and
 * blockUI's overlay taken away. A gateway that tokenizes (Stripe's classic script, and many written on its model)
 * blocks the form in its veto and leaves the unblocking to that: without it, a refused order left the form under a
 * white veil that took every click.
 */
export function giveFormBack(form: HTMLFormElement) {
  form.classList.remove('processing');
  const $ = jquery() as ((target: Element) => { unblock?: () => unknown }) | undefined;
  $?.(form).unblock?.();
}

/** The visible toggles around the form: the shipping address under its box, the account fields under theirs. */
export function syncToggles(form: HTMLFormElement, guestCheckout: boolean) {
  show(form.querySelector('div.shipping_address'), shipsToDifferentAddress(form));
  const createAccount = form.querySelector<HTMLInputElement>('input#createaccount');
  if (createAccount && guestCheckout) show(form.querySelector('div.create-account'), createAccount.checked);
}

/**
 * checkout.js's toggle_create_account: a ticked "Create an account?" (on a change, and at load) starts with an empty
 * password, told with a `change`, so one the browser filled in is not sent as the new account's.
 */
export function emptyAccountPassword(form: HTMLFormElement, guestCheckout: boolean) {
  const password = form.querySelector<HTMLInputElement>('#account_password');
  if (!guestCheckout || !password || !form.querySelector<HTMLInputElement>('input#createaccount')?.checked) return;
  password.value = '';
  password.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A link that shows and hides a block (the login form, the coupon form, the terms): returns whether it opened. */
export function toggleBlock(link: HTMLElement, block: HTMLElement | null): boolean {
  if (!block) return false;
  const open = block.style.display === 'none';
  show(block, open);
  link.setAttribute('aria-expanded', String(open));
  return open;
}

const TERMS_TEXT = '.woocommerce-terms-and-conditions';
const TERMS_LINK = 'a.woocommerce-terms-and-conditions-link';

/** The terms link, when the form prints the terms text under it, tells that the text starts closed. */
export function initTermsLink(form: HTMLFormElement) {
  const link = form.querySelector(TERMS_LINK);
  if (link && form.querySelector(TERMS_TEXT)) link.setAttribute('aria-expanded', 'false');
}

/**
 * checkout.js's terms toggle: the terms text shown or hidden under its link, and every terms link marked
 * `--open` or `--closed` (WooCommerce's stylesheet turns the link's arrow by them). False when there is no terms
 * text on the form: the link then goes to the terms page.
 */
export function toggleTerms(form: HTMLFormElement, link: HTMLElement): boolean {
  const text = form.querySelector<HTMLElement>(TERMS_TEXT);
  if (!text) return false;
  const open = toggleBlock(link, text);
  for (const each of form.querySelectorAll(TERMS_LINK)) {
    each.classList.toggle('woocommerce-terms-and-conditions-link--open', open);
    each.classList.toggle('woocommerce-terms-and-conditions-link--closed', !open);
  }
  return true;
}
