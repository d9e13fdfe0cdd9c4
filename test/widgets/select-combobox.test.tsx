import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSettingsCache } from '../../src/settings';
import { bootPage, bootPageOnFakeClock, realTurns, waitForMount } from '../helpers/page';
import { everythingInView } from '../helpers/in-view.ts';

// The combobox in front of a country select (checkout.html's billing_country, shortened), keyboard only.

const MARKUP = `<form><p class="form-row" id="billing_country_field"><label for="billing_country">Country / Region</label><span class="woocommerce-input-wrapper">
<select name="billing_country" id="billing_country" class="country_to_state country_select" data-placeholder="Select a country / region…"><option value="">Select a country / region…</option><option value="AX">Åland Islands</option><option value="AT">Austria</option><option value="GB">United Kingdom (UK)</option><option value="US" selected>United States (US)</option></select></span></p></form>`;

// The state select beside it (checkout.html's billing_state for the United States, shortened), on California.
const STATE_MARKUP = `<form><p class="form-row validate-state" id="billing_state_field"><label for="billing_state">State</label><span class="woocommerce-input-wrapper">
<select name="billing_state" id="billing_state" class="state_select" autocomplete="address-level1" data-placeholder="Select an option…"><option value="">Select an option…</option><option value="AL">Alabama</option><option value="CA" selected>California</option><option value="ID">Idaho</option><option value="IL">Illinois</option><option value="IN">Indiana</option><option value="IA">Iowa</option></select></span></p></form>`;

/** happy-dom does not honour `selected` on a parsed option: the live choice is set as the browser has it. */
const boot = () =>
  bootPage(MARKUP, {
    beforeScan: () => {
      document.querySelector<HTMLSelectElement>('#billing_country')!.value = 'US';
    },
  });

/** Mounts the combobox in front of `#<selectId>` and records the select's change events (its value at each). */
async function comboboxOn(selectId: string) {
  const select = document.querySelector<HTMLSelectElement>(`#${selectId}`)!;
  await waitForMount('select-combobox', select);
  const input = await waitFor(() => document.querySelector<HTMLInputElement>(`#${selectId}-combobox`)!);
  const changes: string[] = [];
  select.addEventListener('change', () => changes.push(select.value));
  const highlighted = () => {
    const active = input.getAttribute('aria-activedescendant');
    return active ? document.getElementById(active) : null;
  };
  return { select, input, changes, highlighted };
}

