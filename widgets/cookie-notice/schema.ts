import Cookies from 'js-cookie';
import { PropsError, SkipMount } from '../../mount/errors';
import { set as setConsent } from '../../src/consent';
import { choiceToCategories } from '../../src/consent/logic';
import { type CookieNoticeArgs, cookieNoticeArgs } from '../../src/settings-privacy';
import { choiceCookie, type NoticeStatus, noticeStatus } from './logic';

export interface CookieNoticeProps {
  args: CookieNoticeArgs;
  /** The choice stored in cookie_notice_accepted when the widget mounted. */
  status: NoticeStatus;
  /** Writes cookie_notice_accepted and maps the choice to WP Consent API categories (src/consent). */
  saveChoice: (accepted: boolean) => { value: string; expires: Date };
  /** Brings the consent categories in line with a choice made before (another tab, the plugin's own script). */
  syncConsent: (status: NoticeStatus) => void;
}

export function readCookieNoticeProps(element: Element): CookieNoticeProps {
  if (!(element instanceof HTMLElement) || element.id !== 'cookie-notice') {
    throw new PropsError('id', 'expected div#cookie-notice, the Cookie Notice plugin markup');
  }
  // The plugin's script does nothing inside an iframe (an embedded preview shows no notice).
  if (window.self !== window.top) throw new SkipMount('in an iframe');
  if (!element.querySelector('.cookie-notice-container')) throw new PropsError('.cookie-notice-container', '#cookie-notice has no .cookie-notice-container');
  const args = cookieNoticeArgs();
  for (const field of ['cookieTime', 'cookieTimeRejected', 'onScrollOffset'] as const) {
    if (!Number.isFinite(args[field]) || args[field] < 0) throw new PropsError(`cnArgs.${field}`, `cnArgs.${field} must be a number of seconds or pixels`);
  }
  const saveChoice = (accepted: boolean) => {
    const cookie = choiceCookie(accepted, args, {
      now: Date.now(),
      hostname: location.hostname,
      pathname: location.pathname,
      protocol: location.protocol,
    });
    const { value, ...attributes } = cookie;
    Cookies.set(args.cookieName, value, attributes);
    setConsent(choiceToCategories(accepted));
    return { value, expires: cookie.expires };
  };
  return {
    args,
    status: noticeStatus(Cookies.get(args.cookieName)),
    saveChoice,
    syncConsent: (status) => {
      if (status !== null) setConsent(choiceToCategories(status === 'accepted'));
    },
  };
}
