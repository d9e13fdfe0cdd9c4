import { rescanOnInfiniteScroll } from '../../src/infinite-scroll';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { WidgetProps } from '../../mount/types';
import { on } from '../../src/bus';
import { lazyPart, useLazyPart } from '../../src/lazy-part';
import { injectStyle } from '../../src/styles';
import css from '../../styles/swatches.css?inline';
import drawingCss from '../../styles/swatches-drawing.css?inline';
import { canTakeFocus, cardOf, decorateGroup, findElements, isHovered, readChosen, selectAvailability, type Unavailable, undecorateGroup } from './dom';
import { type Chosen, hasTooltip, isRovingKey, nextIndex, outOfStockOptions, prunedSlugs, toggleChoice } from './logic';
import type { SwatchesProps } from './schema';
import type { SwatchTooltip } from './tooltip';
import type { LoopCardInput, LoopCardView } from './loop';

/** Spec §9: availability is re-read 1 ms after a select change, the state 20 ms after a reset. */
export const AVAILABILITY_DELAY_MS = 1;
export const RESET_RECHECK_MS = 20;

/**
 * The tooltip is floating-ui's (17 KB gzip with its interaction hooks), in a chunk of its own: a page of swatches
 * fetches it when the shopper's pointer or focus first comes to a card or form with tooltips, not with the swatches.
 * If it cannot be fetched, the swatches work without tooltips (the options keep their accessible names).
 */
const tooltipPart = lazyPart<typeof SwatchTooltip>(
  () => import('./tooltip').then((module) => module.SwatchTooltip),
  (error) => console.error('[vitrine] swatches: the tooltips could not be loaded; the swatches work without them.', error),
);

/**
 * A shop card's own code (loop.ts with the card and listing-add helpers, 2.5 KB gzip), in a chunk of its own:
 * a product page's swatches never need it. index.ts asks for it beside this widget's chunk for a card's form, and a
 * card mounts only once it is there (widget.ts), so a failed fetch leaves the plugin's selects, as any failed mount.
 */
export const loopCode = lazyPart(
  () => import('./loop').then((module) => module.useLoopCard),
  (error) => console.error("[vitrine] swatches: the shop card's code could not be loaded.", error),
);

/** A product page's form: the variation form widget follows the variation; no card, no announcement. */
const PRODUCT_FORM: LoopCardView = { announcement: '', notice: '', impossible: new Map() };
const useProductForm = (_input: LoopCardInput): LoopCardView => PRODUCT_FORM;

interface Tip {
  group: number;
  index: number;
}

function ChosenName({ host, text }: { host: HTMLElement | null; text: string }): ReactNode {
  if (!host || text === '') return null;
  return createPortal(<span className="cfvsw-selected-label">{text}</span>, host);
}

export default function Swatches(widget: WidgetProps<SwatchesProps, HTMLElement>) {
  // The same hook for the root's whole life: the mode is the element's, and a card mounts with its code there
  // (widget.ts). Without it a card would look chosen and do nothing: the mount fails instead, and the selects show.
  const useCard = widget.props.mode === 'loop' ? loopCode.loaded() : useProductForm;
  if (!useCard) throw new Error("swatches: a shop card mounted without its code (widgets/swatches/loop.ts)");
  return <SwatchGroups {...widget} useCard={useCard} />;
}

interface SwatchGroupsProps extends WidgetProps<SwatchesProps, HTMLElement> {
  /** The card's variation state in the loop (loop.ts); nothing on a product page. */
  useCard: (input: LoopCardInput) => LoopCardView;
}

