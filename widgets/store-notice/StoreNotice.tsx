import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { focusMain, onPress, showElement } from '../../src/dom';
import { injectStyle } from '../../src/styles';
import css from '../../styles/store-notice.css?inline';
import type { StoreNoticeProps } from './schema';

/**
 * NTC-01: shows the notice unless its cookie says `hidden` (as jQuery's show() does: also where the theme's CSS
 * hides it and counts on woocommerce.js to show it); a click, Enter or Space on the dismiss
 * link sets the cookie and hides the notice. Focus moves to the main content so keyboard users are
 * not left on a vanished element.
 */
export default function StoreNotice({ element, props }: WidgetProps<StoreNoticeProps, HTMLElement>) {
  useEffect(() => {
    injectStyle('store-notice', css);
    if (props.dismissed) {
      element.style.display = 'none';
      return;
    }
    showElement(element);
    const link = element.querySelector<HTMLElement>('.woocommerce-store-notice__dismiss-link');
    if (!link) return;
    const dismiss = (event: Event) => {
      event.preventDefault();
      const hadFocus = element.contains(document.activeElement);
      props.rememberDismissal();
      element.style.display = 'none';
      if (hadFocus) focusMain();
    };
    return onPress(link, dismiss);
  }, [element, props]);
  return null;
}
