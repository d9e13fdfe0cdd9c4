/**
 * Form field descriptions, as woocommerce.js shows them. `woocommerce_form_field()` prints a field's description
 * as `span.description` inside `.woocommerce-input-wrapper`, and WooCommerce's stylesheet hides it: the script
 * shows it while the shopper is in the field. Without this, a description a plugin gave a checkout or address
 * field (a VAT number's format, a delivery note's limits) is never seen.
 *
 * - Focus or a click in a field shows its description and hides any other one.
 * - Escape in the field hides it (and goes no further, as WooCommerce's handler stops it).
 * - A click outside every field wrapper hides them all.
 *
 * Listeners are delegated from the document (the Escape one goes on the field the shopper entered), so fields the
 * checkout's updates draw again are covered, and installed once whichever widget asks first (the checkout form, the
 * address fields). No slide: the description appears at once, as Vitrine's other toggles do. `aria-hidden` follows
 * what is shown (WooCommerce sets it as a property, which leaves the printed attribute `true`); the field names it
 * in `aria-describedby` either way.
 */
const WRAPPER = '.woocommerce-input-wrapper';
const DESCRIPTION = `${WRAPPER} span.description`;
let installed = false;

const descriptionOf = (field: Element): HTMLElement | null => field.parentElement?.querySelector<HTMLElement>('span.description') ?? null;

const isShown = (description: HTMLElement) => description.style.display === 'block';

function setShown(description: HTMLElement, shown: boolean): void {
  description.style.display = shown ? 'block' : 'none';
  description.setAttribute('aria-hidden', String(!shown));
}

function hideAll(except: HTMLElement | null = null): void {
  for (const description of document.querySelectorAll<HTMLElement>(DESCRIPTION)) {
    if (description !== except && isShown(description)) setShown(description, false);
  }
}

/** The form control the event happened in, when it sits directly in a field wrapper (WooCommerce's `:input`). */
function fieldOf(event: Event): HTMLElement | null {
  const target = event.target;
  if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement)) return null;
  return target.parentElement?.matches(WRAPPER) ? target : null;
}

function onEnter(event: Event): void {
  const field = fieldOf(event);
  if (!field) return;
  const description = descriptionOf(field);
  hideAll(description);
  if (!description) return;
  if (!isShown(description)) setShown(description, true);
  // On the field itself, as WooCommerce binds it, so that its Escape stops there: a side cart or dialog around the
  // form that closes on Escape stays open. The browser adds the same listener to an element once.
  field.addEventListener('keydown', onEscape);
}

function onClickOutside(event: MouseEvent): void {
  if (event.target instanceof Element && event.target.closest(WRAPPER)) return;
  hideAll();
}

function onEscape(event: KeyboardEvent): void {
  if (event.key !== 'Escape') return;
  const field = fieldOf(event);
  const description = field && descriptionOf(field);
  if (!description || !isShown(description)) return;
  setShown(description, false);
  event.preventDefault();
  event.stopPropagation();
}

/** Shows field descriptions while the shopper is in the field; safe to call from every widget that has fields. */
export function showFieldDescriptions(): void {
  if (installed) return;
  installed = true;
  document.addEventListener('focusin', onEnter);
  document.addEventListener('click', onEnter);
  document.addEventListener('click', onClickOutside);
}
