import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { emit } from '../../src/bus';
import { focusKey, restoreFocus } from '../../src/notices';
import { fieldLocaleFor, isRequired, sortedByPriority, stateFieldFor } from './logic';
import type { AddressFieldsProps } from './schema';

const WRAPPERS = '.woocommerce-billing-fields, .woocommerce-shipping-fields, .woocommerce-shipping-calculator, .woocommerce-address-fields';
const STATE_BOXES = '#billing_state, #shipping_state, #calc_shipping_state';
const FIELDSETS = '.woocommerce-billing-fields__field-wrapper, .woocommerce-shipping-fields__field-wrapper, .woocommerce-address-fields__field-wrapper';

/** Copies what identifies the field to its replacement, so the form posts the same name and the label still points at it. */
function carry(from: HTMLElement, to: HTMLElement): void {
  to.id = from.id;
  to.setAttribute('name', from.getAttribute('name') ?? '');
  for (const attr of ['autocomplete', 'data-input-classes', 'aria-required', 'aria-describedby', 'data-label']) {
    const value = from.getAttribute(attr);
    if (value !== null) to.setAttribute(attr, value);
  }
}

/**
 * country-select.js: the state field of `wrapper` rebuilt for `country`, its value kept where it still exists. Returns
 * whether country-select.js announces it (`country_to_state_changed`): always for a select or hidden field, for a
 * text field only when it replaced another kind.
 */
function rebuildState(wrapper: HTMLElement, country: string, props: AddressFieldsProps): boolean {
  const box = wrapper.querySelector<HTMLInputElement | HTMLSelectElement>(STATE_BOXES);
  if (!box) return false;
  const row = box.closest<HTMLElement>('.form-row');
  const value = box.value;
  const placeholder = box.getAttribute('placeholder') ?? box.getAttribute('data-placeholder') ?? '';
  const extra = box.getAttribute('data-input-classes') ?? '';
  const field = stateFieldFor(props.states, country);
  if (field.kind === 'hidden') {
    if (box instanceof HTMLInputElement && box.type === 'hidden') return true;
    const hidden = document.createElement('input');
    hidden.type = 'hidden';
    carry(box, hidden);
    hidden.className = `hidden ${extra}`.trim();
    hidden.value = '';
    box.replaceWith(hidden);
    if (row) row.style.display = 'none';
  } else if (field.kind === 'select') {
    let select = box;
    if (!(box instanceof HTMLSelectElement)) {
      select = document.createElement('select');
      carry(box, select);
      select.className = `state_select ${extra}`.trim();
      select.setAttribute('data-placeholder', placeholder || props.selectStateText);
      box.replaceWith(select);
    }
    const option = (value: string, label: string) => {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = label;
      return o;
    };
    select.replaceChildren(option('', props.selectStateText), ...field.options.map(([code, name]) => option(code, name)));
    select.value = field.options.some(([code]) => code === value) ? value : '';
    if (row) row.style.display = '';
  } else {
    if (row) row.style.display = '';
    if (box instanceof HTMLInputElement && box.type === 'text') return false;
    const text = document.createElement('input');
    text.type = 'text';
    carry(box, text);
    text.className = `input-text ${extra}`.trim();
    if (placeholder && placeholder !== props.selectStateText) text.placeholder = placeholder;
    box.replaceWith(text);
  }
  return true;
}

function setRequired(row: HTMLElement, required: boolean, optionalText: string): void {
  const label = row.querySelector('label');
  row.classList.toggle('validate-required', required);
  if (!required) row.classList.remove('woocommerce-invalid', 'woocommerce-invalid-required-field');
  for (const control of row.querySelectorAll('input, select, textarea')) {
    if (required) control.setAttribute('aria-required', 'true');
    else control.removeAttribute('aria-required');
  }
  if (!label) return;
  label.querySelectorAll(required ? '.optional' : '.required').forEach((n) => {
        n.remove();
      });
  if (required && !label.querySelector('.required')) {
    const mark = document.createElement('span');
    mark.className = 'required';
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = '*';
    label.append('\u00a0', mark);
  } else if (!required && !label.querySelector('.optional')) {
    const mark = document.createElement('span');
    mark.className = 'optional';
    mark.textContent = `(${optionalText})`;
    label.append('\u00a0', mark);
  }
}

