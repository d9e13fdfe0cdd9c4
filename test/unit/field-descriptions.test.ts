import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { showFieldDescriptions } from '../../src/field-descriptions';

// The markup woocommerce_form_field() prints for fields with a description; WooCommerce's stylesheet hides
// `.woocommerce-input-wrapper .description` until woocommerce.js shows it.
const field = (id: string, description: string) => `
  <p class="form-row" id="${id}_field"><label for="${id}">${id}</label>
    <span class="woocommerce-input-wrapper"><input type="text" class="input-text" name="${id}" id="${id}" aria-describedby="${id}-description" />
    <span class="description" id="${id}-description" aria-hidden="true">${description}</span></span></p>`;

const description = (id: string) => document.getElementById(`${id}-description`)!;
const shown = (id: string) => getComputedStyle(description(id)).display !== 'none';

describe('form field descriptions (woocommerce.js)', () => {
  beforeEach(() => {
    document.head.innerHTML = '<style>.woocommerce-input-wrapper .description { display: none; }</style>';
    document.body.innerHTML = `<form class="checkout">${field('billing_vat', 'Two letters, then the number.')}${field('order_note_code', 'Up to 8 characters.')}</form><p id="outside">Elsewhere</p>`;
    showFieldDescriptions();
  });

  it('a field shows its description while the shopper is in it, and only that one', async () => {
    const user = userEvent.setup();
    expect(shown('billing_vat')).toBe(false);
    await user.click(document.getElementById('billing_vat')!);
    expect(shown('billing_vat')).toBe(true);
    expect(description('billing_vat').getAttribute('aria-hidden')).toBe('false');
    await user.tab();
    expect(document.activeElement?.id).toBe('order_note_code');
    expect(shown('order_note_code')).toBe(true);
    expect(shown('billing_vat')).toBe(false);
    expect(description('billing_vat').getAttribute('aria-hidden')).toBe('true');
  });

  it('Escape hides the description and goes no further; a click outside the fields hides it too', async () => {
    const user = userEvent.setup();
    const heardEscape: string[] = [];
    document.body.addEventListener('keydown', (event) => heardEscape.push(event.key));
    await user.click(document.getElementById('billing_vat')!);
    await user.keyboard('{Escape}');
    expect(shown('billing_vat')).toBe(false);
    expect(heardEscape).toEqual([]);
    // A second Escape, with nothing to hide, goes on as usual (a dialog around the form may close).
    await user.keyboard('{Escape}');
    expect(heardEscape).toEqual(['Escape']);
    await user.click(document.getElementById('billing_vat')!);
    expect(shown('billing_vat')).toBe(true);
    await user.click(document.getElementById('outside')!);
    expect(shown('billing_vat')).toBe(false);
  });

  it('covers fields drawn after it was installed, and installing twice listens once', async () => {
    showFieldDescriptions();
    const user = userEvent.setup();
    document.querySelector('form')!.insertAdjacentHTML('beforeend', field('shipping_phone_note', 'For the courier.'));
    await user.click(document.getElementById('shipping_phone_note')!);
    expect(shown('shipping_phone_note')).toBe(true);
    await user.keyboard('{Escape}');
    expect(shown('shipping_phone_note')).toBe(false);
  });
});
