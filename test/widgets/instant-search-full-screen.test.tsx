import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootPage, waitForMount } from '../helpers/page';
import { fullScreenSettings, pluginForm, setSearchGlobal, stubSearchFetch } from './instant-search-helpers';

// The full-screen layout is a chunk of its own (widgets/instant-search/full-screen.tsx). Here it arrives
// only when the test says so, as on a slow network; the failed fetch is in instant-search-full-screen-failed.test.tsx.
const chunk = await vi.hoisted(async () => (await import('../helpers/late-chunk')).lateChunk());
vi.mock('../../widgets/instant-search/full-screen', async (importActual) => chunk.deliver(importActual));


afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as unknown as { swsL10n?: unknown }).swsL10n;
});

describe('instant search: the full-screen layout as a chunk of its own', () => {
  it('the dropdown layout never requests it; the window widening into full-screen mode does, at once', async () => {
    setSearchGlobal({ 1: fullScreenSettings({ fullScreenMode: '' }) });
    stubSearchFetch();
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    await userEvent.type(screen.getByRole('combobox'), 'mug');
    await screen.findAllByRole('option');
    expect(chunk.asked).toBe(0);
    // desktop_only at a phone width is the dropdown too.
    vi.stubGlobal('innerWidth', 375);
    setSearchGlobal({ 1: fullScreenSettings({ fullScreenMode: 'desktop_only' }) });
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    await userEvent.type(screen.getByRole('combobox'), 'mug');
    await screen.findAllByRole('option');
    expect(chunk.asked).toBe(0);
    // The window widening into full-screen mode fetches it then, before any click; the text stays.
    vi.stubGlobal('innerWidth', 1280);
    window.dispatchEvent(new Event('resize'));
    await waitFor(() => expect(chunk.asked).toBe(1));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('mug');
  });

  it('typing before it arrives is kept, caret too, and the dialog opens with it', async () => {
    vi.stubGlobal('innerWidth', 1280);
    setSearchGlobal({ 1: fullScreenSettings(), 2: fullScreenSettings({ selector: '.ysm-search-widget-2' }) });
    const calls = stubSearchFetch();
    await bootPage(`<button id="elsewhere">Menu</button>${pluginForm('1')}${pluginForm('2')}`, {
      // The shopper was typing in the server's form before the widget arrived.
      beforeScan: () => {
        const server = document.querySelector<HTMLInputElement>('#ysm-smart-search-1-a')!;
        server.focus();
        server.value = 'enamel mug';
        server.setSelectionRange(6, 6);
      },
    });
    const [first, second] = [1, 2].map((id) => document.querySelector(`.ysm-search-widget-${id} form`)!);
    await waitForMount('instant-search', first);
    await waitForMount('instant-search', second);
    // Still on its way (asked for by the previous test's widget): one request for the page, not one per widget.
    expect(chunk.asked).toBe(1);
    const [trigger, other] = screen.getAllByRole('searchbox') as HTMLInputElement[];
    expect(trigger!.getAttribute('aria-haspopup')).toBe('dialog');
    expect(document.activeElement).toBe(trigger);
    expect([trigger!.value, trigger!.selectionStart]).toEqual(['enamel mug', 6]);
    // The trigger takes the typing while the layout is on its way.
    expect(trigger!.readOnly).toBe(false);
    await userEvent.keyboard('s');
    expect(trigger!.value).toBe('enamels mug');
    await waitFor(() => expect(calls.map((call) => call.query)).toContain('enamels mug'));
    // The other widget is opened, typed in and left: its dialog must not pop up when the layout comes.
    await userEvent.click(other!);
    await userEvent.keyboard('tee');
    screen.getByRole('button', { name: 'Menu' }).focus();
    await userEvent.click(trigger!);
    await userEvent.keyboard('{End}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.queryByRole('dialog')).toBeNull();

    chunk.arrive();
    const dialog = await screen.findByRole('dialog');
    const input = screen.getByRole('combobox') as HTMLInputElement;
    expect(dialog.contains(input)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect([input.value, input.selectionStart, input.selectionEnd]).toEqual(['enamels mug', 7, 7]);
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Mugs' }).getAttribute('href')).toBe('/product-category/mugs/');
    expect(document.querySelector('style[data-vitrine-style="instant-search-full-screen"]')).not.toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(other!.value).toBe('tee');
    // From now on the triggers are the read-only openers they always were.
    expect([trigger!.readOnly, other!.readOnly]).toEqual([true, true]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('once it has arrived, a widget mounting later shows the layout from its first frame', async () => {
    vi.stubGlobal('innerWidth', 1280);
    setSearchGlobal({ 1: fullScreenSettings() });
    stubSearchFetch();
    await bootPage(pluginForm('1'));
    await waitForMount('instant-search');
    expect((screen.getByRole('searchbox') as HTMLInputElement).readOnly).toBe(true);
    await userEvent.click(screen.getByRole('searchbox'));
    await screen.findByRole('dialog');
    expect(chunk.asked).toBe(1);
  });
});
