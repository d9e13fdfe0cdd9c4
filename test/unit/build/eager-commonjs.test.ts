import { describe, expect, it } from 'vitest';
import { eagerCommonJs } from '../../../scripts/eager-commonjs-plugin';

type RenderChunk = (code: string) => { code: string } | null;
const render = (code: string) => (eagerCommonJs() as unknown as { renderChunk: RenderChunk }).renderChunk(code);

// What the bundler renders for a CommonJS package before minification (react's cjs build, shortened).
const CHUNK = `import { n as __exportAll, t as __commonJSMin } from "./rolldown-runtime-!~{0}~.js";
var require_react = /* @__PURE__ */ __commonJSMin(((exports) => {
	exports.version = "19";
}));
var require_client = /* @__PURE__ */ __commonJSMin(((exports, module) => {
	module.exports = require_react();
}));
var other = [1, 2].map((n) => { return n; });`;

describe('React compiled while its chunk is parsed, not in the task that runs it', () => {
  it('turns every CommonJS wrapper into a parenthesised function expression that behaves the same', () => {
    const out = render(CHUNK)?.code ?? '';
    expect(out).toContain('__commonJSMin((function(exports) {');
    expect(out).toContain('__commonJSMin((function(exports, module) {');
    expect(out).not.toMatch(/__commonJSMin\(\(\(/);
    // Other arrows are left alone.
    expect(out).toContain('.map((n) => { return n; })');
    // Still valid code with the same result: run it with a stand-in helper.
    const helper = (init: (exports: object, module: { exports: object }) => void) => () => {
      const module = { exports: {} };
      init(module.exports, module);
      return module.exports;
    };
    const body = out.replace(/^import.*\n/, '').replace(/\/\* @__PURE__ \*\/ /g, '');
    const run = new Function('__commonJSMin', `"use strict";${body};return require_client();`);
    expect(run(helper)).toEqual({ version: '19' });
  });

  it('leaves a chunk without CommonJS untouched', () => {
    expect(render('export const a = () => { return 1; };')).toBeNull();
  });
});
