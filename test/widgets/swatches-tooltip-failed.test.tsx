import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootPage, waitForMount } from '../helpers/page';
import { json, mockFetch } from '../unit/http/fetch-mock';
import { shopCard, swatchSettings, variationsJson } from './swatches-markup';

// The tooltip's chunk cannot be fetched (a deploy removed it, the network dropped).
vi.mock('../../widgets/swatches/tooltip', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /widgets/swatches-tooltip-x.js');
});

afterEach(() => vi.restoreAllMocks());

const option = (attribute: string, slug: string) => document.querySelector<HTMLElement>(`[swatches-attr="${attribute}"] .cfvsw-swatches-option[data-slug="${slug}"]`)!;

describe('swatches: the tooltip chunk cannot be fetched', () => {
  it('SWT-07 the swatches still choose and the card finds its variation; no tooltip, one console error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => json(null));
    swatchSettings();
    await bootPage(`<ul class="products">${shopCard(151, variationsJson())}</ul>`);
    await waitForMount('swatches');
    await waitFor(() => expect(option('attribute_pa_color', 'blue').getAttribute('role')).toBe('radio'));

    await userEvent.hover(option('attribute_pa_color', 'blue'));
    await waitFor(() => expect(error.mock.calls.some((call) => String(call[0]).includes('[vitrine] swatches'))).toBe(true));
    await userEvent.click(option('attribute_pa_color', 'blue'));
    await userEvent.hover(option('attribute_pa_size', 'small'));
    await userEvent.click(option('attribute_pa_size', 'small'));
    await waitFor(() => expect(document.querySelector('a.cfvsw_ajax_add_to_cart')?.getAttribute('data-variation_id')).toBe('163'));
    expect(document.querySelector('[role="tooltip"]')).toBeNull();
    const ours = error.mock.calls.filter((call) => String(call[0]).includes('[vitrine] swatches'));
    expect(ours).toHaveLength(1);
    expect(String(ours[0]![0])).toContain('the tooltips could not be loaded');
  });
});
