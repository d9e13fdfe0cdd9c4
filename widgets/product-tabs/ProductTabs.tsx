import { useCallback, useEffect, useMemo, useState } from 'react';
import type { WidgetProps } from '../../mount/types';
import { onHashChange, scrollToElement, scrollToElementAndHold } from '../../src/address';
import { injectStyle } from '../../src/styles';
import css from '../../styles/product-tabs.css?inline';
import { isColumn, nextTabIndex, resolveTab, TAB_SCROLL_OFFSET, type TabLayout, tabForHash } from './logic';
import type { ProductTabsProps, TabRef } from './schema';

/** Read at each key: a theme may lay the tabs out in a column on wide screens and in a row on narrow ones. */
function layoutOf(tabs: readonly TabRef[]): TabLayout {
  const [first, second] = tabs;
  return {
    vertical: first && second ? isColumn(first.tab.getBoundingClientRect(), second.tab.getBoundingClientRect()) : false,
    rtl: first?.tab.closest('[dir]')?.getAttribute('dir') === 'rtl',
  };
}

/**
 * Drives the server's tabs: one panel shown, `li.active`, `aria-selected` and a roving tabindex on
 * the links. Panels are hidden with `display:none` as WooCommerce does, so theme CSS that expects
 * that keeps working.
 */
export default function ProductTabs({ element, props }: WidgetProps<ProductTabsProps, HTMLElement>) {
  const { tabs } = props;
  const panelIds = useMemo(() => tabs.map((t) => t.panelId), [tabs]);
  const [active, setActive] = useState(() => resolveTab(props.initial, panelIds) ?? '');

  useEffect(() => injectStyle('product-tabs', css), []);

  // Reflect the active tab on the server markup.
  useEffect(() => {
    element.classList.add('vitrine-tabs');
    for (const { panelId, tab, panel } of tabs) {
      const selected = panelId === active;
      const item = tab.parentElement;
      // WooCommerce before 9.6 printed role="tab" and aria-controls on the <li>: the link, which takes the focus and
      // the selection here, becomes the tab and the item a presentation, as 9.6 and later print them.
      if (item?.getAttribute('role') === 'tab') {
        tab.setAttribute('role', 'tab');
        tab.setAttribute('aria-controls', panelId);
        item.setAttribute('role', 'presentation');
        item.removeAttribute('aria-controls');
      }
      item?.classList.toggle('active', selected);
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      panel.style.display = selected ? '' : 'none';
    }
  }, [element, tabs, active]);

  // Show everything again when we go away, so the page is readable without us.
  useEffect(
    () => () => {
      element.classList.remove('vitrine-tabs');
      for (const { panel } of tabs) panel.style.display = '';
    },
    [element, tabs],
  );

  const open = useCallback(
    (reason: 'reviews' | 'additional_information', scroll: boolean) => {
      const id = resolveTab(reason, panelIds);
      if (!id) return;
      setActive(id);
      if (scroll) scrollToElement(element, TAB_SCROLL_OFFSET);
    },
    [element, panelIds],
  );

  // TAB-01/02 at load: bring the asked-for tab into view, clear of a fixed header, and keep it
  // there while the gallery above finishes its layout.
  useEffect(() => {
    if (props.initial !== 'first') return scrollToElementAndHold(element, TAB_SCROLL_OFFSET);
  }, [element, props.initial]);

  // Links to #reviews, comment anchors… followed after load (hash only: the gallery's #&gid=…
  // and other anchors must not reset the shopper's choice).
  useEffect(
    () =>
      onHashChange((hash) => {
        const reason = tabForHash(hash);
        if (reason) open(reason, true);
      }),
    [open],
  );

  // `a.woocommerce-review-link` (the "(3 customer reviews)" link by the stars) opens the reviews.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a.woocommerce-review-link');
      if (!link) return;
      open('reviews', true);
      const reviewsTab = tabs.find((t) => t.panelId === resolveTab('reviews', panelIds));
      reviewsTab?.tab.focus({ preventScroll: true });
      event.preventDefault();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [open, tabs, panelIds]);

  // Clicks and keys on the tablist.
  useEffect(() => {
    const handlers = tabs.map(({ tab, panelId }, index) => {
      const onClick = (event: MouseEvent) => {
        event.preventDefault();
        setActive(panelId);
      };
      const onKeyDown = (event: KeyboardEvent) => {
        const next = nextTabIndex(event.key, index, tabs.length, layoutOf(tabs));
        if (next === null) return;
        event.preventDefault();
        // Other key handlers on the page (a slider) must not also act on these keys.
        event.stopPropagation();
        const target = tabs[next]!;
        setActive(target.panelId);
        target.tab.focus();
      };
      tab.addEventListener('click', onClick);
      tab.addEventListener('keydown', onKeyDown);
      return () => {
        tab.removeEventListener('click', onClick);
        tab.removeEventListener('keydown', onKeyDown);
      };
    });
    return () => {
      for (const off of handlers) off();
    };
  }, [tabs]);

  return null;
}
