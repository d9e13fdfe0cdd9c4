import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMeasurement } from '../../../src/analytics';
import { emit } from '../../../src/bus';
import { resetSettingsCache } from '../../../src/settings';

// A shopper quick off the mark on a page without jQuery where Google Analytics for WooCommerce's tracker is: the add is
// answered while the bridge's chunk is still on its way, and the tracker must still hear it, once.

const win = window as unknown as Record<string, unknown>;

describe("Google Analytics for WooCommerce's tracker: an add before the bridge is there", () => {
  afterEach(() => {
    for (const name of ['gtag', 'consent_api']) delete win[name];
    delete (document.body as unknown as Record<string, unknown>).onadded_to_cart;
    document.head.querySelector('#woocommerce-google-analytics-integration-js')?.remove();
    resetSettingsCache();
  });

  it('ANL-01 the add emitted before the bridge was installed reaches the tracker once, and the next add too', async () => {
    document.head.append(Object.assign(document.createElement('script'), { id: 'woocommerce-google-analytics-integration-js' }));
    win.gtag = () => {};
    win.consent_api = { consent_type: 'optout' };
    resetSettingsCache();
    const heard: string[] = [];
    (document.body as unknown as Record<string, unknown>).onadded_to_cart = (_event: unknown, _fragments: unknown, _hash: unknown, button: unknown) => {
      // happy-dom also calls on<type> properties for a DOM event of that type; the bridge's call passes jQuery's list.
      if (Array.isArray(button)) heard.push((button[0] as HTMLElement).dataset.product_id ?? '');
    };
    const button = document.createElement('a');
    button.dataset.product_id = '10';
    const stop = startMeasurement();
    // Synchronously after the start: the bridge's chunk cannot have arrived yet.
    emit('cart:added', { fragments: {}, cartHash: 'early', button });
    expect(heard).toEqual([]);
    await vi.waitFor(() => expect(heard).toEqual(['10']));
    button.dataset.product_id = '11';
    emit('cart:added', { fragments: {}, cartHash: 'next', button });
    expect(heard).toEqual(['10', '11']);
    stop();
  });
});
