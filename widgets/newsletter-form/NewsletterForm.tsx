import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { onReturnFromPageCache } from '../../src/navigation';
import { parseCondition, shouldShow } from './logic';
import type { NewsletterFormProps } from './schema';

const CONTROLS = 'input, select, textarea';

/** The values a condition looks at: every field of that name in the form; unchecked boxes do not count. */
function valuesOf(form: HTMLFormElement, name: string): string[] {
  const values: string[] = [];
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(CONTROLS)) {
    if (control.name !== name) continue;
    if (control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox') && !control.checked) continue;
    values.push(control.value);
  }
  return values;
}

/** NWS-01: a hidden element's fields stop being required, and are required again when it shows. */
function setShown(element: HTMLElement, shown: boolean): void {
  element.style.display = shown ? '' : 'none';
  const controls = [...(element.matches(CONTROLS) ? [element] : []), ...element.querySelectorAll<HTMLElement>(CONTROLS)];
  for (const control of controls) {
    if (!shown && control.hasAttribute('required')) {
      control.removeAttribute('required');
      control.setAttribute('data-was-required', 'true');
    } else if (shown && control.getAttribute('data-was-required') === 'true') {
      control.setAttribute('required', '');
      control.removeAttribute('data-was-required');
    }
  }
}

/**
 * NWS-01…04: shows and hides `data-show-if` / `data-hide-if` elements as the shopper fills the form
 * (their required fields suspended while hidden), and after a sign-up sends one submit_lead_form.
 */
export default function NewsletterForm({ element, props }: WidgetProps<NewsletterFormProps, HTMLFormElement>) {
  useEffect(() => {
    const evaluate = () => {
      for (const kind of ['show-if', 'hide-if'] as const) {
        for (const target of element.querySelectorAll<HTMLElement>(`[data-${kind}]`)) {
          const condition = parseCondition(target.getAttribute(`data-${kind}`) ?? '');
          if (condition) setShown(target, shouldShow(kind, condition, valuesOf(element, condition.field)));
        }
      }
    };
    evaluate();
    element.addEventListener('keyup', evaluate, true);
    element.addEventListener('change', evaluate, true);
    element.addEventListener('input', evaluate, true);
    document.addEventListener('mc4wp-refresh', evaluate);
    return () => {
      element.removeEventListener('keyup', evaluate, true);
      element.removeEventListener('change', evaluate, true);
      element.removeEventListener('input', evaluate, true);
      document.removeEventListener('mc4wp-refresh', evaluate);
    };
  }, [element]);

  // One sign-up per press: the form posts itself, and a second submit while the page is still leaving
  // (a double click, Enter then a click) would post it again. Read after every other listener (window,
  // bubbling), so a submit that a plugin's own script took over (preventDefault) does not count.
  useEffect(() => {
    let leaving = false;
    const onSubmit = (event: Event) => {
      if (event.target !== element || event.defaultPrevented) return;
      if (leaving) event.preventDefault();
      leaving = true;
    };
    // Back from the browser's page cache, the form can be sent again.
    const stopReturn = onReturnFromPageCache(() => {
      leaving = false;
    });
    window.addEventListener('submit', onSubmit);
    return () => {
      window.removeEventListener('submit', onSubmit);
      stopReturn();
    };
  }, [element]);

  useEffect(() => {
    if (props.signUp) props.sendLead(props.signUp.userData);
  }, [props]);
  return null;
}
