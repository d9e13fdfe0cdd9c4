import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asCartAnswer, FRAGMENTS_TTL_MS, MINI_CART_KEY, restorableFragments } from '../../../src/cart/logic';
import { interpretAddAnswer, requestDataFrom } from '../../../widgets/add-to-cart/logic';

const json = JSON.stringify({ [MINI_CART_KEY]: '<div class="widget_shopping_cart_content"></div>' });
const now = 1_800_000_000_000;

describe('cart fragments rules', () => {
  it('FRG-02 a stored copy under 24 h with the cookie hash and the mini cart is restored', () => {
    expect(restorableFragments({ fragmentsJson: json, sessionHash: 'h', createdAt: now - 1000 }, 'h', now)).not.toBeNull();
  });

  it('FRG-02 FRG-03 a copy 24 h old or older, from the future, with another hash, or without the mini cart is refetched', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * FRAGMENTS_TTL_MS }), fc.string(), fc.string(), fc.boolean(), (age, stored, cookie, withMiniCart) => {
        const fragmentsJson = withMiniCart ? json : JSON.stringify({ 'span.count': '1' });
        const result = restorableFragments({ fragmentsJson, sessionHash: stored, createdAt: now - age }, cookie, now);
        const expected = withMiniCart && stored === cookie && age < FRAGMENTS_TTL_MS;
        expect(result !== null).toBe(expected);
      }),
    );
    expect(restorableFragments({ fragmentsJson: json, sessionHash: 'h', createdAt: now + 5 }, 'h', now)).toBeNull();
    expect(restorableFragments({ fragmentsJson: '{not json', sessionHash: 'h', createdAt: now }, 'h', now)).toBeNull();
  });

  it('FRG-01 only a map of strings counts as fragments', () => {
    expect(asCartAnswer({ fragments: { a: '<b></b>' }, cart_hash: 'x' })).toEqual({ fragments: { a: '<b></b>' }, cartHash: 'x' });
    for (const bad of [null, 1, 'x', [], { fragments: [] }, { fragments: { a: 1 } }, { success: false }]) expect(asCartAnswer(bad)).toBeNull();
  });
});

describe('add-to-cart rules', () => {
  const settings = { cartRedirectAfterAdd: false, cartUrl: '/cart/' };

  it('ATC-04 every data attribute is posted under its own name', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/), fc.string()), (attrs) => {
        const list = Object.entries(attrs).map(([name, value]) => ({ name: `data-${name}`, value }));
        expect(requestDataFrom([...list, { name: 'class', value: 'button' }, { name: 'href', value: '?x' }])).toEqual(attrs);
      }),
    );
  });

  it('ATC-06 ATC-07 ATC-08 ATC-11 an answer means exactly one outcome', () => {
    expect(interpretAddAnswer(null, settings)).toEqual({ kind: 'ignored' });
    expect(interpretAddAnswer({ error: true, product_url: '/p/' }, settings)).toEqual({ kind: 'go-to-product', url: '/p/' });
    expect(interpretAddAnswer({ error: true, product_url: '/p/' }, { ...settings, cartRedirectAfterAdd: true }).kind).toBe('go-to-product');
    expect(interpretAddAnswer({ fragments: {}, cart_hash: '' }, { ...settings, cartRedirectAfterAdd: true })).toEqual({ kind: 'go-to-cart', url: '/cart/' });
    expect(interpretAddAnswer({ fragments: { a: 'b' }, cart_hash: 'h' }, settings).kind).toBe('added');
    expect(interpretAddAnswer({ error: true }, settings).kind).toBe('malformed');
    expect(interpretAddAnswer(-1, settings).kind).toBe('malformed');
  });
});
