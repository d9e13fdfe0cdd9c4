import jQueryModule from 'jquery';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INFINITE_SCROLL_EVENTS, rescanOnInfiniteScroll } from '../../src/infinite-scroll';

afterEach(() => {
  delete (window as unknown as { vitrine?: unknown }).vitrine;
  delete (window as unknown as { jQuery?: unknown }).jQuery;
});

function fakeVitrine() {
  const rescan = vi.fn();
  (window as unknown as { vitrine: unknown }).vitrine = { rescan };
  return rescan;
}

describe('infinite-scroll re-init events', () => {
  it.each(INFINITE_SCROLL_EVENTS)('SWT-09 %s fired natively rescans the page once, however many groups listen', (name) => {
    const rescan = fakeVitrine();
    const releases = [rescanOnInfiniteScroll(), rescanOnInfiniteScroll(), rescanOnInfiniteScroll()];
    document.dispatchEvent(new Event(name));
    expect(rescan).toHaveBeenCalledTimes(1);
    for (const release of releases) release();
    document.dispatchEvent(new Event(name));
    expect(rescan).toHaveBeenCalledTimes(1);
  });

  it('SWT-09 a jQuery-triggered berocket_ajax_products_infinite_loaded rescans too', () => {
    const $ = jQueryModule as unknown as JQueryStatic;
    (window as unknown as { jQuery: unknown }).jQuery = $;
    const rescan = fakeVitrine();
    const release = rescanOnInfiniteScroll();
    $(document).trigger('berocket_ajax_products_infinite_loaded');
    expect(rescan).toHaveBeenCalledTimes(1);
    release();
    $(document).trigger('berocket_ajax_products_infinite_loaded');
    expect(rescan).toHaveBeenCalledTimes(1);
  });
});
