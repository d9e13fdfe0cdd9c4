import { SourceMapGenerator } from 'source-map-js';
import { describe, expect, it } from 'vitest';
import { fileKey, OWN, packageCosts, packageOf, sharesOf } from '../../../scripts/package-costs';

/** A one-line minified file whose source map gives each `[source, text]` piece to its source, in order. */
function mapped(pieces: Array<[string | null, string]>) {
  const generator = new SourceMapGenerator({ file: 'chunk.js' });
  let column = 0;
  for (const [source, text] of pieces) {
    if (source) generator.addMapping({ source, original: { line: 1, column: 0 }, generated: { line: 1, column } });
    column += text.length;
  }
  return { code: pieces.map(([, text]) => text).join(''), map: generator.toJSON() as never };
}

describe("the bench's report of what each package costs a page (issue 30)", () => {
  it('names the package a module came from, with a card package counting its own dependencies', () => {
    expect(packageOf('../../node_modules/zod/v4/core/schemas.js')).toBe('zod');
    expect(packageOf('/work/node_modules/@floating-ui/dom/dist/floating-ui.dom.mjs')).toBe('@floating-ui');
    expect(packageOf('node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react');
    expect(packageOf('node_modules/compute-scroll-into-view/dist/index.js')).toBe('downshift');
    expect(packageOf('node_modules/preact/compat/dist/compat.module.js')).toBe('preact');
    expect(packageOf('../../src/settings.ts')).toBe(OWN);
  });

  it("shares a file's bytes among packages in proportion to the code each one's map gives it", () => {
    const { code, map } = mapped([
      ['../node_modules/zod/v4/core/schemas.js', 'aaaa'],
      ['../src/settings.ts', 'bbbbbb'],
      ['../node_modules/js-cookie/dist/js.cookie.mjs', 'cccccccccc'],
    ]);
    const shares = sharesOf(code, map);
    expect(shares.get('zod')).toBeCloseTo(0.2);
    expect(shares.get(OWN)).toBeCloseTo(0.3);
    expect(shares.get('js-cookie')).toBeCloseTo(0.5);
  });

  it('counts a file with no mappings (an inlined stylesheet), or one the build did not make, as Vitrine’s own', () => {
    expect([...sharesOf('.a{color:red}', mapped([]).map)]).toEqual([[OWN, 1]]);
    const shares = new Map([['chunks/core.js', new Map([['zod', 0.5], [OWN, 0.5]])]]);
    const costs = packageCosts(new Map([['chunks/core-DGAvj0.js', 1000], ['chunks/unknown-Xy12_-.js', 300]]), shares);
    expect(costs.get('zod')).toBe(500);
    expect(costs.get(OWN)).toBe(800);
  });

  it('matches files across builds by their path without the hash', () => {
    expect(fileKey('lite/chunks/react-Cla-ZH.js')).toBe('lite/chunks/react.js');
    expect(fileKey('widgets/instant-search-full-screen-uLFYOO.js')).toBe('widgets/instant-search-full-screen.js');
    expect(fileKey('vitrine.lite.js')).toBe('vitrine.lite.js');
  });
});
