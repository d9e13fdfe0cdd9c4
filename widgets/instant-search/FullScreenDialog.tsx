import { FloatingFocusManager, useDismiss, useFloating, useInteractions, useRole } from '@floating-ui/react';
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';

interface Props {
  widgetId: string;
  labelText: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The full-screen search as a modal dialog (reference §1.4, fixed per §3), with floating-ui's interaction
 * hooks: FloatingFocusManager keeps focus inside (Tab wraps; the rest of the page is hidden from assistive
 * technology while it is open), useDismiss closes it on Escape (the original listened on the whole document,
 * even while closed), useRole makes it a dialog; the backdrop and a real close button close it too. Rendered
 * into its own container on <body>, not inside the widget's root, so the cart widget can mount on the carousel's
 * buttons. That container is made here rather than by FloatingPortal, whose node only appears a render later:
 * the widget moves focus into the dialog in the commit that opens it, so no key typed then is lost. The
 * widget puts the focus in (its field, with the caret it had) and gives it back to the trigger on close, so
 * the focus manager does neither.
 */
export function FullScreenDialog({ widgetId, labelText, onClose, children }: Props) {
  const [host] = useState(() => {
    const element = document.createElement('div');
    element.className = 'smart-search-fullscreen ssf-active ssf-animated';
    element.setAttribute('data-widget-id', widgetId);
    return element;
  });
  const [backdrop, setBackdrop] = useState<HTMLDivElement | null>(null);
  const { refs, context } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose();
    },
  });
  const dismiss = useDismiss(context, { outsidePress: false });
  const role = useRole(context, { role: 'dialog' });
  const { getFloatingProps } = useInteractions([dismiss, role]);

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

  return createPortal(
    <>
      {/* The backdrop is a mouse convenience; keyboard users have Escape and the close button. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer-only dismiss, keyboard has Escape */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: pointer-only dismiss, keyboard has Escape */}
      <div ref={setBackdrop} className="smart-search-fullscreen-backdrop" onClick={onClose} />
      <FloatingFocusManager context={context} initialFocus={-1} returnFocus={false} getInsideElements={() => (backdrop ? [backdrop] : [])}>
        <div ref={refs.setFloating} className="smart-search-fullscreen-inner" role="dialog" aria-modal="true" aria-label={labelText} {...getFloatingProps()}>
          {children}
        </div>
      </FloatingFocusManager>
    </>,
    host,
  );
}
