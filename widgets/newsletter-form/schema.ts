import { PropsError } from '../../mount/errors';
import { sendEvent } from '../../src/analytics';
import { submittedForm } from '../../src/settings-privacy';
import { type FieldHint, isSignUp, type UserData, userDataOf } from './logic';

export interface NewsletterFormProps {
  /** A sign-up this form just made (mc4wp_submitted_form names it after the post), with its user data. */
  signUp: { userData: UserData | undefined } | null;
  /** NWS-04: one submit_lead_form per sign-up; false when consent or the tag function is missing. */
  sendLead: (userData: UserData | undefined) => boolean;
}

/** Sign-ups already measured on this page, by the page's mc4wp_submitted_form (a form that re-mounts is not counted twice). */
const measured = new WeakSet<object>();

function labelOf(form: HTMLFormElement, input: HTMLElement): string {
  const wrapping = input.closest('label');
  const byFor = input.id ? form.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null;
  const label = byFor ?? wrapping;
  if (!label) return '';
  // A wrapping label's text without the field's own text (a select's options).
  const copy = label.cloneNode(true) as HTMLElement;
  for (const control of copy.querySelectorAll('input, select, textarea')) control.remove();
  return copy.textContent ?? '';
}

/** The submitted values with the type and label of the form's field of the same name. */
function fieldHints(form: HTMLFormElement, data: Record<string, unknown>): FieldHint[] {
  const hints: FieldHint[] = [];
  for (const [name, value] of Object.entries(data)) {
    if (typeof value !== 'string' || name.startsWith('_')) continue;
    const input = form.querySelector<HTMLInputElement>(`[name="${CSS.escape(name)}"]`);
    hints.push({ name, value, type: input?.type ?? 'text', label: input ? labelOf(form, input) : '' });
  }
  return hints;
}

export function readNewsletterFormProps(element: Element): NewsletterFormProps {
  if (!(element instanceof HTMLFormElement)) throw new PropsError('element', 'expected form.mc4wp-form');
  const submitted = submittedForm();
  const mine = submitted !== null && submitted.elementId !== '' && submitted.elementId === element.id;
  const signUp = mine && isSignUp(submitted.event, submitted.hasErrors) ? { userData: userDataOf(fieldHints(element, submitted.data)) } : null;
  return {
    signUp,
    sendLead: (userData) => {
      if (!submitted || measured.has(submitted)) return true;
      const sent = sendEvent('submit_lead_form', { event_category: 'mailchimp', ...(userData ? { user_data: userData } : {}) });
      if (sent) measured.add(submitted);
      return sent;
    },
  };
}
