import Cookies from 'js-cookie';
import { PropsError } from '../../mount/errors';
import { DISMISSED_VALUE, storeNoticeCookieName } from './logic';

export interface StoreNoticeProps {
  noticeId: string;
  dismissed: boolean;
  /** Writes the dismissal cookie (session cookie at the site root, spec §9). */
  rememberDismissal: () => void;
}

/** data-notice-id is optional (older WooCommerce printed none: the cookie is then plain `store_notice`). */
export function readStoreNoticeProps(element: Element): StoreNoticeProps {
  if (!(element instanceof HTMLElement)) throw new PropsError('element', 'expected p.woocommerce-store-notice');
  const noticeId = element.getAttribute('data-notice-id') ?? '';
  if (!/^[\w-]*$/.test(noticeId)) throw new PropsError('data-notice-id', `data-notice-id="${noticeId}" cannot name a cookie`);
  const name = storeNoticeCookieName(noticeId);
  return {
    noticeId,
    dismissed: Cookies.get(name) === DISMISSED_VALUE,
    rememberDismissal: () => {
      Cookies.set(name, DISMISSED_VALUE, { path: '/' });
    },
  };
}
