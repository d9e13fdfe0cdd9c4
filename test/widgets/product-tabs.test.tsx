import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import jQuery from 'jquery';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installJQueryBridge } from '../../src/jquery-bridge';
import { nextTabIndex, resolveTab, TAB_SCROLL_OFFSET, tabForAddress } from '../../widgets/product-tabs/logic';
import { bootPage, waitForMount } from '../helpers/page';

// The genuine tabs markup (test/fixtures/captures/product-reviews.html, single-product/tabs/tabs.php v9.8).
const tabsMarkup = `
  <div class="woocommerce-product-rating"><a href="#reviews" class="woocommerce-review-link" rel="nofollow">(<span class="count">3</span> customer reviews)</a></div>
  <div class="woocommerce-tabs wc-tabs-wrapper">
    <ul class="tabs wc-tabs" role="tablist">
      <li role="presentation" class="description_tab" id="tab-title-description"><a href="#tab-description" role="tab" aria-controls="tab-description">Description</a></li>
      <li role="presentation" class="additional_information_tab" id="tab-title-additional_information"><a href="#tab-additional_information" role="tab" aria-controls="tab-additional_information">Additional information</a></li>
      <li role="presentation" class="reviews_tab" id="tab-title-reviews"><a href="#tab-reviews" role="tab" aria-controls="tab-reviews">Reviews (3)</a></li>
    </ul>
    <div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--description panel entry-content wc-tab" id="tab-description" role="tabpanel" aria-labelledby="tab-title-description"><p>About the teapot.</p></div>
    <div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--additional_information panel entry-content wc-tab" id="tab-additional_information" role="tabpanel" aria-labelledby="tab-title-additional_information"><table class="shop_attributes"></table></div>
    <div class="woocommerce-Tabs-panel woocommerce-Tabs-panel--reviews panel entry-content wc-tab" id="tab-reviews" role="tabpanel" aria-labelledby="tab-title-reviews"><div id="reviews" class="woocommerce-Reviews"><div id="comments"><ol class="commentlist"><li id="li-comment-2"><div id="comment-2">Nice</div></li></ol></div></div></div>
  </div>`;

const tab = (key: string) => document.querySelector<HTMLAnchorElement>(`a[href="#tab-${key}"]`)!;
const openPanels = () => Array.from(document.querySelectorAll<HTMLElement>('.wc-tab')).filter((p) => p.style.display !== 'none').map((p) => p.id);

