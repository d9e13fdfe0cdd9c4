/** Field validation on the form's rows (validate_field): the classes and ARIA WooCommerce's CSS and themes read. */
import { fieldProblems, INVALID_CLASSES } from '../../src/checkout/fields';

/** The fields checkout.js validates (the select combobox's own text box is not one: its select is). */
export const VALIDATED = '.input-text:not(.vitrine-select-combobox__input), select, input[type="checkbox"]';
const ALL_INVALID = ['woocommerce-invalid', ...Object.values(INVALID_CLASSES)];

export function clearField(field: HTMLElement) {
  const row = field.closest('.form-row');
  field.removeAttribute('aria-invalid');
  if (field.getAttribute('aria-describedby')?.endsWith('_description')) field.removeAttribute('aria-describedby');
  row?.querySelector('.checkout-inline-error-message')?.remove();
  row?.classList.remove(...ALL_INVALID, 'woocommerce-validated');
}

export function validateField(field: HTMLInputElement | HTMLSelectElement) {
  const row = field.closest('.form-row');
  if (!row) return;
  const problems = fieldProblems({
    required: row.classList.contains('validate-required'),
    email: row.classList.contains('validate-email'),
    phone: row.classList.contains('validate-phone'),
    type: field.type,
    checked: field instanceof HTMLInputElement && field.checked,
    value: field.value,
  });
  if (problems.length) {
    field.setAttribute('aria-invalid', 'true');
    row.classList.remove('woocommerce-validated');
    row.classList.add('woocommerce-invalid', ...problems.map((p) => INVALID_CLASSES[p]));
  } else {
    clearField(field);
    row.classList.add('woocommerce-validated');
  }
}

/** Every visible field (and every checkbox, hidden or not), as after a refused order. */
export function validateAll(form: HTMLFormElement) {
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(VALIDATED)) {
    if (field.offsetParent !== null || field.type === 'checkbox') validateField(field);
  }
}

/**
 * A refused order's `li[data-id]` messages, each beside its field: `.checkout-inline-error-message` under the
 * row, the field `aria-invalid` and described by it.
 */
export function markInvalidFields(messages: ParentNode) {
  for (const item of messages.querySelectorAll('li[data-id]')) {
    const id = item.getAttribute('data-id') ?? '';
    const field = document.getElementById(id);
    const row = field?.closest('.form-row');
    if (!field || !row) continue;
    const message = document.createElement('p');
    message.id = `${id}_description`;
    message.className = 'checkout-inline-error-message';
    message.textContent = (item.textContent ?? '').trim();
    row.querySelector('.checkout-inline-error-message')?.remove();
    row.append(message);
    row.classList.add('woocommerce-invalid');
    field.setAttribute('aria-describedby', message.id);
    field.setAttribute('aria-invalid', 'true');
  }
}