function SwatchGroups({ element, props, useCard }: SwatchGroupsProps) {
  const { groups, settings, variations } = props;
  const elements = useMemo(() => findElements(element, groups), [element, groups]);
  const [chosen, setChosen] = useState<Chosen>(() => readChosen(groups, elements));
  const [pruned, setPruned] = useState<Map<string, Set<string>>>(() => new Map());
  const [tip, setTip] = useState<Tip | null>(null);
  /** The pointer or focus has come near the swatches: time to fetch the tooltip's code. */
  const [nearTips, setNearTips] = useState(false);
  const [hosts, setHosts] = useState<(HTMLElement | null)[]>([]);

  const outOfStock = useMemo(
    () =>
      outOfStockOptions(
        variations,
        chosen,
        groups.map((group) => ({ attribute: group.attribute, slugs: group.options.map((option) => option.slug) })),
        settings.disableOutOfStock,
      ),
    [variations, chosen, groups, settings.disableOutOfStock],
  );
  // The shop card: its own variation state, and the options it filters as the variation form would.
  const card = useCard({ element, props, chosen });
  const { impossible } = card;
  const reasonOf = useCallback(
    (attribute: string, slug: string): Unavailable =>
      outOfStock.get(attribute)?.has(slug)
        ? 'out-of-stock'
        : pruned.get(attribute)?.has(slug) || impossible.get(attribute)?.has(slug)
          ? 'pruned'
          : null,
    [outOfStock, pruned, impossible],
  );

  // The selects are the truth: whoever changes them (us, the variation form, the theme), we follow.
  // Its availability read is one timer at a time, cleared on unmount: a read after the root is gone (the card
  // replaced by infinite scroll, a test's page torn down) would set state on nothing.
  const availabilityTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(availabilityTimer.current), []);
  const sync = useCallback(() => {
    setChosen(readChosen(groups, elements));
    clearTimeout(availabilityTimer.current);
    availabilityTimer.current = setTimeout(() => {
      const next = new Map<string, Set<string>>();
      groups.forEach((group, index) => {
        const slugs = group.options.map((option) => option.slug);
        const gone = prunedSlugs(slugs, selectAvailability(elements[index]?.select ?? null));
        if (gone.size > 0 && elements[index]?.select) next.set(group.attribute, gone);
      });
      setPruned(next);
    }, AVAILABILITY_DELAY_MS);
  }, [groups, elements]);

  const choose = useCallback(
    (groupIndex: number, slug: string) => {
      const group = groups[groupIndex];
      const select = elements[groupIndex]?.select;
      if (!group || !select || reasonOf(group.attribute, slug) !== null) return; // SWT-04
      const next = toggleChoice(readChosen(groups, elements), group.attribute, slug);
      select.value = next[group.attribute] ?? '';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [groups, elements, reasonOf],
  );

  const latest = useRef({ choose, groups });
  latest.current = { choose, groups };

  useLayoutEffect(() => {
    injectStyle('swatches', css);
    if (!props.pluginDrawsOptions) injectStyle('swatches-drawing', drawingCss);
    element.classList.add('variation-function-added');
  }, [element, props.pluginDrawsOptions]);

  // Where each group shows its chosen name: the row label (unless the inline design), else a span after the swatches.
  // A shop card shows none, as the plugin: its rows have no label, and a name added under the swatches made the card
  // taller after first paint, moving the cards below.
  useLayoutEffect(() => {
    const created: HTMLElement[] = [];
    if (props.mode === 'loop') return;
    setHosts(
      elements.map((group) => {
        if (group.label && settings.htmlDesign !== 'inline') return group.label;
        const span = document.createElement('span');
        span.className = 'vitrine-swatch-chosen';
        group.container.after(span);
        created.push(span);
        return span;
      }),
    );
    return () => {
      for (const span of created) span.remove();
    };
  }, [elements, settings.htmlDesign, props.mode]);

  useLayoutEffect(() => {
    groups.forEach((group, index) => {
      const groupElements = elements[index];
      if (!groupElements) return;
      decorateGroup({ group, elements: groupElements, chosen, settings, reasonOf: (slug) => reasonOf(group.attribute, slug) });
    });
  }, [groups, elements, chosen, settings, reasonOf]);

  useEffect(() => () => elements.forEach(undecorateGroup), [elements]);

  // SWT-09: the plugin's own re-init events (Astra, BeRocket, its own) trigger a rescan.
  useEffect(() => rescanOnInfiniteScroll(), []);

  // Native listeners on the server elements: select changes, option clicks, keys and tooltips.
  useEffect(() => {
    const cleanups: Array<() => void> = [];
    const listen = (target: EventTarget, type: string, handler: (event: Event) => void) => {
      target.addEventListener(type, handler);
      cleanups.push(() => target.removeEventListener(type, handler));
    };
    /** A re-read a little later, cancelled with the listeners. */
    const later = (read: () => void, ms: number) => {
      const timer = setTimeout(read, ms);
      cleanups.push(() => clearTimeout(timer));
    };
    elements.forEach((group, groupIndex) => {
      if (group.select) listen(group.select, 'change', sync);
      group.options.forEach((option, index) => {
        const slug = () => latest.current.groups[groupIndex]?.options[index]?.slug ?? '';
        listen(option, 'click', (event) => {
          event.preventDefault();
          latest.current.choose(groupIndex, slug());
        });
        listen(option, 'keydown', (event) => {
          const { key } = event as KeyboardEvent;
          if (key === ' ' || key === 'Enter') {
            event.preventDefault();
            latest.current.choose(groupIndex, slug());
          } else if (isRovingKey(key)) {
            event.preventDefault();
            // Hidden options (remove_attr_class hide) cannot take focus: skip them, or the tab stop is lost.
            const focusable = (i: number) => {
              const candidate = group.options[i];
              return candidate !== undefined && canTakeFocus(candidate);
            };
            const target = group.options[nextIndex(index, key, group.options.length, focusable)];
            // Nowhere else to go (every other option hidden): focus stays and nothing is chosen.
            if (!target || target === option) return;
            option.setAttribute('tabindex', '-1');
            target.setAttribute('tabindex', '0');
            target.focus();
            const targetSlug = latest.current.groups[groupIndex]?.options[group.options.indexOf(target)]?.slug ?? '';
            const current = group.select?.value ?? '';
            if (targetSlug !== current) latest.current.choose(groupIndex, targetSlug);
          }
        });
        const show = () => setTip({ group: groupIndex, index });
        const hide = () => setTip((tip) => (tip?.group === groupIndex && tip.index === index ? null : tip));
        listen(option, 'mouseenter', show);
        listen(option, 'focus', show);
        listen(option, 'mouseleave', hide);
        listen(option, 'blur', hide);
        // The pointer or the focus got there before the widget mounted: where mounting moves nothing (the plugin's
        // stylesheet sizes the options), no mouseenter is coming until the pointer moves again.
        if (option === document.activeElement || isHovered(option)) show();
      });
    });
    // Reset: whoever clears the selects, re-read them after 20 ms (SWT-14); nobody did → clear them ourselves.
    // The loop's reset link sits inside the product link; a parser that un-nests links moves it to the card.
    // Any element: WooCommerce 9.5 printed the product page's reset as a <button> (woocommerce#50183, reverted in #54320).
    const scope = props.mode === 'loop' ? cardOf(element) : element;
    const resetLinks = Array.from(scope.querySelectorAll('.reset_variations')).filter((link) => {
      const owner = link.closest('.cfvsw_variations_form, form.variations_form');
      return owner === element || owner === null;
    });
    for (const link of resetLinks) {
      listen(link, 'click', (event) => {
        later(() => {
          if (!event.defaultPrevented || props.mode === 'loop') {
            for (const group of elements) {
              if (group.select && group.select.value !== '') {
                group.select.value = '';
                group.select.dispatchEvent(new Event('change', { bubbles: true }));
              }
            }
          }
          sync();
        }, RESET_RECHECK_MS);
        if (props.mode === 'loop') event.preventDefault();
      });
    }
    // In the loop the swatches sit inside the product link: their clicks must not navigate (§2.3.8).
    if (props.mode === 'loop') {
      listen(element, 'click', (event) => {
        const target = event.target as Element;
        if (!target.closest('.cfvsw-more-link')) event.preventDefault();
      });
    }
    const offReset = on('variation:reset', ({ form }) => {
      if (form === element) later(sync, RESET_RECHECK_MS);
    });
    const offUpdated = on('variation:values-updated', ({ form }) => {
      if (form === element) sync();
    });
    // The variation form may have pruned the selects before this root mounted.
    sync();
    return () => {
      for (const cleanup of cleanups) cleanup();
      offReset();
      offUpdated();
    };
  }, [element, elements, sync, props.mode]);

  const withTooltips = useMemo(() => groups.some((group) => group.options.some((option) => hasTooltip(option.type, option.tooltip))), [groups]);
  useEffect(() => {
    if (!withTooltips || nearTips) return;
    // In the loop the whole card: its swatches are a small target, and the pointer crosses the card first.
    const scope = props.mode === 'loop' ? cardOf(element) : element;
    const near = () => setNearTips(true);
    scope.addEventListener('pointerenter', near);
    scope.addEventListener('focusin', near);
    return () => {
      scope.removeEventListener('pointerenter', near);
      scope.removeEventListener('focusin', near);
    };
  }, [element, props.mode, withTooltips, nearTips]);
  const { part: Tooltip } = useLazyPart(tooltipPart, withTooltips && (nearTips || tip !== null));

  const tipAnchor = tip ? (elements[tip.group]?.options[tip.index] ?? null) : null;
  const tipOption = tip ? groups[tip.group]?.options[tip.index] : undefined;
  const showTip = Boolean(tipAnchor && tipOption && hasTooltip(tipOption.type, tipOption.tooltip));
  const hideTip = useCallback(() => setTip(null), []);

  return (
    <>
      {groups.map((group, index) => {
        const slug = chosen[group.attribute] ?? '';
        const title = group.options.find((option) => option.slug === slug)?.title ?? '';
        return <ChosenName key={group.attribute} host={hosts[index] ?? null} text={title} />;
      })}
      {showTip && tipAnchor && tipOption && Tooltip ? (
        <Tooltip anchor={tipAnchor} option={tipOption} preview={settings.tooltipImage && tipOption.type === 'image'} onDismiss={hideTip} />
      ) : null}
      {props.mode === 'loop'
        ? createPortal(
            <>
              <span className="screen-reader-text vitrine-swatch-status" role="status" aria-live="polite">
                {card.announcement}
              </span>
              {/* §2.5: WooCommerce's no-match text inline, not only for screen readers (and not in both). */}
              <div className={card.notice ? 'vitrine-swatch-notice vitrine-swatch-notice-shown' : 'vitrine-swatch-notice'} role="alert">
                {card.notice}
              </div>
            </>,
            element,
          )
        : null}
    </>
  );
}
