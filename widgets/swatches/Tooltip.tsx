import { autoUpdate, offset, shift, useFloating } from '@floating-ui/react-dom';
import { createPortal } from 'react-dom';
import type { SwatchOption } from './schema';

/** SWT-14: the plugin's tooltip timings and distances (spec §9). */
export const TOOLTIP_FADE_MS = 500;
export const PREVIEW_OFFSET_PX = 30;
export const TOOLTIP_PADDING_PX = 2;

interface TooltipProps {
  id: string;
  anchor: HTMLElement;
  option: SwatchOption;
  /** tooltip_image on and an image swatch: a larger preview of the picture above the name. */
  preview: boolean;
}

/**
 * The plugin's `div.cfvsw-tooltip` (preview + label), shown on hover and on focus. It floats in the
 * body so the card's overflow cannot clip it; pointer-events are off so it never steals the hover.
 * The preview tooltip overlaps the swatch by 30 px, as the plugin's (bottom = height − 30).
 */
export function SwatchTooltip({ id, anchor, option, preview }: TooltipProps) {
  const { refs, floatingStyles } = useFloating({
    placement: 'top',
    elements: { reference: anchor },
    middleware: [offset(preview ? TOOLTIP_PADDING_PX - PREVIEW_OFFSET_PX : TOOLTIP_PADDING_PX), shift({ padding: TOOLTIP_PADDING_PX })],
    whileElementsMounted: autoUpdate,
  });
  return createPortal(
    <div
      ref={refs.setFloating}
      id={id}
      role="tooltip"
      className="cfvsw-tooltip vitrine-swatch-tooltip"
      style={{ ...floatingStyles, animationDuration: `${TOOLTIP_FADE_MS}ms` }}
    >
      {preview && option.image ? <span className="cfvsw-tooltip-preview" style={{ backgroundImage: `url("${option.image.replace(/"/g, '%22')}")` }} /> : null}
      <span className="cfvsw-tooltip-label">{option.tooltip}</span>
    </div>,
    document.body,
  );
}
