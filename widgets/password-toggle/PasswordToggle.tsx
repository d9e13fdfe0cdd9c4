import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { WidgetProps } from '../../mount/types';
import { injectStyle } from '../../src/styles';
import css from '../../styles/password-toggle.css?inline';
import type { PasswordToggleProps } from './schema';

/** woocommerce.js wraps each password field in span.password-input; checkout fields already sit in a span. */
function wrapperOf(input: HTMLInputElement): HTMLElement {
  const parent = input.parentElement;
  if (parent?.matches('span.password-input')) return parent;
  if (parent?.matches('span.woocommerce-input-wrapper')) {
    parent.classList.add('password-input');
    return parent;
  }
  const span = document.createElement('span');
  span.className = 'password-input';
  input.before(span);
  span.append(input);
  return span;
}

/**
 * HLP-01: a real button after the field toggles between showing and hiding the password, named from
 * woocommerce_params, with WooCommerce's classes (show-password-input, display-password) for the icon.
 */
export default function PasswordToggle({ element, props }: WidgetProps<PasswordToggleProps, HTMLInputElement>) {
  const [wrapper, setWrapper] = useState<HTMLElement | null>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    injectStyle('password-toggle', css);
    setWrapper(wrapperOf(element));
  }, [element]);

  useEffect(() => {
    element.type = shown ? 'text' : 'password';
  }, [element, shown]);

  // Put the field back as a password field if the widget goes away.
  useEffect(
    () => () => {
      element.type = 'password';
    },
    [element],
  );

  if (!wrapper) return null;
  return createPortal(
    <button
      type="button"
      className={shown ? 'show-password-input display-password' : 'show-password-input'}
      aria-label={shown ? props.hideText : props.showText}
      aria-describedby={element.id || undefined}
      aria-pressed={shown}
      onClick={(event) => {
        setShown((value) => !value);
        // A pointer click puts the shopper back in the field to go on typing, as woocommerce.js does. A key press
        // (detail 0) leaves the focus here, so the toggle's new state is what a screen reader says next.
        if (event.detail > 0) element.focus();
      }}
    />,
    wrapper,
  );
}
