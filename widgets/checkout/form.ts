/** Reading and toggling the checkout form's markup (form-checkout.php), shared by the checkout's parts. */
import type { AddressSnapshot } from '../../src/checkout/fields';

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

/** The visible toggles around the form: the shipping address under its box, the account fields under theirs. */
export function syncToggles(form: HTMLFormElement, guestCheckout: boolean) {
  show(form.querySelector('div.shipping_address'), shipsToDifferentAddress(form));
  const createAccount = form.querySelector<HTMLInputElement>('input#createaccount');
  if (createAccount && guestCheckout) show(form.querySelector('div.create-account'), createAccount.checked);
}

/** A link that shows and hides a block (the login form, the coupon form, the terms): returns whether it opened. */
export function toggleBlock(link: HTMLElement, block: HTMLElement | null): boolean {
  if (!block) return false;
  const open = block.style.display === 'none';
  show(block, open);
  link.setAttribute('aria-expanded', String(open));
  return open;
}
