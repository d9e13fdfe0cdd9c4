import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootPage, waitForMount } from '../helpers/page';
import { json, mockFetch } from '../unit/http/fetch-mock';
import { productForm, shopCard, swatchSettings, variationsJson } from './swatches-markup';

// The shop card's code (widgets/swatches/loop.ts, a chunk of its own) cannot be fetched: a deploy removed it, the
// network dropped. A product page's form never needs it.
vi.mock('../../widgets/swatches/loop', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /widgets/swatches-loop-x.js');
});

afterEach(() => vi.restoreAllMocks());

const option = (scope: Element, attribute: string, slug: string) => scope.querySelector<HTMLElement>(`[swatches-attr="${attribute}"] .cfvsw-swatches-option[data-slug="${slug}"]`)!;

describe("swatches: the shop card's code cannot be fetched", () => {
  it("SWT-10 the card keeps the plugin's selects; the product page's form still mounts and chooses", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => json(null));
    swatchSettings();
    await bootPage(`<ul class="products">${shopCard(151, variationsJson())}</ul>${productForm(variationsJson())}`);
    const card = document.querySelector('.cfvsw_variations_form')!;
    const form = document.querySelector('form.variations_form')!;
    await waitForMount('swatches', card, 'failed');
    await waitForMount('swatches', form);

    // The card: no radio group over options that would do nothing; the plugin's selects are shown to choose with.
    expect(option(card, 'attribute_pa_color', 'blue').getAttribute('role')).toBeNull();
    for (const select of card.querySelectorAll<HTMLElement>('.cfvsw-hidden-select')) expect(select.style.getPropertyValue('display')).toBe('block');
    // Here the widget's own import of the part fails; in the build the entry's fetch beside the chunk does (either way the card's mount fails, with an error naming the swatches).
    expect(error.mock.calls.some((call) => String(call[0]).includes('[vitrine] swatches'))).toBe(true);

    // The product page's form does not depend on that chunk.
    await userEvent.click(option(form, 'attribute_pa_color', 'blue'));
    await waitFor(() => expect(form.querySelector<HTMLSelectElement>('select[name="attribute_pa_color"]')?.value).toBe('blue'));
  });
});