/** address-i18n.js: labels, placeholders, required marks, visibility, classes and order for `country`. */
function applyLocale(wrapper: HTMLElement, country: string, props: AddressFieldsProps): void {
  for (const [key, selector] of Object.entries(props.localeFields)) {
    const locale = fieldLocaleFor(props.locale, country, key);
    let rows: HTMLElement[];
    try {
      rows = Array.from(wrapper.querySelectorAll<HTMLElement>(selector));
    } catch {
      continue;
    }
    for (const row of rows) {
      const label = row.querySelector('label');
      if (locale.label !== undefined && label) label.textContent = locale.label;
      const controls = row.querySelectorAll('input, select, textarea');
      const visibleLabel = row.querySelector('label:not(.screen-reader-text)');
      const placeholder = locale.placeholder ?? (locale.label !== undefined && !visibleLabel ? locale.label : undefined);
      if (placeholder !== undefined) {
        for (const control of controls) {
          control.setAttribute('placeholder', placeholder);
          control.setAttribute('data-placeholder', placeholder);
        }
      }
      setRequired(row, isRequired(locale), props.optionalText);
      if (locale.priority !== undefined) row.setAttribute('data-priority', String(locale.priority));
      // address-i18n.js leaves the state row to country-select.js (rebuildState: hidden only for a country without
      // states), so a state's `hidden` (Botswana, Cyprus) keeps an optional text field, as in WooCommerce.
      if (key !== 'state') {
        row.style.display = locale.hidden === true ? 'none' : '';
        if (locale.hidden === true) for (const control of controls) if ((control as HTMLInputElement).type !== 'hidden') (control as HTMLInputElement).value = '';
      }
      if (Array.isArray(locale.class)) {
        row.classList.remove('form-row-first', 'form-row-last', 'form-row-wide');
        row.classList.add(...locale.class);
      }
    }
  }
  for (const fieldset of wrapper.querySelectorAll<HTMLElement>(FIELDSETS)) {
    const rows = Array.from(fieldset.querySelectorAll<HTMLElement>(':scope > .form-row'));
    const order = sortedByPriority(rows.map((r) => Number.parseInt(r.getAttribute('data-priority') ?? '', 10) || null));
    if (order.every((index, position) => index === position)) continue;
    // Moving a row takes the focus out of it: give it back to the same field.
    const focus = focusKey();
    fieldset.append(...order.map((i) => rows[i] as HTMLElement));
    restoreFocus(focus, fieldset);
  }
}

/** address-i18n.js announces itself once a page (`wc_address_i18n_ready`), before the fields are first laid out. */
let i18nReadyAnnounced = false;

/** Test hook: a new page. */
export function resetI18nReadyForTests(): void {
  i18nReadyAnnounced = false;
}

function apply(country: HTMLSelectElement | HTMLInputElement, props: AddressFieldsProps, changed: boolean): void {
  const wrapper = country.closest<HTMLElement>(WRAPPERS) ?? country.closest('.form-row')?.parentElement ?? null;
  if (!wrapper) return;
  const rebuilt = rebuildState(wrapper, country.value, props);
  applyLocale(wrapper, country.value, props);
  if (changed) {
    // The rebuilt state field tells the form about its (possibly cleared) value, as country-select.js does.
    wrapper.querySelector(STATE_BOXES)?.dispatchEvent(new Event('change', { bubbles: true }));
    // Every change, as before: the address suggestions wait for it to fill the state (widgets/address-autocomplete).
    emit('address:country-changed', { country: country.value, wrapper });
  } else if (country.value !== '') {
    // At load, country-select.js lays out every filled-in country (its `refresh` on wc_address_i18n_ready).
    if (rebuilt) emit('address:country-changed', { country: country.value, wrapper });
  } else return;
  emit('address:locale-applied', { country: country.value, wrapper });
}

/** See the definition: state field and locale follow the country, now (the live value) and on every change. */
export default function AddressFields({ element, props }: WidgetProps<AddressFieldsProps, HTMLSelectElement | HTMLInputElement>) {
  useEffect(() => {
    if (!i18nReadyAnnounced) {
      i18nReadyAnnounced = true;
      emit('address:i18n-ready', {});
    }
    // A described field's hint shows while the shopper is in it (src/field-descriptions.ts), on the checkout and the
    // account's edit address alike; its code comes only for a page that has one.
    if (document.querySelector('.woocommerce-input-wrapper span.description')) void import('../../src/field-descriptions').then((m) => m.showFieldDescriptions());
    apply(element, props, false);
    const onChange = () => apply(element, props, true);
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, [element, props]);
  return null;
}
