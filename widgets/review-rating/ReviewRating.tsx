import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '../../mount/types';
import { injectStyle } from '../../src/styles';
import css from '../../styles/review-rating.css?inline';
import { mustBlockSubmit, nextRating, parseRating, RATINGS, ratingLabel } from './logic';
import type { ReviewRatingProps } from './schema';

/**
 * Five stars as a WAI-ARIA radio group (roving tabindex, arrows select). Each choice is written to
 * the hidden select and announced with a change event, so the form posts `rating` as it always did.
 */
export default function ReviewRating({ element, props }: WidgetProps<ReviewRatingProps, HTMLSelectElement>) {
  const [rating, setRating] = useState<number | null>(() => parseRating(element.value));
  const stars = useRef<(HTMLAnchorElement | null)[]>([]);

  useEffect(() => injectStyle('review-rating', css), []);

  // Another script may set the select (a saved draft, a reset): follow it.
  useEffect(() => {
    const onChange = () => setRating(parseRating(element.value));
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, [element]);

  // REV-02: no rating while ratings are required → the required-rating alert, and no submit.
  // The click comes before the browser's own validation (the select is hidden and `required`,
  // which would otherwise fail silently on an unfocusable control).
  useEffect(() => {
    const form = props.form;
    if (!form) return;
    const guard = (event: Event) => {
      if (event.type === 'click' && !(event.target as Element | null)?.closest?.('[type="submit"]')) return;
      if (!mustBlockSubmit(element.value, props.required)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      window.alert(props.requiredText);
      stars.current[0]?.focus();
    };
    form.addEventListener('click', guard, true);
    form.addEventListener('submit', guard, true);
    return () => {
      form.removeEventListener('click', guard, true);
      form.removeEventListener('submit', guard, true);
    };
  }, [element, props.form, props.required, props.requiredText]);

  const choose = (value: number, focus: boolean) => {
    setRating(value);
    if (element.value !== String(value)) {
      element.value = String(value);
      element.dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (focus) stars.current[value - 1]?.focus();
  };

  /** The star an event happened on (click and keys are delegated to the group). */
  const starOf = (target: EventTarget): number | null => {
    const index = stars.current.findIndex((star) => star?.contains(target as Node) ?? false);
    return index === -1 ? null : index + 1;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    const current = starOf(event.target);
    if (current === null) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      choose(current, false);
      return;
    }
    const next = nextRating(event.key, rating);
    if (next === null) return;
    event.preventDefault();
    choose(next, true);
  };

  const onClick = (event: MouseEvent<HTMLSpanElement>) => {
    const star = starOf(event.target);
    if (star === null) return;
    event.preventDefault();
    choose(star, true);
  };

  const focusable = rating ?? 1;
  return (
    <p className={`stars vitrine-stars${rating ? ' selected' : ''}`}>
      <span role="radiogroup" aria-labelledby={props.labelledBy ?? undefined} aria-required={props.required || undefined} onClick={onClick} onKeyDown={onKeyDown}>
        {RATINGS.map((n) => (
          // biome-ignore lint/a11y/useSemanticElements: WooCommerce's star markup (p.stars a.star-N[role=radio]) is what theme CSS draws.
          <a
            key={n}
            ref={(el) => {
              stars.current[n - 1] = el;
            }}
            href={`#${element.id || "rating"}`}
            role="radio"
            className={`star-${n}${rating === n ? ' active' : ''}`}
            aria-checked={rating === n}
            tabIndex={n === focusable ? 0 : -1}
          >
            {ratingLabel(n, props.labels)}
          </a>
        ))}
      </span>
    </p>
  );
}
