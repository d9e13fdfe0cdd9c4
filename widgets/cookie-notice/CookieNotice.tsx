import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { focusMain, onPress } from '../../src/dom';
import { navigation } from '../../src/navigation';
import { injectStyle } from '../../src/styles';
import css from '../../styles/cookie-notice.css?inline';
import { ALL_BODY_CLASSES, bodyClasses, type NoticeStatus, readableTextColor, reloadTarget, scrolledPast } from './logic';
import type { CookieNoticeProps } from './schema';

type Part = 'notice' | 'revoke';

/**
 * CNS-01…05: Cookie Notice's banner on the plugin's own markup. Not set → the notice shows; a choice
 * writes cookie_notice_accepted, maps to consent categories and hides it; a revoke control shows it
 * again. It is a non-modal region: nothing traps focus, every control works with the keyboard, and focus
 * never stays on a control that vanished.
 */
export default function CookieNotice({ element, props }: WidgetProps<CookieNoticeProps, HTMLElement>) {
  useEffect(() => {
    injectStyle('cookie-notice', css);
    const { args } = props;
    const cleanups: (() => void)[] = [];
    const data = { data: args };
    const fire = (name: string, detail: unknown) => document.dispatchEvent(new CustomEvent(name, { detail }));
    const revokeBar = element.querySelector<HTMLElement>('.cookie-revoke-container');

    // As Cookie Notice's jQuery addClass: a setting holding spaces adds several classes, never throws.
    element.classList.add(...`cn-effect-${args.hideEffect}`.split(/\s+/).filter(Boolean));

    const setBodyClasses = (status: NoticeStatus) => {
      document.body.classList.remove(...ALL_BODY_CLASSES);
      document.body.classList.add(...bodyClasses(status));
    };
    const isVisible = (part: Part) => element.classList.contains(part === 'notice' ? 'cookie-notice-visible' : 'cookie-revoke-visible');
    const show = (part: Part) => {
      if ((part === 'revoke' && !revokeBar) || isVisible(part)) return;
      const prefix = part === 'notice' ? 'cookie-notice' : 'cookie-revoke';
      element.classList.remove(`${prefix}-hidden`);
      element.classList.add(`${prefix}-visible`);
      ensureReadableButtons();
      fire(part === 'notice' ? 'showCookieNotice' : 'showRevokeNotice', data);
    };
    const hide = (part: Part) => {
      const prefix = part === 'notice' ? 'cookie-notice' : 'cookie-revoke';
      if (!element.classList.contains(`${prefix}-visible`)) return;
      element.classList.remove(`${prefix}-visible`);
      element.classList.add(`${prefix}-hidden`);
      fire(part === 'notice' ? 'hideCookieNotice' : 'hideRevokeNotice', data);
    };

    // Buttons keep the owner's colour; their text switches to whichever of white or black reads on it.
    const ensureReadableButtons = () => {
      for (const button of element.querySelectorAll<HTMLElement>('.cn-button')) {
        const style = getComputedStyle(button);
        const color = readableTextColor(style.color, style.backgroundColor);
        if (color) button.style.color = color;
      }
    };

    let listeningForImplicitAccept = false;
    const stopImplicitAccept = () => {
      if (!listeningForImplicitAccept) return;
      listeningForImplicitAccept = false;
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('click', onClickOutside, true);
    };

    const choose = (accepted: boolean) => {
      stopImplicitAccept();
      const hadFocus = element.contains(document.activeElement);
      const { value, expires } = props.saveChoice(accepted);
      const status: NoticeStatus = accepted ? 'accepted' : 'refused';
      fire('setCookieNotice', { value, time: Date.now(), expires, data: args });
      setBodyClasses(status);
      hide('notice');
      const revokeShown = args.revokeCookies && args.revokeCookiesOpt === 'automatic' && revokeBar !== null;
      if (revokeShown) show('revoke');
      if (hadFocus) {
        const revokeButton = revokeShown ? revokeBar?.querySelector<HTMLElement>('.cn-revoke-cookie') : null;
        if (revokeButton) revokeButton.focus();
        else focusMain();
      }
      // CNS-04: any choice reloads when redirection is on (the plugin's condition is always true in practice).
      if (args.redirection) {
        const target = reloadTarget(location.href, args.cache);
        if (target) navigation.assign(target);
        else navigation.reload();
      }
    };

    function onScroll() {
      if (scrolledPast(window.scrollY, args.onScrollOffset)) choose(true);
    }
    function onClickOutside(event: MouseEvent) {
      if (event.target instanceof Node && element.contains(event.target)) return;
      // A revoke link asks for the notice; it is no acceptance.
      if (event.target instanceof Element && event.target.closest('.cn-revoke-cookie')) return;
      choose(true);
    }

    // CNS-01: the stored choice decides what shows.
    setBodyClasses(props.status);
    if (props.status === null) {
      show('notice');
      if (args.onScroll || args.onClick) listeningForImplicitAccept = true;
      if (args.onScroll) window.addEventListener('scroll', onScroll, { passive: true });
      if (args.onClick) window.addEventListener('click', onClickOutside, true);
    } else {
      props.syncConsent(props.status);
      if (args.revokeCookies && args.revokeCookiesOpt === 'automatic') show('revoke');
    }

    // Accept / refuse buttons.
    for (const button of element.querySelectorAll<HTMLElement>('.cn-set-cookie')) {
      cleanups.push(
        onPress(button, (event) => {
          event.preventDefault();
          event.stopPropagation();
          choose(button.getAttribute('data-cookie-set') === 'accept');
        }),
      );
    }

    // CNS-03: the close icon refuses, whatever its data attribute says. The plugin prints a bare span:
    // it becomes a named, focusable button.
    const close = element.querySelector<HTMLElement>('#cn-close-notice');
    if (close) {
      const restore = { role: close.getAttribute('role'), tabindex: close.getAttribute('tabindex'), label: close.getAttribute('aria-label') };
      if (!(close instanceof HTMLButtonElement)) {
        close.setAttribute('role', 'button');
        if (!close.hasAttribute('tabindex')) close.tabIndex = 0;
      }
      if (!close.hasAttribute('aria-label')) close.setAttribute('aria-label', close.title || 'Close');
      cleanups.push(
        onPress(close, (event) => {
          event.preventDefault();
          event.stopPropagation();
          choose(false);
        }),
        () => {
          for (const [name, value] of [['role', restore.role], ['tabindex', restore.tabindex], ['aria-label', restore.label]] as const) {
            if (value === null) close.removeAttribute(name);
            else close.setAttribute(name, value);
          }
        },
      );
    }

    // The privacy policy button opens its page.
    const more = element.querySelector<HTMLElement>('#cn-more-info');
    if (more && !(more instanceof HTMLAnchorElement)) {
      cleanups.push(
        onPress(more, (event) => {
          event.preventDefault();
          const url = more.getAttribute('data-link-url') ?? more.getAttribute('href');
          if (url) navigation.open(url, more.getAttribute('data-link-target') ?? more.getAttribute('target') ?? '_self');
        }),
      );
    }

    // Revoke: the bar's button and any [cookies_revoke] link on the page show the notice again.
    const onRevoke = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest('.cn-revoke-cookie') : null;
      if (!target) return;
      event.preventDefault();
      if (isVisible('notice')) return;
      hide('revoke');
      show('notice');
      element.querySelector<HTMLElement>('.cn-set-cookie')?.focus();
    };
    document.addEventListener('click', onRevoke);
    cleanups.push(() => document.removeEventListener('click', onRevoke));

    return () => {
      stopImplicitAccept();
      for (const cleanup of cleanups) cleanup();
    };
  }, [element, props]);
  return null;
}
