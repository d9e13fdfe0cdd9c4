import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  changedCategories,
  choiceToCategories,
  googleConsentUpdate,
  grantedConsent,
  hasConsent,
} from '../../../src/consent/logic';

describe('consent rules', () => {
  it('CNS-07 no consent type counts everything as consent', () => {
    expect(hasConsent(undefined, undefined)).toBe(true);
    expect(hasConsent('', 'deny')).toBe(true);
  });

  it('CNS-07 opt-out: no cookie counts as consent, deny does not', () => {
    expect(hasConsent('optout', undefined)).toBe(true);
    expect(hasConsent('optout', '')).toBe(true);
    expect(hasConsent('optout', 'allow')).toBe(true);
    expect(hasConsent('optout', 'deny')).toBe(false);
    // "contains opt-out": a custom type such as the CCPA one still counts.
    expect(hasConsent('optout-ccpa', undefined)).toBe(true);
  });

  it('CNS-07 opt-in (and any other type): only allow counts', () => {
    expect(hasConsent('optin', undefined)).toBe(false);
    expect(hasConsent('optin', 'deny')).toBe(false);
    expect(hasConsent('optin', 'allow')).toBe(true);
    fc.assert(
      fc.property(
        fc.string().filter((type) => type !== '' && !type.includes('optout')),
        fc.option(fc.string(), { nil: undefined }),
        (type, cookie) => hasConsent(type, cookie) === (cookie === 'allow'),
      ),
    );
  });

  it('CNS-06 a choice is allow or deny per category; functional is never refused', () => {
    expect(choiceToCategories(true)).toEqual(Object.fromEntries(CATEGORIES.map((c) => [c, 'allow'])));
    expect(choiceToCategories(false)).toEqual({
      functional: 'allow',
      preferences: 'deny',
      statistics: 'deny',
      'statistics-anonymous': 'deny',
      marketing: 'deny',
    });
  });

  it('CNS-06 only categories whose stored value differs are changed', () => {
    const stored: Record<string, string> = { statistics: 'allow', marketing: 'deny' };
    expect(changedCategories({ statistics: 'allow', marketing: 'allow', functional: 'allow' }, (c) => stored[c])).toEqual({
      marketing: 'allow',
      functional: 'allow',
    });
  });

  it('CNS-08 statistics maps to analytics_storage; marketing to ad_storage, ad_user_data, ad_personalization', () => {
    expect(googleConsentUpdate({ statistics: 'allow' })).toEqual({ analytics_storage: 'granted' });
    expect(googleConsentUpdate({ marketing: 'deny' })).toEqual({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
    expect(googleConsentUpdate(choiceToCategories(true))).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
    // Categories Google's map does not name send nothing.
    expect(googleConsentUpdate({ preferences: 'allow', functional: 'allow' })).toBeNull();
  });

  it('CNS-08 at start only the granted parameters are sent', () => {
    expect(grantedConsent((c) => c === 'marketing')).toEqual({ ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' });
    expect(grantedConsent(() => false)).toBeNull();
  });
});
