import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootPage, waitForMount } from '../helpers/page';
import { json, mockFetch } from '../unit/http/fetch-mock';
import { shopCard, swatchSettings, variationsJson } from './swatches-markup';

// The tooltip's chunk (floating-ui with it) is counted when it is asked for, and arrives when the test says so.
const chunk = await vi.hoisted(async () => (await import('../helpers/late-chunk')).lateChunk());
vi.mock('../../widgets/swatches/tooltip', async (importActual) => chunk.deliver(importActual));


afterEach(() => vi.restoreAllMocks());

const red = () => document.querySelector<HTMLElement>('[swatches-attr="attribute_pa_color"] .cfvsw-swatches-option[data-slug="red"]')!;
const tooltip = () => document.querySelector<HTMLElement>('[role="tooltip"].cfvsw-tooltip');

describe('swatches: the tooltip comes in a chunk of its own', () => {
  it('SWT-07 SWT-14 is not fetched with the swatches but when the pointer comes to the card; a swatch hovered before it arrives shows its tooltip then', async () => {
    mockFetch(() => json(null));
    swatchSettings();
    await bootPage(`<ul class="products">${shopCard(151, variationsJson())}</ul>`);
    await waitForMount('swatches');
    await waitFor(() => expect(red().getAttribute('role')).toBe('radio'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chunk.asked, 'mounted swatches do not ask for the tooltip').toBe(0);

    await userEvent.hover(red());
    await waitFor(() => expect(chunk.asked).toBe(1));
    expect(tooltip(), 'nothing shows before the code is there').toBeNull();
    // Choosing does not wait for the tooltip.
    await userEvent.click(red());
    await waitFor(() => expect(red().getAttribute('aria-checked')).toBe('true'));

    chunk.arrive();
    await waitFor(() => expect(tooltip()?.textContent).toBe('Red'));
    expect(red().getAttribute('aria-describedby')).toBe(tooltip()!.id);
    await userEvent.unhover(red());
    await waitFor(() => expect(tooltip()).toBeNull());
    expect(chunk.asked).toBe(1);
  });
});
