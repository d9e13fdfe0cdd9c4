import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { coveredTop } from '../../src/address';
import { on } from '../../src/bus';
import { FOCUS_DELAY_MS, forgetAddToCart, NOTICE_SELECTOR } from './logic';
import { scrollToNotice } from '../../src/notices';

function isInView(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.top >= coveredTop() && rect.bottom <= window.innerHeight;
}

/** A field the shopper writes in has the focus: a text box, a list or a contenteditable region. */
function shopperIsTyping(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return false;
  if (active.isContentEditable || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement) return true;
  return active instanceof HTMLInputElement && !['button', 'submit', 'reset', 'checkbox', 'radio', 'image', 'file', 'range', 'color'].includes(active.type);
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
  // The notice reports an add that this page load made: the address no longer asks for it again.
  useEffect(forgetAddToCart, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = (unlessTyping = false) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!(unlessTyping && shopperIsTyping())) focusFirstNotice(element);
      }, FOCUS_DELAY_MS);
    };
    // A notice printed with the page is focused when this widget's chunk has arrived, which on a slow line is after
    // the shopper started filling in the checkout: taking the caret away then (and scrolling the page up to the
    // notice) would lose their next keys and move the button they were about to press. Notices that answer the
    // shopper's own action (below) are focused as woocommerce.js does, whatever has the focus.
    if (element.querySelector(NOTICE_SELECTOR)) later(true);
    // Notices added later (a cart update, another widget) get the same treatment.
    const observer = new MutationObserver((mutations) => {
      const added = mutations.some((m) => Array.from(m.addedNodes).some((n) => n instanceof Element && (n.matches(NOTICE_SELECTOR) || n.querySelector(NOTICE_SELECTOR))));
      if (added) later();
    });
    observer.observe(element, { childList: true, subtree: true });
    // A cart page update's notices too, on the same timer, so none fires after the root is gone.
    const offUpdated = on('cart:page-updated', () => later());
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      offUpdated();
    };
  }, [element]);

  return null;
}
