import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * What an add-to-cart button shows besides WooCommerce's own classes, shared by the listing button
 * and the product form: the loading state, and an error message right after the button (and its
 * view-cart link), where the shopper looks.
 */

export function setButtonLoading(button: HTMLElement, loading: boolean): void {
  button.classList.toggle('loading', loading);
  if (loading) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
}

/** A host placed after `button` for the error message; removed on unmount. */
export function useFeedbackHost(button: HTMLElement | null): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!button) return;
    const element = document.createElement('span');
    element.className = 'vitrine-add-to-cart-feedback';
    button.after(element);
    setHost(element);
    return () => element.remove();
  }, [button]);
  return host;
}

export function AddError({ host, message }: { host: HTMLElement | null; message: string | null }) {
  if (!host || !message) return null;
  return createPortal(
    <span className="vitrine-add-to-cart-error" role="alert">
      {message}
    </span>,
    host,
  );
}
