import { autoUpdate, FloatingPortal, offset, shift, useDismiss, useFloating, useInteractions, useRole } from '@floating-ui/react';
import { useLayoutEffect } from 'react';
import type { SwatchOption } from './schema';

/** SWT-14: the plugin's tooltip timings and distances (spec §9). */
export const TOOLTIP_FADE_MS = 500;
export const PREVIEW_OFFSET_PX = 30;
export const TOOLTIP_PADDING_PX = 2;

interface TooltipProps {
  anchor: HTMLElement;
  option: SwatchOption;
  /** tooltip_image on and an image swatch: a larger preview of the picture above the name. */
  preview: boolean;
  /** Escape, wherever focus is (WCAG 1.4.13: a hover tooltip can be dismissed without moving the pointer). */
  onDismiss: () => void;
}

/**
 * The plugin's `div.cfvsw-tooltip` (preview + label), shown on hover and on focus. It floats in the
 * body so the card's overflow cannot clip it; pointer-events are off so it never steals the hover.
 * The preview tooltip overlaps the swatch by 30 px, as the plugin's (bottom = height − 30).
 *
 * The tooltip is Vitrine's own element, so floating-ui's interaction hooks serve it: useRole gives it its role and
 * id and its swatch the aria-describedby, useDismiss closes it on Escape. The swatch is the plugin's markup,
 * enhanced in place: what shows the tooltip (hover, focus) stays the widget's listeners on it (Swatches.tsx).
 * A chunk of its own (widgets/swatches-tooltip-*.js), fetched when the pointer or focus first nears the swatches.
 */
export function SwatchTooltip({ anchor, option, preview, onDismiss }: TooltipProps) {
  const { refs, floatingStyles, context } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onDismiss();
    },
    placement: 'top',
    elements: { reference: anchor },
    middleware: [offset(preview ? TOOLTIP_PADDING_PX - PREVIEW_OFFSET_PX : TOOLTIP_PADDING_PX), shift({ padding: TOOLTIP_PADDING_PX })],
    whileElementsMounted: autoUpdate,
  });
  const role = useRole(context, { role: 'tooltip' });
  // Escape only, and let it go on to the page's own listeners (a theme's menu, a dialog around the swatches).
  const dismiss = useDismiss(context, { referencePress: false, outsidePress: false, bubbles: true });
  const { getReferenceProps, getFloatingProps } = useInteractions([role, dismiss]);
  const describedBy = getReferenceProps()['aria-describedby'] as string | undefined;
  // The swatch is server markup: no React element to spread the reference props on, so the one attribute goes on by hand.
  useLayoutEffect(() => {
    if (!describedBy) return;
    anchor.setAttribute('aria-describedby', describedBy);
    return () => anchor.removeAttribute('aria-describedby');
  }, [anchor, describedBy]);
  return (
    <FloatingPortal>
      <div
        ref={refs.setFloating}
        className="cfvsw-tooltip vitrine-swatch-tooltip"
        style={{ ...floatingStyles, animationDuration: `${TOOLTIP_FADE_MS}ms` }}
        {...getFloatingProps()}
      >
        {preview && option.image ? <span className="cfvsw-tooltip-preview" style={{ backgroundImage: `url("${option.image.replace(/"/g, '%22')}")` }} /> : null}
        <span className="cfvsw-tooltip-label">{option.tooltip}</span>
      </div>
    </FloatingPortal>
  );
}
