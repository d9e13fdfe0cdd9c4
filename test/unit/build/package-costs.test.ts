import { SourceMapGenerator } from 'source-map-js';
import { describe, expect, it } from 'vitest';
import { OWN, packageCosts, packageOf, sharesOf } from '../../../scripts/package-costs';

/** A minified file whose source map gives each `[source, text]` piece to its source, in order (text may hold line ends). */
function mapped(pieces: Array<[string | null, string]>) {
  const generator = new SourceMapGenerator({ file: 'chunk.js' });
  let line = 1;
  let column = 0;
  for (const [source, text] of pieces) {
    if (source) generator.addMapping({ source, original: { line: 1, column: 0 }, generated: { line, column } });
    const lines = text.split('\n');
    line += lines.length - 1;
    column = lines.length > 1 ? (lines.at(-1) as string).length : column + text.length;
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

  it('gives a piece that spans lines (an inlined stylesheet) all of its text, up to the next mapping', () => {
    const { code, map } = mapped([
      ['../src/styles.ts', 'x=`a{\nb:c}\nd{e:f}\n`;'],
      ['../node_modules/zod/v4/core/util.js', 'zzzzzzzzzzzzzzzzzzzz'],
    ]);
    const shares = sharesOf(code, map);
    expect(shares.get(OWN)).toBeCloseTo(20 / 40);
    expect(shares.get('zod')).toBeCloseTo(20 / 40);
  });

  it('counts a file with no mappings (an inlined stylesheet), or one the build did not make, as Vitrine’s own, and names the latter', () => {
    expect([...sharesOf('.a{color:red}', mapped([]).map)]).toEqual([[OWN, 1]]);
    const shares = new Map([['chunks/core-DGAvj0.js', new Map([['zod', 0.5], [OWN, 0.5]])]]);
    const { costs, unmatched } = packageCosts(new Map([['chunks/core-DGAvj0.js', 1000], ['chunks/core-Xy12_-.js', 300]]), shares);
    expect(costs.get('zod')).toBe(500);
    expect(costs.get(OWN)).toBe(800);
    expect(unmatched).toEqual(['chunks/core-Xy12_-.js']);
  });
});
