import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { report } from '../../mount/mounts';
import { clampQuantity } from '../../widgets/quantity/logic';
import { bootPage, waitForMount } from '../helpers/page';

// The genuine markup of global/quantity-input.php (see test/fixtures/captures/product-simple.html).
const quantityInput = (attributes: string) => `
  <form class="cart" method="post">
    <div class="quantity">
      <label class="screen-reader-text" for="quantity_1">Simple Mug quantity</label>
      <input type="number" id="quantity_1" class="input-text qty text" name="quantity" aria-label="Product quantity" size="4" step="1" placeholder="" inputmode="numeric" autocomplete="off" ${attributes}>
    </div>
    <button type="submit" name="add-to-cart" value="10" class="single_add_to_cart_button button alt">Add to cart</button>
  </form>`;

describe('quantity widget', () => {
  it('QTY-01 raises a value under the minimum to it at load', async () => {
    await bootPage(quantityInput('min="2" max="6" value="1"'));
    await waitForMount('quantity');
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('input.qty')!.value).toBe('2'));
  });

  it('QTY-01 raises a value typed under the minimum when it changes', async () => {
    await bootPage(quantityInput('min="2" max="" value="3"'));
    await waitForMount('quantity');
    const input = document.querySelector<HTMLInputElement>('input.qty')!;
    await userEvent.clear(input);
    await userEvent.type(input, '1');
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => expect(input.value).toBe('2'));
  });

  it('follows limits moved after mount (the variation form changes min and max)', async () => {
    await bootPage(quantityInput('min="1" max="" value="1"'));
    await waitForMount('quantity');
    const input = document.querySelector<HTMLInputElement>('input.qty')!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    input.min = '3';
    input.max = '4';
    input.value = '9';
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(input.value).toBe('4');
  });

  it('rejects a min that is not a number with one console error and leaves the input as served', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await bootPage(quantityInput('min="two" value="0"'));
    await waitForMount('quantity', undefined, 'failed');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toContain('quantity: invalid min');
    expect(document.querySelector<HTMLInputElement>('input.qty')!.value).toBe('0');
    expect(report().find((row) => row.widget === 'quantity')?.reason).toContain('min="two"');
  });

  it('QTY-03 a quantity is clamped to [min, max]: within it unchanged, under it min, over it max', () => {
    expect(clampQuantity('3', { min: 1, max: 5 })).toBe(3);
    expect(clampQuantity('0', { min: 1, max: 5 })).toBe(1);
    expect(clampQuantity('9', { min: 1, max: 5 })).toBe(5);
    expect(clampQuantity('9', { min: 1, max: null })).toBe(9);
    expect(clampQuantity('-4', { min: null, max: 5 })).toBe(-4);
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), (value, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const result = clampQuantity(String(value), { min, max });
        if (value < min) expect(result).toBe(min);
        else if (value > max) expect(result).toBe(max);
        else expect(result).toBe(value);
      }),
    );
  });

  it('QTY-01 a value typed before the widget mounted is the one clamped, not the served value attribute', async () => {
    await bootPage(quantityInput('min="1" max="6" value="1"'), {
      beforeScan: () => {
        document.querySelector<HTMLInputElement>('input.qty')!.value = '4';
      },
    });
    await waitForMount('quantity');
    const input = document.querySelector<HTMLInputElement>('input.qty')!;
    expect(input.value).toBe('4');
    await bootPage(quantityInput('min="1" max="6" value="1"'), {
      beforeScan: () => {
        document.querySelector<HTMLInputElement>('input.qty')!.value = '40';
      },
    });
    await waitForMount('quantity');
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('input.qty')!.value).toBe('6'));
  });

  it('leaves an empty or non-numeric value to the browser', () => {
    expect(clampQuantity('', { min: 1, max: null })).toBeNull();
    expect(clampQuantity('abc', { min: 1, max: null })).toBeNull();
  });
});
