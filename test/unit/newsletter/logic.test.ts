import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyField,
  conditionMet,
  type FieldHint,
  isPhoneLike,
  isSignUp,
  normaliseEmail,
  normaliseHint,
  normalisePhone,
  parseCondition,
  shouldShow,
  userDataOf,
} from '../../../widgets/newsletter-form/logic';

const field = (name: string, value: string, type = 'text', label = ''): FieldHint => ({ name, value, type, label });

describe('newsletter form rules', () => {
  it('NWS-01 conditions: FIELD:VAL1|VAL2, and a bare FIELD means any non-empty value', () => {
    expect(parseCondition('INTEREST:shoes|bags')).toEqual({ field: 'INTEREST', values: ['shoes', 'bags'] });
    expect(parseCondition('PHONE')).toEqual({ field: 'PHONE', values: ['*'] });
    expect(parseCondition(':x')).toBeNull();
    expect(conditionMet({ field: 'A', values: ['x', 'y'] }, ['', 'y'])).toBe(true);
    expect(conditionMet({ field: 'A', values: ['x'] }, ['z'])).toBe(false);
    expect(conditionMet({ field: 'A', values: ['*'] }, [''])).toBe(false);
    expect(conditionMet({ field: 'A', values: ['*'] }, ['anything'])).toBe(true);
    expect(shouldShow('show-if', { field: 'A', values: ['x'] }, ['x'])).toBe(true);
    expect(shouldShow('hide-if', { field: 'A', values: ['x'] }, ['x'])).toBe(false);
    expect(shouldShow('hide-if', { field: 'A', values: ['x'] }, [])).toBe(true);
  });

  it('NWS-02 email if it matches a simple address pattern', () => {
    expect(classifyField(field('anything', 'jane@example.org'))).toBe('email');
    expect(classifyField(field('anything', 'jane@example'))).toBeNull();
    expect(classifyField(field('x', 'a b@c.d'))).toBeNull();
  });

  it('NWS-02 phone if ≥ 7 digits and the digits are at least half the characters', () => {
    expect(isPhoneLike('+44 (20) 7946-0958')).toBe(true);
    expect(isPhoneLike('123456')).toBe(false);
    expect(isPhoneLike('1234567')).toBe(true);
    expect(isPhoneLike('1-2-3-4-5-6-7')).toBe(true); // 7 digits of 13 characters
    expect(isPhoneLike('1 - 2 - 3 - 4 - 5 - 6 - 7')).toBe(false); // 7 of 25
    expect(isPhoneLike('call 1234567')).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '5', ' ', '-', '(', ')', '+', '.') }), (text) => {
        const digits = text.replace(/\D/g, '').length;
        const trimmed = text.trim();
        return isPhoneLike(text) === (trimmed !== '' && digits >= 7 && digits >= trimmed.length / 2);
      }),
    );
    expect(normalisePhone('+44 (20) 7946-0958')).toBe('+442079460958');
    expect(normalisePhone('12-34')).toBeNull();
  });

  it('NWS-02 type, name and label hints', () => {
    expect(classifyField(field('x', 'not an address', 'email'))).toBe('email');
    expect(classifyField(field('x', 'abc', 'tel'))).toBe('phone');
    expect(classifyField(field('E-Mail', 'whatever'))).toBe('email');
    expect(classifyField(field('contact', 'whatever', 'text', 'Mobile *'))).toBe('phone');
    expect(classifyField(field('FNAME', 'Jane'))).toBe('name');
    expect(classifyField(field('field_3', 'Jane', 'text', 'Your name (required):'))).toBe('name');
    expect(classifyField(field('family_name', 'Doe'))).toBe('name');
    expect(classifyField(field('city', 'Paris', 'text', 'City'))).toBeNull();
    expect(normaliseHint('  Phone Number: * ', true)).toBe('phone number');
  });

  it('NWS-03 Gmail addresses lose the dots of their local part; others keep them', () => {
    expect(normaliseEmail(' Jane.Doe@GMail.com ')).toBe('janedoe@gmail.com');
    expect(normaliseEmail('j.a.n.e@googlemail.com')).toBe('jane@googlemail.com');
    expect(normaliseEmail('jane.doe@example.org')).toBe('jane.doe@example.org');
  });

  it('NWS-04 user data: email, phone_number and a name split into first and last', () => {
    expect(
      userDataOf([field('EMAIL', 'Jane.Doe@gmail.com', 'email'), field('PHONE', '+1 (555) 010-9999', 'tel'), field('NAME', 'Jane  van Doe')]),
    ).toEqual({ email: 'janedoe@gmail.com', phone_number: '+15550109999', address: { first_name: 'Jane', last_name: 'van Doe' } });
    // Several name fields: the first, then the rest; Mailchimp's NAME ignored beside FNAME/LNAME.
    expect(userDataOf([field('NAME', 'Ignored Person'), field('FNAME', 'Jane'), field('LNAME', 'Doe')])).toEqual({
      address: { first_name: 'Jane', last_name: 'Doe' },
    });
    expect(userDataOf([field('NAME', 'Jane')])).toEqual({ address: { first_name: 'Jane' } });
    expect(userDataOf([field('EMAIL', '', 'email'), field('_mc4wp_timestamp', '123', 'hidden')])).toBeUndefined();
  });

  it('NWS-04 only a sign-up without errors counts', () => {
    expect(isSignUp('subscribed', false)).toBe(true);
    expect(isSignUp('updated_subscriber', false)).toBe(true);
    expect(isSignUp('subscribed', true)).toBe(false);
    expect(isSignUp('unsubscribed', false)).toBe(false);
  });
});
