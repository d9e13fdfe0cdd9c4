import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addRecent,
  addToCartHref,
  columnCount,
  encodeSearchTerm,
  isFullScreen,
  isLongEnough,
  isPrunedByBadQuery,
  parseRecent,
  popupMaxHeight,
  remainingDefer,
  removeRecent,
  searchPageAddress,
  visibleRecent,
} from '../../../widgets/instant-search/logic';

const page = { searchPageUrl: '/', widgetId: '1', layout: 'product', productSlug: 'product' };

describe('instant search rules', () => {
  it('SRC-05 a query is long enough only with at least minChars characters (default 3)', () => {
    expect(isLongEnough('', 3)).toBe(false);
    expect(isLongEnough('mu', 3)).toBe(false);
    expect(isLongEnough('   mu   ', 3)).toBe(false);
    expect(isLongEnough('mug', 3)).toBe(true);
    expect(isLongEnough('m', 1)).toBe(true);
    expect(isLongEnough('😀😀', 3)).toBe(false);
  });

  it('SRC-06 plus signs are encoded, spaces become plus signs, double spaces collapse', () => {
    expect(encodeSearchTerm('red  mug')).toBe('red+mug');
    expect(encodeSearchTerm('c++ book')).toBe('c%2B%2B+book');
    expect(encodeSearchTerm('tea & cake #1')).toBe('tea+%26+cake+%231');
  });

  it('SRC-06 the encoded term always decodes back to the collapsed query (property)', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const collapsed = raw.replace(/\s{2,}/g, ' ').trim();
        const decoded = new URLSearchParams(`s=${encodeSearchTerm(raw)}`).get('s');
        // URLSearchParams turns '+' into ' ', so the decoded value is the query with every run of whitespace as one space.
        expect(decoded).toBe(collapsed.split(' ').join(' '));
        expect(encodeSearchTerm(raw)).not.toMatch(/[\s&#]/);
      }),
    );
  });

  it('SRC-07 the search page address carries s, search_id and post_type for the product layout', () => {
    expect(searchPageAddress('red  mug', page)).toBe('/?s=red+mug&search_id=1&post_type=product');
    expect(searchPageAddress('mug', { ...page, layout: '' })).toBe('/?s=mug&search_id=1');
    expect(searchPageAddress('mug', { ...page, searchPageUrl: '/fr/?lang=fr' })).toBe('/fr/?lang=fr&s=mug&search_id=1&post_type=product');
  });

  it('SRC-13 add-to-cart links use ?add-to-cart={id}', () => {
    expect(addToCartHref('/product/simple-mug/', 10)).toBe('/product/simple-mug/?add-to-cart=10');
    expect(addToCartHref('/shop/?orderby=price#top', 10)).toBe('/shop/?orderby=price&add-to-cart=10#top');
    expect(addToCartHref('', 11)).toBe('?add-to-cart=11');
  });

  it('SRC-04 full-screen mode counts as desktop at width 768 or more', () => {
    expect(isFullScreen('desktop_only', 768)).toBe(true);
    expect(isFullScreen('desktop_only', 767)).toBe(false);
    expect(isFullScreen('mobile_only', 767)).toBe(true);
    expect(isFullScreen('mobile_only', 768)).toBe(false);
    expect(isFullScreen('enable', 320)).toBe(true);
    expect(isFullScreen('', 1280)).toBe(false);
  });

  it('SRC-12 popup max height is 500 on desktop and 400 under 768', () => {
    expect(popupMaxHeight(768, 500, 400)).toBe(500);
    expect(popupMaxHeight(767, 500, 400)).toBe(400);
  });

  it('SRC-12 columns are floor(width/200), never 0 and never above the setting (property)', () => {
    expect(columnCount(199, 3)).toBe(1);
    expect(columnCount(650, 3)).toBe(3);
    expect(columnCount(450, 3)).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 5000 }), fc.integer({ min: 0, max: 8 }), (width, configured) => {
        const columns = columnCount(width, configured);
        expect(columns).toBeGreaterThanOrEqual(1);
        expect(columns).toBeLessThanOrEqual(Math.max(1, configured));
        if (columns > 1) expect(columns * 200).toBeLessThanOrEqual(width);
      }),
    );
  });

  it('prunes queries that extend one without results, case-insensitively', () => {
    expect(isPrunedByBadQuery('xyzzy', ['xyz'])).toBe(true);
    expect(isPrunedByBadQuery('XYZZY', ['xyz'])).toBe(true);
    expect(isPrunedByBadQuery('mug', ['xyz'])).toBe(false);
    expect(isPrunedByBadQuery('xy', ['xyz'])).toBe(false);
  });

  it('SRC-11 recent searches: no duplicates, 10 kept, last 5 shown newest first (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('mug', 'tee', 'poster', 'hoodie', 'cap', 'bag', 'sock', 'lamp', 'rug', 'vase', 'pen', 'cup'), { maxLength: 40 }), (queries) => {
        const list = queries.reduce<string[]>((acc, query) => addRecent(acc, query), []);
        expect(new Set(list).size).toBe(list.length);
        expect(list.length).toBeLessThanOrEqual(10);
        if (queries.length > 0) expect(list[list.length - 1]).toBe(queries[queries.length - 1]);
        const shown = visibleRecent(list);
        expect(shown.length).toBe(Math.min(5, list.length));
        expect(shown[0]).toBe(list[list.length - 1]);
      }),
    );
  });

  it('SRC-11 a query answered on the way ("can") gives way to the one it grew into ("candle"); an earlier search stays', () => {
    let list = addRecent(['mug'], 'can');
    list = addRecent(list, 'cand', 'can');
    list = addRecent(list, 'candle', 'cand');
    expect(list).toEqual(['mug', 'candle']);
    // A backspace: "candles" back to "candle" keeps the shorter one.
    expect(addRecent(['mug', 'candles'], 'candle', 'candles')).toEqual(['mug', 'candle']);
    // A new search after the input was cleared (nothing on the way) keeps the old one, even as its prefix.
    expect(addRecent(['mug', 'candle'], 'can')).toEqual(['mug', 'candle', 'can']);
    // A different word typed over the last one is a search of its own.
    expect(addRecent(['mug', 'candle'], 'tee', 'candle')).toEqual(['mug', 'candle', 'tee']);
  });

  it('SRC-11 removing a recent search removes only it', () => {
    expect(removeRecent(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('reads a stored list defensively: garbage is an empty list, non-strings are dropped', () => {
    expect(parseRecent(null)).toEqual([]);
    expect(parseRecent('{not json')).toEqual([]);
    expect(parseRecent('{"a":1}')).toEqual([]);
    expect(parseRecent('["mug", 3, null, "", "tee"]')).toEqual(['mug', 'tee']);
  });

  it('SRC-08 the 100 ms defer counts from the keystroke, not from the end of the render it caused', () => {
    expect(remainingDefer(1000, 1000)).toBe(100);
    expect(remainingDefer(1000, 1004)).toBe(96); // four milliseconds of handling the keystroke are not added on top
    expect(remainingDefer(1000, 1250)).toBe(0); // a page busy past the defer sends at once
    expect(remainingDefer(undefined, 1000)).toBe(100); // no keystroke (a query carried into a dialog, a picked recent search)
    expect(remainingDefer(5000, 1000)).toBe(100); // a time stamp from another clock never shortens the defer
    expect(remainingDefer(Number.NaN, 1000)).toBe(100);
  });
});
