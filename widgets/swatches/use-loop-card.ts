/**
 * The shop card's own variation state (there is no variation form widget in the loop): the matching
 * variation (embedded, or asked for with get_variation when `data-product_variations="false"`), the
 * card's thumbnail, price and button following it, and the listing add on the button's click.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { VariationData } from '../../src/events';
import { isAborted, wcAjax } from '../../src/http';
import { addFromCard } from './loop-add';
import { restoreCard, setButtonState, showVariation } from './loop-card';
import { allChosen, type Chosen, findVariation, isAvailable, parseId, selectedVariant } from './logic';
import { loopButtonOf, type SwatchesProps } from './schema';

interface LoopCardInput {
  element: HTMLElement;
  props: SwatchesProps;
  chosen: Chosen;
}

interface Looked {
  key: string;
  variation: VariationData | null;
}

function asVariation(answer: unknown): VariationData | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const candidate = answer as Partial<VariationData>;
  return typeof candidate.variation_id === 'number' && typeof candidate.attributes === 'object' ? (answer as VariationData) : null;
}

function textOf(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/** Returns the text for the card's polite live region. */
export function useLoopCard({ element, props, chosen }: LoopCardInput): string {
  const loop = props.mode === 'loop';
  const attributes = useMemo(() => props.groups.map((group) => group.attribute), [props.groups]);
  const complete = allChosen(chosen, attributes);
  const key = JSON.stringify(selectedVariant(chosen, attributes));
  const [looked, setLooked] = useState<Looked | null>(null);

  // Not embedded: one get_variation per complete choice; a newer choice aborts the older question.
  useEffect(() => {
    if (!loop || props.variations !== null || !complete) return;
    const controller = new AbortController();
    const fields: Record<string, string | number> = { product_id: props.productId ?? '', ...JSON.parse(key) };
    wcAjax('get_variation', fields, { signal: controller.signal })
      .then((answer) => setLooked({ key, variation: asVariation(answer) }))
      .catch((error) => {
        if (isAborted(error)) return;
        console.error('[vitrine] swatches: get_variation failed.', error);
        setLooked({ key, variation: null });
      });
    return () => controller.abort();
  }, [loop, props.variations, props.productId, complete, key]);

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
      if (button.classList.contains('loading')) return; // a double click adds once
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

  if (!loop || !complete || looking) return '';
  if (!variation) return props.noMatchText;
  if (!isAvailable(variation)) return props.settings.unavailableText;
  const price = typeof variation.price_html === 'string' ? textOf(variation.price_html) : '';
  return [props.button?.addToCart ?? '', price].filter(Boolean).join(': ');
}