async function bootAt(url: string) {
  window.history.replaceState(null, '', url);
  await bootPage(tabsMarkup);
  await waitForMount('product-tabs');
  // React commits the first render asynchronously after the root is created.
  await waitFor(() => expect(document.querySelector('.wc-tabs-wrapper.vitrine-tabs')).not.toBeNull());
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('product-tabs widget', () => {
  it('TAB-03 opens the first tab when the address asks for none', async () => {
    await bootAt('/product/teapot/');
    await waitFor(() => expect(openPanels()).toEqual(['tab-description']));
    expect(tab('description').getAttribute('aria-selected')).toBe('true');
    expect(tab('description').parentElement!.classList.contains('active')).toBe(true);
    expect(tab('reviews').tabIndex).toBe(-1);
  });

  it.each(['#reviews', '#tab-reviews', '#comment-2'])('TAB-01 opens the reviews tab at %s', async (hash) => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await bootAt(`/product/teapot/${hash}`);
    await waitFor(() => expect(openPanels()).toEqual(['tab-reviews']));
    expect(tab('reviews').getAttribute('aria-selected')).toBe('true');
    expect(scroll).toHaveBeenCalled();
  });

  it.each(['/product/teapot/comment-page-2/', '/product/teapot/?cpage=2'])('TAB-01 opens the reviews tab on the comment page %s', async (url) => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await bootAt(url);
    await waitFor(() => expect(openPanels()).toEqual(['tab-reviews']));
  });

  it('TAB-02 opens additional information at #tab-additional_information', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await bootAt('/product/teapot/#tab-additional_information');
    await waitFor(() => expect(openPanels()).toEqual(['tab-additional_information']));
  });

  it('TAB-04 scrolls the tabs 50 px below the top when the address opened reviews', async () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 700 } as DOMRect);
    await bootAt('/product/teapot/#reviews');
    expect(TAB_SCROLL_OFFSET).toBe(50);
    expect(scroll).toHaveBeenCalledWith({ top: 650, behavior: 'auto' });
  });

  it('WooCommerce before 9.6 (role="tab" on the <li>): the link becomes the tab, so the selected state lands on the element screen readers read as the tab', async () => {
    window.history.replaceState(null, '', '/product/teapot/');
    // tabs.php before 9.6: the item is the tab, the link has no role.
    await bootPage(tabsMarkup.replace(/<li role="presentation"([^>]*)><a href="#(tab-[a-z_]+)" role="tab" aria-controls="[^"]*">/g, '<li$1 role="tab" aria-controls="$2"><a href="#$2">'));
    await waitForMount('product-tabs');
    await waitFor(() => expect(document.querySelector('.wc-tabs-wrapper.vitrine-tabs')).not.toBeNull());
    const tabs = Array.from(document.querySelectorAll('[role="tab"]'));
    expect(tabs).toEqual([tab('description'), tab('additional_information'), tab('reviews')]);
    expect(tabs.map((t) => [t.getAttribute('aria-selected'), t.getAttribute('aria-controls')])).toEqual([
      ['true', 'tab-description'],
      ['false', 'tab-additional_information'],
      ['false', 'tab-reviews'],
    ]);
    expect(tab('reviews').parentElement!.getAttribute('role')).toBe('presentation');
    await userEvent.click(tab('reviews'));
    expect(tab('reviews').getAttribute('aria-selected')).toBe('true');
    expect(openPanels()).toEqual(['tab-reviews']);
  });

  it('a click opens its panel and only it', async () => {
    await bootAt('/product/teapot/');
    await userEvent.click(tab('additional_information'));
    await waitFor(() => expect(openPanels()).toEqual(['tab-additional_information']));
    expect(tab('description').getAttribute('aria-selected')).toBe('false');
    expect(window.location.hash).toBe('');
  });

  it('arrows wrap, Home and End jump, focus and selection follow (roving tabindex)', async () => {
    await bootAt('/product/teapot/');
    tab('description').focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('reviews'));
    await waitFor(() => expect(openPanels()).toEqual(['tab-reviews']));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('description'));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(tab('reviews'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('description'));
    expect(tab('description').tabIndex).toBe(0);
    expect(tab('reviews').tabIndex).toBe(-1);
  });

  it('Up and Down are left to scroll the page in a row of tabs, as single-product.js leaves them', async () => {
    await bootAt('/product/teapot/');
    tab('description').focus();
    const prevented: boolean[] = [];
    const onKey = (event: KeyboardEvent) => prevented.push(event.defaultPrevented);
    document.addEventListener('keydown', onKey);
    await userEvent.keyboard('{ArrowDown}{ArrowUp}');
    document.removeEventListener('keydown', onKey);
    expect(prevented).toEqual([false, false]);
    expect(document.activeElement).toBe(tab('description'));
    expect(openPanels()).toEqual(['tab-description']);
  });

  it('on a right-to-left page Left goes to the next tab and Right to the previous', async () => {
    document.documentElement.dir = 'rtl';
    try {
      await bootAt('/product/teapot/');
      tab('description').focus();
      await userEvent.keyboard('{ArrowLeft}');
      expect(document.activeElement).toBe(tab('additional_information'));
      await waitFor(() => expect(openPanels()).toEqual(['tab-additional_information']));
      await userEvent.keyboard('{ArrowRight}{ArrowRight}');
      expect(document.activeElement).toBe(tab('reviews'));
    } finally {
      document.documentElement.removeAttribute('dir');
    }
  });

  it('tabs a theme lays out in a column move with Up and Down, and leave Left and Right alone (single-product.js)', async () => {
    // Each tab 40 px below the one before, as Storefront lays them out beside the panel.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = Array.from(document.querySelectorAll('.wc-tabs a')).indexOf(this);
      return { top: index * 40, left: 0, bottom: index * 40 + 30, right: 200, width: 200, height: 30, x: 0, y: index * 40 } as DOMRect;
    });
    await bootAt('/product/teapot/');
    tab('description').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('description'));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(tab('additional_information'));
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(tab('reviews'));
  });

  it('TAB-01 the review link opens the reviews and scrolls to them', async () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await bootAt('/product/teapot/');
    await userEvent.click(document.querySelector('a.woocommerce-review-link')!);
    await waitFor(() => expect(openPanels()).toEqual(['tab-reviews']));
    expect(document.activeElement).toBe(tab('reviews'));
    expect(scroll).toHaveBeenCalled();
  });

  it('TAB-01 a later hash change to a comment anchor opens reviews; the gallery hash leaves the choice alone', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await bootAt('/product/teapot/');
    await userEvent.click(tab('additional_information'));
    window.history.replaceState(null, '', '/product/teapot/#&gid=1&pid=2');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await waitFor(() => expect(openPanels()).toEqual(['tab-additional_information']));
    window.history.replaceState(null, '', '/product/teapot/#comment-2');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await waitFor(() => expect(openPanels()).toEqual(['tab-reviews']));
  });

  it('a tab whose panel is missing is reported and the markup left as served', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await bootPage(tabsMarkup.replace('id="tab-reviews"', 'id="tab-other"'));
    await waitForMount('product-tabs', undefined, 'failed');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toContain('product-tabs');
    expect(openPanels()).toHaveLength(3);
    expect(tab('description').hasAttribute('aria-selected')).toBe(false);
  });
});

