import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootPage, waitForMount } from '../helpers/page';
import { fullScreenSettings, pluginForm, setSearchGlobal, stubSearchFetch } from './instant-search-helpers';

// The full-screen layout's chunk cannot be fetched (a deploy removed it, the network dropped): it fails
// when the test says so, after the shopper has started typing in the trigger.
const chunk = vi.hoisted(() => {
  let fail = () => {};
  const failed = new Promise<void>((resolve) => {
    fail = resolve;
  });
  return { failed, fail: () => fail() };
});
vi.mock('../../widgets/instant-search/full-screen', async () => {
  await chunk.failed;
  throw new TypeError('Failed to fetch dynamically imported module: /widgets/instant-search-full-screen-x.js');
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as unknown as { swsL10n?: unknown }).swsL10n;
});

describe('instant search: the full-screen layout cannot be fetched', () => {
  it('falls back to the dropdown layout, which keeps the text, caret and focus and searches; one console error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('innerWidth', 1280);
    setSearchGlobal({ 1: fullScreenSettings() });
    stubSearchFetch();
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    const trigger = screen.getByRole('searchbox');
    await userEvent.click(trigger);
    await userEvent.keyboard('mg{ArrowLeft}');

    chunk.fail();
    const input = (await screen.findByRole('combobox')) as HTMLInputElement;
    expect(input.closest('form')?.classList).toContain('ysm-active');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect([input.value, input.selectionStart]).toEqual(['mg', 1]);
    await userEvent.keyboard('u');
    expect(input.value).toBe('mug');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    const ours = error.mock.calls.filter((call) => String(call[0]).includes('instant-search'));
    expect(ours).toHaveLength(1);
    expect(String(ours[0]![0])).toContain('the full-screen layout could not be loaded');

    // A widget mounting later (another page view in a single-page theme) tries again, and falls back again.
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    await screen.findByRole('combobox');
    expect(error.mock.calls.filter((call) => String(call[0]).includes('instant-search'))).toHaveLength(2);
  });
});
