import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSettingsCache } from '../../src/settings';
import { bootPage, waitForMount } from '../helpers/page';

// The combobox in front of a country select (checkout.html's billing_country, shortened), keyboard only.

const MARKUP = `<form><p class="form-row" id="billing_country_field"><label for="billing_country">Country / Region</label><span class="woocommerce-input-wrapper">
<select name="billing_country" id="billing_country" class="country_to_state country_select" data-placeholder="Select a country / region…"><option value="">Select a country / region…</option><option value="AX">Åland Islands</option><option value="AT">Austria</option><option value="GB">United Kingdom (UK)</option><option value="US" selected>United States (US)</option></select></span></p></form>`;

/** happy-dom does not honour `selected` on a parsed option: the live choice is set as the browser has it. */
const boot = () =>
  bootPage(MARKUP, {
    beforeScan: () => {
      document.querySelector<HTMLSelectElement>('#billing_country')!.value = 'US';
    },
  });

describe('select-combobox widget', () => {
  beforeEach(() => {
    delete (window as unknown as Record<string, unknown>).wc_country_select_params;
    resetSettingsCache();
    vi.stubGlobal('IntersectionObserver', undefined);
  });

  it('typing filters, arrows and Enter choose: the native select gets the value and one change event; it stays in the form, hidden', async () => {
    await boot();
    const select = document.querySelector<HTMLSelectElement>('#billing_country')!;
    await waitForMount('select-combobox', select);
    const input = await waitFor(() => document.querySelector<HTMLInputElement>('#billing_country-combobox')!);
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.value).toBe('United States (US)');
    expect(select.hidden).toBe(true);
    expect(select.form).not.toBeNull();
    const changes: string[] = [];
    select.addEventListener('change', () => changes.push(select.value));
    const user = userEvent.setup();
    await user.click(document.querySelector('label[for="billing_country"]')!);
    expect(document.activeElement).toBe(input);
    await user.keyboard('{Control>}a{/Control}aland');
    const options = () => Array.from(document.querySelectorAll('#billing_country-listbox [role="option"]')).map((o) => o.textContent);
    await waitFor(() => expect(options()).toEqual(['Åland Islands']));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(select.value).toBe('AX');
    expect(changes).toEqual(['AX']);
    await waitFor(() => expect(input.value).toBe('Åland Islands'));
  });

  it('a shopper already on the select when the widget mounts stays on it: the focus moves to the combobox', async () => {
    await bootPage(MARKUP, {
      beforeScan: () => {
        const select = document.querySelector<HTMLSelectElement>('#billing_country')!;
        select.value = 'US';
        select.focus();
      },
    });
    const select = document.querySelector<HTMLSelectElement>('#billing_country')!;
    await waitForMount('select-combobox', select);
    const input = await waitFor(() => document.querySelector<HTMLInputElement>('#billing_country-combobox')!);
    expect(select.hidden).toBe(true);
    expect(document.activeElement).toBe(input);
    const user = userEvent.setup();
    await user.keyboard('{Control>}a{/Control}united k');
    await waitFor(() => expect(Array.from(document.querySelectorAll('#billing_country-listbox [role="option"]')).map((o) => o.textContent)).toEqual(['United Kingdom (UK)']));
  });

  it('Escape keeps the choice; a value set by other code and a rebuilt option list are followed', async () => {
    await boot();
    const select = document.querySelector<HTMLSelectElement>('#billing_country')!;
    await waitForMount('select-combobox', select);
    const input = await waitFor(() => document.querySelector<HTMLInputElement>('#billing_country-combobox')!);
    const user = userEvent.setup();
    await user.click(input);
    await user.keyboard('{Control>}a{/Control}aus{Escape}');
    expect(select.value).toBe('US');
    select.value = 'GB';
    fireEvent.change(select);
    await waitFor(() => expect(input.value).toBe('United Kingdom (UK)'));
    const option = document.createElement('option');
    option.value = 'DE';
    option.textContent = 'Germany';
    select.append(option);
    await user.click(input);
    await user.keyboard('{Control>}a{/Control}germ');
    await waitFor(() => expect(document.querySelectorAll('#billing_country-listbox [role="option"]')).toHaveLength(1));
  });

  it('no match: the "No matches found" text, nothing chosen', async () => {
    await boot();
    const select = document.querySelector<HTMLSelectElement>('#billing_country')!;
    await waitForMount('select-combobox', select);
    const input = await waitFor(() => document.querySelector<HTMLInputElement>('#billing_country-combobox')!);
    const user = userEvent.setup();
    await user.click(input);
    await user.keyboard('{Control>}a{/Control}zzz');
    await waitFor(() => expect(document.querySelector('#billing_country-listbox')?.textContent).toContain('No matches found'));
    await user.keyboard('{Enter}');
    expect(select.value).toBe('US');
  });
});
