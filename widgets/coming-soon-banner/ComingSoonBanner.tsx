import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { onPress } from '../../src/dom';
import { restFetch } from '../../src/http/rest';
import { injectStyle } from '../../src/styles';
import css from '../../styles/coming-soon-banner.css?inline';
import type { ComingSoonBannerProps } from './schema';
import { t } from './strings';

/** The body woocommerce.js sends (WooCommerce 9.4+): the user meta flag, form-encoded. */
export const DISMISS_FIELD = 'woocommerce_meta[coming_soon_banner_dismissed]';

/**
 * NTC-02: dismissing hides the banner at once and saves the choice with a REST POST carrying the
 * banner's nonce. A failed save is logged; the banner stays hidden for this page view (it will show
 * again on the next page, which is the honest outcome).
 */
export default function ComingSoonBanner({ element, props }: WidgetProps<ComingSoonBannerProps, HTMLElement>) {
  useEffect(() => {
    injectStyle('coming-soon-banner', css);
    const link = element.querySelector<HTMLElement>('.coming-soon-footer-banner-dismiss');
    if (!link) return;
    // The link is printed empty: give it a name and make it a keyboard-reachable button.
    if (!link.textContent?.trim() && !link.hasAttribute('aria-label')) link.setAttribute('aria-label', t('dismiss'));
    if (!link.hasAttribute('role')) link.setAttribute('role', 'button');
    if (!link.hasAttribute('href') && !link.hasAttribute('tabindex')) link.tabIndex = 0;
    const dismiss = (event: Event) => {
      event.preventDefault();
      element.style.display = 'none';
      restFetch({
        url: props.restUrl,
        method: 'POST',
        headers: { 'X-WP-Nonce': props.restNonce, 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: new URLSearchParams({ [DISMISS_FIELD]: 'yes' }).toString(),
      }).catch((error: unknown) => {
        console.error('[vitrine] coming-soon-banner: the dismissal could not be saved; hidden for this page only.', error);
      });
    };
    return onPress(link, dismiss);
  }, [element, props]);
  return null;
}
