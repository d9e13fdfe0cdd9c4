import { afterEach, expect, it, vi } from 'vitest';
import { resetSettingsCache } from '../../src/settings';
import { bootPage, waitForMount } from '../helpers/page';

// The consent code is its own chunk, fetched only where a consent category is set: here it cannot be fetched.
vi.mock('../../src/consent', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const win = window as unknown as Record<string, unknown>;

afterEach(() => {
  delete win.wc_order_attribution;
  delete win.consent_api;
  resetSettingsCache();
});

it('TRK-01 with a consent category and no consent code, nothing is tracked and one clear error says why', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  win.consent_api = { consent_type: 'optin', waitfor_consent_hook: '', cookie_expiration: '30', cookie_prefix: 'wp_consent' };
  win.wc_order_attribution = { params: { lifetime: 1.0e-5, session: 30, prefix: 'wc_order_attribution_', allowTracking: true, consentCategory: 'marketing' }, fields: { source_type: 'current.typ' } };
  resetSettingsCache();
  await bootPage('<form class="checkout"><wc-order-attribution-inputs></wc-order-attribution-inputs></form>');
  await waitForMount('order-attribution');
  await vi.dynamicImportSettled();
  await vi.waitFor(() => expect(errors.mock.calls.some((call) => /consent code could not be loaded; nothing is tracked/.test(String(call[0])))).toBe(true));
  expect(document.cookie.split('; ').filter((c) => c.startsWith('sbjs_'))).toEqual([]);
  expect(document.querySelector<HTMLInputElement>('input[name="wc_order_attribution_source_type"]')?.value ?? '').toBe('');
});
