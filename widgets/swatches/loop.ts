/**
 * The shop card's own variation state (there is no variation form widget in the loop): the matching
 * variation (embedded, or asked for with get_variation when `data-product_variations="false"`), the
 * card's thumbnail, price and button following it, and the listing add on the button's click.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { VariationData } from '../../src/events';
import { isAborted, wcAjax } from '../../src/http';
import { parseVariation } from '../../src/variation/schema';
import { addFromCard } from './loop-add';
import { restoreCard, setButtonState, showVariation } from './loop-card';
import { allChosen, type Chosen, choiceKey, findVariation, impossibleOptions, isAvailable, parseId, selectedVariant } from './logic';
import { loopButtonOf, type SwatchesProps } from './schema';

export interface LoopCardInput {
  element: HTMLElement;
  props: SwatchesProps;
  chosen: Chosen;
}

interface Looked {
  key: string;
  variation: VariationData | null;
}

function textOf(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

export interface LoopCardView {
  /** For the card's polite, screen-reader-only live region: the found variation and its price. */
  announcement: string;
  /** Shown on the card (and read as an alert): no variation matches, or it cannot be bought. */
  notice: string;
  /** attribute → options that cannot make a variation with the other choices (the form's filtering). */
  impossible: Map<string, Set<string>>;
}

const NOTHING = new Map<string, Set<string>>();

export function useLoopCard({ element, props, chosen }: LoopCardInput): LoopCardView {
  const loop = props.mode === 'loop';
  const attributes = useMemo(() => props.groups.map((group) => group.attribute), [props.groups]);
  const complete = allChosen(chosen, attributes);
  const key = JSON.stringify(selectedVariant(chosen, attributes));
  const [looked, setLooked] = useState<Looked | null>(null);
  // Without embedded variations: complete choices the server answered "no such variation" for.
  const [dead, setDead] = useState<ReadonlySet<string>>(() => new Set());
  const deadKey = complete ? choiceKey(chosen, attributes) : '';

  // Not embedded: one get_variation per complete choice; a newer choice aborts the older question.
  useEffect(() => {
    if (!loop || props.variations !== null || !complete) return;
    const controller = new AbortController();
    const fields: Record<string, string | number> = { product_id: props.productId ?? '', ...JSON.parse(key) };
    wcAjax('get_variation', fields, { signal: controller.signal })
      .then((answer) => {
        // The same schema as the variation form's; anything else (false, "") is "no such variation".
        const variation = parseVariation(answer);
        setLooked({ key, variation });
        if (!variation) setDead((known) => (known.has(deadKey) ? known : new Set(known).add(deadKey)));
      })
      .catch((error) => {
        if (isAborted(error)) return;
        console.error('[vitrine] swatches: get_variation failed.', error);
        setLooked({ key, variation: null });
      });
    return () => controller.abort();
  }, [loop, props.variations, props.productId, complete, key, deadKey]);

  const variation: VariationData | null = !loop
    ? null
    : props.variations
      ? findVariation(props.variations, chosen, attributes)
      : looked?.key === key && complete
        ? looked.variation
        : null;
  const looking = loop && props.variations === null && complete && looked?.key !== key;

  const button = useMemo(() => (loop ? loopButtonOf(element) : null), [loop, element]);
  const state = useRef({ variation, key });
  state.current = { variation, key };

  // Card and button follow the variation; no variation (deselect, no match) restores them (SWT-03, SWT-10).
  useEffect(() => {
    if (!loop) return;
    if (variation) showVariation(element, variation, element.hasAttribute('data-cfvsw-catalog'));
    else restoreCard(element);
    if (button && props.button) {
      const found = variation ? { variationId: variation.variation_id, variant: JSON.parse(key), available: isAvailable(variation) } : null;
      setButtonState(button, props.button, props.productTitle, found);
    }
  }, [loop, element, variation, key, button, props.button, props.productTitle]);

  useEffect(() => {
    if (!loop) return;
    return () => {
      restoreCard(element);
      if (button && props.button) setButtonState(button, props.button, props.productTitle, null);
    };
  }, [loop, element, button, props.button, props.productTitle]);

  // The listing add (§2.4): only a found variation's button; anything doubtful keeps the link (SWT-12, SWT-13).
  useEffect(() => {
    if (!button) return;
    const onClick = (event: MouseEvent) => {
      if (!button.classList.contains('cfvsw_variation_found')) return;
      if (button.classList.contains('wc-variation-is-unavailable')) {
        event.preventDefault();
        alert(props.settings.unavailableText);
        return;
      }
      const { variation: current, key: currentKey } = state.current;
      const variationId = parseId(current?.variation_id);
      if (props.productId === null || variationId === null) return;
      event.preventDefault();
      // ATC-03: every click is one add in the cart queue, a second one while loading included.
      void addFromCard({
        button,
        ajaxUrl: props.settings.ajaxUrl,
        nonce: props.settings.nonce,
        productId: props.productId,
        variationId,
        variant: JSON.parse(currentKey),
      });
    };
    button.addEventListener('click', onClick);
    return () => button.removeEventListener('click', onClick);
  }, [button, props.productId, props.settings]);

  const groupSlugs = useMemo(
    () => props.groups.map((group) => ({ attribute: group.attribute, slugs: group.options.map((option) => option.slug) })),
    [props.groups],
  );
  const impossible = useMemo(
    () => (loop ? impossibleOptions(props.variations, chosen, groupSlugs, dead) : NOTHING),
    [loop, props.variations, chosen, groupSlugs, dead],
  );

  if (!loop || !complete || looking) return { announcement: '', notice: '', impossible };
  if (!variation) return { announcement: '', notice: props.noMatchText, impossible };
  if (!isAvailable(variation)) return { announcement: '', notice: props.settings.unavailableText, impossible };
  const price = typeof variation.price_html === 'string' ? textOf(variation.price_html) : '';
  return { announcement: [props.button?.addToCart ?? '', price].filter(Boolean).join(': '), notice: '', impossible };
}
