import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

interface Props {
  widgetId: string;
  labelText: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The full-screen search as a modal dialog (reference §1.4, fixed per §3): focus is trapped inside,
 * Escape is handled by the dialog itself (the original listened on the whole document, even while
 * closed), and the backdrop and a real close button close it. Rendered into its own container on
 * <body>, not inside the widget's root, so the cart widget can mount on the carousel's buttons.
 */
export function FullScreenDialog({ widgetId, labelText, onClose, children }: Props) {
  const [host] = useState(() => {
    const element = document.createElement('div');
    element.className = 'smart-search-fullscreen ssf-active ssf-animated';
    element.setAttribute('data-widget-id', widgetId);
    return element;
  });
  const dialog = useRef<HTMLDivElement>(null);

  // During the commit (a layout effect), so the widget can move the focus into the dialog in the same task:
  // keys pressed right after the dialog opens land in its field, not on the trigger behind it.
  useLayoutEffect(() => {
    document.body.append(host);
    document.body.classList.add('ysm-widget-opened');
    return () => {
      host.remove();
      if (!document.querySelector('.smart-search-fullscreen')) document.body.classList.remove('ysm-widget-opened');
    };
  }, [host]);

  const trapFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusables = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialog.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <>
      {/* The backdrop is a mouse convenience; keyboard users have Escape and the close button. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer-only dismiss, keyboard has Escape */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: pointer-only dismiss, keyboard has Escape */}
      <div className="smart-search-fullscreen-backdrop" onClick={onClose} />
      <div ref={dialog} className="smart-search-fullscreen-inner" role="dialog" aria-modal="true" aria-label={labelText} onKeyDown={trapFocus}>
        {children}
      </div>
    </>,
    host,
  );
}
