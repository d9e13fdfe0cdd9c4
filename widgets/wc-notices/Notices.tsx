import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { coveredTop } from '../../src/address';
import { useBusEvent } from '../../src/use-bus-event';
import { FOCUS_DELAY_MS, NOTICE_SELECTOR } from './logic';
import { scrollToNotice } from '../../src/notices';

function isInView(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.top >= coveredTop() && rect.bottom <= window.innerHeight;
}

/** Focuses the wrapper's first notice (made focusable) and scrolls to it if it is out of view. */
function focusFirstNotice(wrapper: HTMLElement): void {
  const notice = wrapper.querySelector<HTMLElement>(NOTICE_SELECTOR);
  if (!notice) return;
  if (!notice.hasAttribute('tabindex')) notice.tabIndex = -1;
  notice.focus({ preventScroll: true });
  if (!isInView(notice)) scrollToNotice(notice);
}

export default function Notices({ element }: WidgetProps<Record<string, never>, HTMLElement>) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => focusFirstNotice(element), FOCUS_DELAY_MS);
    };
    if (element.querySelector(NOTICE_SELECTOR)) later();
    // Notices added later (a cart update, another widget) get the same treatment.
    const observer = new MutationObserver((mutations) => {
      const added = mutations.some((m) => Array.from(m.addedNodes).some((n) => n instanceof Element && (n.matches(NOTICE_SELECTOR) || n.querySelector(NOTICE_SELECTOR))));
      if (added) later();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [element]);

  useBusEvent('cart:page-updated', () => {
    setTimeout(() => focusFirstNotice(element), FOCUS_DELAY_MS);
  });
  return null;
}