describe('select-combobox widget', () => {
  beforeEach(() => {
    delete (window as unknown as Record<string, unknown>).wc_country_select_params;
    resetSettingsCache();
    everythingInView();
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

  // The select's type-ahead, as a browser runs it until the box takes over: each letter moves the choice.
  const TYPING_MARKUP = `${MARKUP.replace('<option value="GB">', '<option value="CA">Canada</option><option value="DK">Denmark</option><option value="GB">')}<input id="billing_next">`;
  const typeIntoSelect = (select: HTMLSelectElement, key: string, chosen: string) => {
    select.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    select.value = chosen;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };
  /**
   * Boots with the shopper on `#<selectId>` (on `value`) when the box's code comes, on a fake clock, having come to it
   * from the keyboard (:focus-visible, which happy-dom does not tell) or with the pointer.
   */
  const bootOnSelect = async (markup: string, selectId: string, value: string, { by = 'keyboard', prepare }: { by?: 'keyboard' | 'pointer'; prepare?: (select: HTMLSelectElement) => void } = {}) => {
    await bootPageOnFakeClock(markup, 'select-combobox', {
      // Waited for below: the box's own element, which its mount effect puts in (it sets its timer then, if any).
      waitForTimer: false,
      beforeScan: () => {
        const select = document.querySelector<HTMLSelectElement>(`#${selectId}`)!;
        prepare?.(select);
        const matches = select.matches.bind(select);
        vi.spyOn(select, 'matches').mockImplementation((selector: string) => (selector === ':focus-visible' ? by === 'keyboard' && document.activeElement === select : matches(selector)));
        select.value = value;
        select.focus();
      },
    });
    // The box's mount effect has run: it puts the box's element beside the select.
    for (let turn = 0; !document.querySelector('.vitrine-select-combobox'); turn++) {
      if (turn > 1000) throw new Error('the box did not mount');
      await realTurns(1);
    }
  };
  const hostOf = (input: HTMLInputElement) => input.closest<HTMLElement>('.vitrine-select-combobox')!;

  it('a shopper typing into the select when its box comes keeps the select until they pause a second (each key starts the wait again): every letter reaches its type-ahead; then the box takes over, with the focus and the choice\'s name selected', async () => {
    try {
      await bootOnSelect(TYPING_MARKUP, 'billing_country', 'US');
      const select = document.querySelector<HTMLSelectElement>('#billing_country')!;
      const input = document.querySelector<HTMLInputElement>('#billing_country-combobox')!;
      // One box shows, the select the shopper is on.
      expect(select.hidden).toBe(false);
      expect(hostOf(input).hidden).toBe(true);
      expect(document.activeElement).toBe(select);
      await vi.advanceTimersByTimeAsync(600);
      typeIntoSelect(select, 'C', 'CA');
      await vi.advanceTimersByTimeAsync(600);
      typeIntoSelect(select, 'a', 'CA');
      await vi.advanceTimersByTimeAsync(999);
      expect(select.hidden, 'taken over while the shopper was typing').toBe(false);
      expect(hostOf(input).hidden, 'two boxes for one field').toBe(true);
      expect(document.activeElement).toBe(select);
      await vi.advanceTimersByTimeAsync(1);
      await realTurns();
      expect(select.hidden).toBe(true);
      expect(hostOf(input).hidden).toBe(false);
      expect(document.activeElement).toBe(input);
      expect(input.value).toBe('Canada');
      expect([input.selectionStart, input.selectionEnd]).toEqual([0, 6]);
    } finally {
      vi.useRealTimers();
    }
    // After the pause a letter starts a new search, as the select's type-ahead would.
    const user = userEvent.setup();
    await user.keyboard('d');
    await waitFor(() => expect(document.querySelector('#billing_country-listbox [role="option"]')?.textContent).toBe('Denmark'));
  });

  it('a shopper who leaves the select before pausing: the box takes over at once, and the focus stays where they went', async () => {
    try {
      await bootOnSelect(TYPING_MARKUP, 'billing_country', 'US');
      const select = document.querySelector<HTMLSelectElement>('#billing_country')!;
      typeIntoSelect(select, 'C', 'CA');
      const next = document.querySelector<HTMLInputElement>('#billing_next')!;
      next.focus();
      await realTurns();
      expect(select.hidden).toBe(true);
      expect(document.querySelector<HTMLElement>('.vitrine-select-combobox')!.hidden).toBe(false);
      expect(document.activeElement).toBe(next);
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#billing_country-combobox')!.value).toBe('Canada'), { timeout: 5000 });
  });

  it('a shopper who came to the select with the pointer (a native list or a phone\'s picker may be open) keeps it until they leave it, then the box takes over without taking the focus', async () => {
    try {
      await bootOnSelect(TYPING_MARKUP, 'billing_country', 'US', { by: 'pointer' });
      const select = document.querySelector<HTMLSelectElement>('#billing_country')!;
      select.value = 'CA';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await vi.advanceTimersByTimeAsync(5000);
      expect(select.hidden, 'taken over while the shopper was choosing').toBe(false);
      expect(document.activeElement).toBe(select);
      const next = document.querySelector<HTMLInputElement>('#billing_next')!;
      next.focus();
      await realTurns();
      expect(select.hidden).toBe(true);
      expect(document.activeElement).toBe(next);
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#billing_country-combobox')!.value).toBe('Canada'), { timeout: 5000 });
  });

  it('a shopper on the select who does not type: the box takes over a second after it comes, with the focus, and typing there searches', async () => {
    try {
      await bootOnSelect(MARKUP, 'billing_country', 'US');
      await vi.advanceTimersByTimeAsync(1000);
      await realTurns();
    } finally {
      vi.useRealTimers();
    }
    const { select, input } = await comboboxOn('billing_country');
    expect(select.hidden).toBe(true);
    expect(document.activeElement).toBe(input);
    const user = userEvent.setup();
    await user.keyboard('united k');
    await waitFor(() => expect(Array.from(document.querySelectorAll('#billing_country-listbox [role="option"]')).map((o) => o.textContent)).toEqual(['United Kingdom (UK)']));
  });

  it('a shopper on the state select (its options rebuilt by the country logic) starts a new search in the box once it takes over: "Illin" + Enter choose Illinois', async () => {
    try {
      // As address-fields leaves it: the same states, rebuilt without `selected`, the value set again.
      await bootOnSelect(STATE_MARKUP, 'billing_state', 'CA', {
        prepare: (select) => {
          for (const option of select.options) option.removeAttribute('selected');
        },
      });
      await vi.advanceTimersByTimeAsync(1000);
      await realTurns();
    } finally {
      vi.useRealTimers();
    }
    const { select, input, changes } = await comboboxOn('billing_state');
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('California');
    const user = userEvent.setup();
    await user.keyboard('Illin');
    await waitFor(() => expect(input.value).toBe('Illin'));
    await user.keyboard('{Enter}');
    expect(select.value).toBe('IL');
    expect(changes).toEqual(['IL']);
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

  it('typing highlights the first match for screen readers too, and Enter picks it (selectWoo\'s keyboard): "Illin" + Enter sets the state select to IL with one change event', async () => {
    await bootPage(STATE_MARKUP, {
      beforeScan: () => {
        document.querySelector<HTMLSelectElement>('#billing_state')!.value = 'CA';
      },
    });
    const { select, input, changes, highlighted } = await comboboxOn('billing_state');
    expect(input.value).toBe('California');
    const user = userEvent.setup();
    await user.click(document.querySelector('label[for="billing_state"]')!);
    // "I": Idaho first; the highlight follows the narrowing list to another option, under another id.
    await user.keyboard('{Control>}a{/Control}I');
    await waitFor(() => expect(highlighted()?.textContent).toBe('Idaho'));
    const first = highlighted()!.id;
    expect(highlighted()!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('llin');
    await waitFor(() => expect(highlighted()?.textContent).toBe('Illinois'));
    expect(highlighted()!.id).not.toBe(first);
    expect(highlighted()!.getAttribute('role')).toBe('option');
    expect(highlighted()!.getAttribute('aria-selected')).toBe('true');
    expect(highlighted()!.classList.contains('is-highlighted')).toBe(true);
    await user.keyboard('{Enter}');
    expect(select.value).toBe('IL');
    expect(changes).toEqual(['IL']);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelectorAll('#billing_state-listbox [role="option"]')).toHaveLength(0);
    await waitFor(() => expect(input.value).toBe('Illinois'));
  });

  it('the country box the same: "united" + Enter picks the first match, United Kingdom (UK), with one change event', async () => {
    await boot();
    const { select, input, changes, highlighted } = await comboboxOn('billing_country');
    const user = userEvent.setup();
    await user.click(input);
    await user.keyboard('{Control>}a{/Control}united');
    await waitFor(() => expect(highlighted()?.textContent).toBe('United Kingdom (UK)'));
    await user.keyboard('{Enter}');
    expect(select.value).toBe('GB');
    expect(changes).toEqual(['GB']);
    await waitFor(() => expect(input.value).toBe('United Kingdom (UK)'));
  });

  it('the arrows still move the highlight from the first match; Escape after typing keeps the value; opening without typing highlights the current choice, and Enter then changes nothing', async () => {
    await boot();
    const { select, input, changes, highlighted } = await comboboxOn('billing_country');
    const user = userEvent.setup();
    await user.click(input);
    await waitFor(() => expect(highlighted()?.textContent).toBe('United States (US)'));
    await user.keyboard('{Enter}');
    expect(select.value).toBe('US');
    await user.keyboard('{Control>}a{/Control}united');
    await waitFor(() => expect(highlighted()?.textContent).toBe('United Kingdom (UK)'));
    await user.keyboard('{Escape}');
    expect(select.value).toBe('US');
    await waitFor(() => expect(input.value).toBe('United States (US)'));
    await user.keyboard('{Control>}a{/Control}united');
    await waitFor(() => expect(highlighted()?.textContent).toBe('United Kingdom (UK)'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(highlighted()?.textContent).toBe('United States (US)'));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(highlighted()?.textContent).toBe('United Kingdom (UK)'));
    await user.keyboard('{Enter}');
    expect(select.value).toBe('GB');
    expect(changes).toEqual(['GB']);
  });

  it('Tab after typing takes the highlighted first match as well (downshift\'s blur): leaving the box never keeps the old state under the typed text', async () => {
    await bootPage(`${STATE_MARKUP}<input id="next" />`, {
      beforeScan: () => {
        document.querySelector<HTMLSelectElement>('#billing_state')!.value = 'CA';
      },
    });
    const { select, input, changes, highlighted } = await comboboxOn('billing_state');
    const user = userEvent.setup();
    await user.click(input);
    await user.keyboard('{Control>}a{/Control}Illin');
    await waitFor(() => expect(highlighted()?.textContent).toBe('Illinois'));
    await user.tab();
    await waitFor(() => expect(select.value).toBe('IL'));
    expect(changes).toEqual(['IL']);
    await waitFor(() => expect(input.value).toBe('Illinois'));
  });

  it('no match: the "No matches found" text, nothing chosen', async () => {
    await boot();
    const select = document.querySelector<HTMLSelectElement>('#billing_country')!;
    await waitForMount('select-combobox', select);
    const input = await waitFor(() => document.querySelector<HTMLInputElement>('#billing_country-combobox')!);
    const user = userEvent.setup();
    await user.click(input);
    const changes: string[] = [];
    select.addEventListener('change', () => changes.push(select.value));
    await user.keyboard('{Control>}a{/Control}zzz');
    await waitFor(() => expect(document.querySelector('#billing_country-listbox')?.textContent).toContain('No matches found'));
    expect(input.getAttribute('aria-activedescendant')).toBe('');
    await user.keyboard('{Enter}');
    expect(select.value).toBe('US');
    expect(changes).toEqual([]);
  });
});
