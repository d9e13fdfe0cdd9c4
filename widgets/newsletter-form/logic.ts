/**
 * Mailchimp for WordPress forms (spec §5, §7: NWS-01…04): conditional fields and the lead event's user data.
 */

export interface Condition {
  field: string;
  /** `*` means any non-empty value. */
  values: string[];
}

/** `data-show-if="FIELD:VAL1|VAL2"`; without a value part, any non-empty value. Null when there is no field. */
export function parseCondition(attribute: string): Condition | null {
  const separator = attribute.indexOf(':');
  const field = (separator === -1 ? attribute : attribute.slice(0, separator)).trim();
  if (!field) return null;
  const values = separator === -1 ? ['*'] : attribute.slice(separator + 1).split('|');
  return { field, values };
}

/** NWS-01: met when one of the field's current values is listed, or the list has `*` and a value is non-empty. */
export function conditionMet(condition: Condition, fieldValues: string[]): boolean {
  return fieldValues.some((value) => condition.values.includes(value) || (condition.values.includes('*') && value !== ''));
}

/** Whether an element with this attribute is shown for the field values. */
export function shouldShow(kind: 'show-if' | 'hide-if', condition: Condition, fieldValues: string[]): boolean {
  const met = conditionMet(condition, fieldValues);
  return kind === 'show-if' ? met : !met;
}

export interface FieldHint {
  type: string;
  name: string;
  label: string;
  value: string;
}

export interface UserData {
  email?: string;
  phone_number?: string;
  address?: { first_name: string; last_name?: string };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_HINTS = ['email', 'e-mail', 'mail', 'email address'];
const PHONE_HINTS = ['phone', 'tel', 'mobile', 'cell', 'telephone', 'phone number'];
const NAME_HINTS = new Set(['name', 'fname', 'lname', 'first', 'last', 'your-name', 'your name']);
const NAME_PARTS = ['full', 'first', 'last', 'given', 'family'];
for (const part of NAME_PARTS) for (const joint of ['-', ' ', '_', '']) NAME_HINTS.add(`${part}${joint}name`);

/** Trim and lower-case; a label also loses a trailing `*`, `(required)` and `:`. */
export function normaliseHint(value: string, isLabel = false): string {
  let text = value.trim().toLowerCase();
  if (!isLabel) return text;
  let previous = '';
  while (previous !== text) {
    previous = text;
    text = text
      .replace(/\*$/, '')
      .replace(/\(required\)$/, '')
      .replace(/:$/, '')
      .trim();
  }
  return text;
}

/** NWS-03: trimmed, lower-cased, and for Gmail the dots of the local part removed. */
export function normaliseEmail(value: string): string {
  const email = value.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at === -1) return email;
  const domain = email.slice(at + 1);
  const local = email.slice(0, at);
  return domain === 'gmail.com' || domain === 'googlemail.com' ? `${local.replaceAll('.', '')}@${domain}` : email;
}

/** NWS-02: at least 7 digits, digits at least half the characters, only digits, spaces and `-()+.`. */
export function isPhoneLike(value: string): boolean {
  const text = value.trim();
  if (!/^[\d\s\-()+.]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 7 && digits >= text.length / 2;
}

/** Digits only, a leading `+` kept; null when that is not a phone number. */
export function normalisePhone(value: string): string | null {
  const text = value.trim();
  const phone = (text.startsWith('+') ? '+' : '') + text.replace(/\D/g, '');
  return /^\+?\d{7,}$/.test(phone) ? phone : null;
}

export type FieldKind = 'email' | 'phone' | 'name' | null;

/** NWS-02: type, then the value's shape, then name and label hints. */
export function classifyField(field: FieldHint): FieldKind {
  const type = field.type.toLowerCase();
  if (type === 'email') return 'email';
  if (type === 'tel') return 'phone';
  const value = field.value.trim();
  if (EMAIL_PATTERN.test(value)) return 'email';
  if (isPhoneLike(value)) return 'phone';
  const hints = [normaliseHint(field.name), normaliseHint(field.label, true)];
  if (hints.some((hint) => EMAIL_HINTS.includes(hint))) return 'email';
  if (hints.some((hint) => PHONE_HINTS.includes(hint))) return 'phone';
  if (hints.some((hint) => NAME_HINTS.has(hint))) return 'name';
  return null;
}

/**
 * NWS-02…04: the user data of a submitted form, or undefined when nothing was found. One name field is
 * split at spaces (first word first name, the rest last name); several are first name, then the rest joined.
 * Mailchimp's NAME is ignored when FNAME or LNAME is there.
 */
export function userDataOf(fields: FieldHint[]): UserData | undefined {
  const data: UserData = {};
  const names: string[] = [];
  const upperNames = new Set(fields.map((f) => f.name.toUpperCase()));
  const skipFullName = upperNames.has('FNAME') || upperNames.has('LNAME');
  for (const field of fields) {
    const type = field.type.toLowerCase();
    if (type === 'hidden' || type === 'submit' || type === 'button' || type === 'password' || field.value.trim() === '') continue;
    const kind = classifyField(field);
    if (kind === 'email' && !data.email) {
      const email = normaliseEmail(field.value);
      if (EMAIL_PATTERN.test(email)) data.email = email;
    } else if (kind === 'phone' && !data.phone_number) {
      const phone = normalisePhone(field.value);
      if (phone) data.phone_number = phone;
    } else if (kind === 'name' && !(skipFullName && field.name.toUpperCase() === 'NAME')) {
      names.push(field.value.trim());
    }
  }
  if (names.length === 1) {
    const [first = '', ...rest] = (names[0] ?? '').split(/\s+/);
    data.address = { first_name: first, ...(rest.length > 0 ? { last_name: rest.join(' ') } : {}) };
  } else if (names.length > 1) {
    data.address = { first_name: names[0] ?? '', last_name: names.slice(1).join(' ') };
  }
  return Object.keys(data).length > 0 ? data : undefined;
}

/** The events after which mc4wp counts a sign-up: subscribed, and updated_subscriber (which fires subscribed too). */
export function isSignUp(event: string, hasErrors: boolean): boolean {
  return !hasErrors && (event === 'subscribed' || event === 'updated_subscriber');
}
