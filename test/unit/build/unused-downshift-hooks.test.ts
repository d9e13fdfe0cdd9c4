import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { downshiftImports, withoutPropTypeTables, withoutUnusedHooks } from '../../../scripts/unused-downshift-hooks-plugin';

const ROOT = join(import.meta.dirname, '../../..');
// The installed downshift's own module, as the bundler reads it.
const packageDir = dirname(createRequire(join(ROOT, 'package.json')).resolve('downshift'));
const MODULE = readFileSync(join(packageDir, 'downshift.esm.mjs'), 'utf8');

describe('downshift ships only the hooks Vitrine calls', () => {
  it('finds useCombobox as the one hook the sources import (type imports ship nothing)', () => {
    expect([...downshiftImports(ROOT)]).toEqual(['useCombobox']);
  });

  it('keeps useCombobox.stateChangeTypes, which the state reducers read, and drops the other hooks’ assignments', () => {
    const { code, dropped } = withoutUnusedHooks(MODULE, new Set(['useCombobox']));
    expect(dropped.sort()).toEqual(['useMultipleSelection', 'useSelect', 'useTagGroup']);
    expect(code).toMatch(/^useCombobox\.stateChangeTypes = /m);
    expect(code).not.toMatch(/^(useSelect|useMultipleSelection|_useTagGroup)\.stateChangeTypes = /m);
  });

  it('fails the build when downshift’s module no longer has the shape it works on', () => {
    const reshaped = MODULE.replace(/^useSelect\.stateChangeTypes = .*$/m, 'Object.assign(useSelect, {});');
    expect(() => withoutUnusedHooks(reshaped, new Set(['useCombobox']))).toThrow(/useSelect/);
    expect(() => withoutUnusedHooks(MODULE.replace(/^export \{[^}]*\};?\s*$/m, ''), new Set())).toThrow(/export list/);
  });

  it('empties the prop-types tables a production build would build for a no-op validator, and keeps the development-only propTypes', () => {
    const { code, emptied } = withoutPropTypeTables(MODULE);
    expect(emptied).toEqual(expect.arrayContaining(['dropdownPropTypes', 'propTypes$2']));
    expect(code).toMatch(/^var propTypes\$2 = \{\};$/m);
    expect(code).not.toMatch(/^var (propTypes(\$\d+)?|dropdownPropTypes) = (?!\{\};)/m);
    expect(code).toMatch(/process\.env\.NODE_ENV !== "production" \? Downshift\.propTypes = \{/);
    expect(() => withoutPropTypeTables(MODULE.replace(/^var dropdownPropTypes = /m, 'const dropdownPropTypes = '))).toThrow(/prop-types tables/);
  });
});