describe('product tabs and theme code', () => {
  afterEach(() => {
    jQuery(document.body).off();
    delete (window as { jQuery?: unknown }).jQuery;
  });

  it('TAB-01 $(".reviews_tab a").trigger("click") from theme code opens the reviews, as single-product.js answers it', async () => {
    (window as { jQuery?: unknown }).jQuery = jQuery;
    installJQueryBridge();
    await bootAt('/product/teapot/');
    const themeHeard = vi.fn();
    jQuery(document.body).on('click', '.wc-tabs li a', themeHeard);
    // jQuery runs its handlers but never clicks a link natively: the tabs heard nothing.
    jQuery('.reviews_tab a').trigger('click');
    await waitFor(() => expect(openPanels()).toEqual(['tab-reviews']));
    expect(tab('reviews').getAttribute('aria-selected')).toBe('true');
    expect(themeHeard).toHaveBeenCalledOnce();
    jQuery('.description_tab a').trigger('click');
    await waitFor(() => expect(openPanels()).toEqual(['tab-description']));
    expect(window.location.hash).toBe('');
    expect(themeHeard).toHaveBeenCalledTimes(2);
  });
});

describe('product tabs opening rule', () => {
  it('TAB-01 TAB-02 TAB-03 follow the address', () => {
    expect(tabForAddress('https://x/p/#reviews', '#reviews')).toBe('reviews');
    expect(tabForAddress('https://x/p/#tab-reviews', '#tab-reviews')).toBe('reviews');
    expect(tabForAddress('https://x/p/#comment-12', '#comment-12')).toBe('reviews');
    expect(tabForAddress('https://x/p/comment-page-3/', '')).toBe('reviews');
    expect(tabForAddress('https://x/p/?cpage=3', '')).toBe('reviews');
    expect(tabForAddress('https://x/p/#tab-additional_information', '#tab-additional_information')).toBe('additional_information');
    expect(tabForAddress('https://x/p/#tab-description', '#tab-description')).toBe('first');
    expect(tabForAddress('https://x/p/#&gid=1&pid=2', '#&gid=1&pid=2')).toBe('first');
  });

  it('TAB-03 falls back to the first tab when the page lacks the asked-for tab', () => {
    expect(resolveTab('reviews', ['tab-description'])).toBe('tab-description');
    expect(resolveTab('first', [])).toBeNull();
  });

  it('arrow keys along the tabs move to the next or previous tab and wrap; Home and End go to the first and last', () => {
    // Three tabs, every key from every position, as a shopper expects of a tab list.
    const from = [0, 1, 2];
    expect(from.map((i) => nextTabIndex('ArrowRight', i, 3))).toEqual([1, 2, 0]);
    expect(from.map((i) => nextTabIndex('ArrowLeft', i, 3))).toEqual([2, 0, 1]);
    // A row of tabs leaves Up and Down to the page; right to left, Left is next.
    expect(from.map((i) => nextTabIndex('ArrowDown', i, 3))).toEqual([null, null, null]);
    expect(from.map((i) => nextTabIndex('ArrowUp', i, 3))).toEqual([null, null, null]);
    expect(from.map((i) => nextTabIndex('ArrowLeft', i, 3, { rtl: true }))).toEqual([1, 2, 0]);
    expect(from.map((i) => nextTabIndex('ArrowRight', i, 3, { rtl: true }))).toEqual([2, 0, 1]);
    // A column of tabs: Up and Down, and Left and Right left to the page, in either direction.
    for (const rtl of [false, true]) {
      expect(from.map((i) => nextTabIndex('ArrowDown', i, 3, { vertical: true, rtl }))).toEqual([1, 2, 0]);
      expect(from.map((i) => nextTabIndex('ArrowUp', i, 3, { vertical: true, rtl }))).toEqual([2, 0, 1]);
      expect(nextTabIndex('ArrowRight', 0, 3, { vertical: true, rtl })).toBeNull();
      expect(nextTabIndex('ArrowLeft', 0, 3, { vertical: true, rtl })).toBeNull();
    }
    expect(from.map((i) => nextTabIndex('Home', i, 3))).toEqual([0, 0, 0]);
    expect(from.map((i) => nextTabIndex('End', i, 3))).toEqual([2, 2, 2]);
    expect(nextTabIndex('ArrowRight', 0, 1)).toBe(0);
    expect(nextTabIndex('a', 0, 3)).toBeNull();
    // Any number of tabs: ArrowRight visits every tab once and comes back; ArrowLeft undoes it.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.nat(), (count, seed) => {
        const start = seed % count;
        const visited: number[] = [];
        let at = start;
        for (let step = 0; step < count; step++) {
          const next = nextTabIndex('ArrowRight', at, count)!;
          expect(nextTabIndex('ArrowLeft', next, count)).toBe(at);
          at = next;
          visited.push(at);
        }
        expect(at).toBe(start);
        expect(new Set(visited).size).toBe(count);
        expect(nextTabIndex('ArrowRight', start, count)).toBe(start === count - 1 ? 0 : start + 1);
      }),
    );
  });
});
