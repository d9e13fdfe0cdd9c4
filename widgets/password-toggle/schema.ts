import { PropsError } from '../../mount/errors';
import { woocommerceParams } from '../../src/settings';

export interface PasswordToggleProps {
  showText: string;
  hideText: string;
}

/** The button's accessible names come from woocommerce_params (i18n_password_show / _hide). */
export function readPasswordToggleProps(element: Element): PasswordToggleProps {
  if (!(element instanceof HTMLInputElement)) throw new PropsError('element', 'expected an <input type="password">');
  const { i18nPasswordShow, i18nPasswordHide } = woocommerceParams();
  return { showText: i18nPasswordShow, hideText: i18nPasswordHide };
}
