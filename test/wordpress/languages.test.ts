import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { extract, POT, pot } from '../../scripts/make-pot.ts';
import { ALL_STRINGS } from '../helpers/strings.ts';

// The plugin's languages: the .pot is what its PHP gives, and the shopper-facing texts the plugin offers to
// translators (includes/strings.php) are the bundle's own (each widget's widgets/<name>/strings.ts), key for key and word for word.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('plugin/vitrine/languages/vitrine.pot is up to date (npm run pot)', () => {
  assert.equal(readFileSync(POT, 'utf8'), pot(extract()));
});

/**
 * Texts the plugin takes from WordPress core, in core's 'default' domain, so that WordPress's own translation serves
 * them (includes/older-woocommerce.php: the password toggle's, which core's login form has; plugin.test.ts checks
 * core has them).
 */
const CORE_TEXTS = ['Show password', 'Hide password'];

test('every admin string of the plugin is in the vitrine text domain (but the texts it takes from WordPress core)', () => {
  const files = ['vitrine.php', 'includes/admin.php', 'includes/class-vitrine-settings-page.php', 'includes/report.php', 'includes/requirements.php', 'includes/site-health.php', 'includes/strings.php', 'includes/older-woocommerce.php'];
  for (const file of files) {
    const source = readFileSync(path.join(ROOT, 'plugin', 'vitrine', file), 'utf8');
    for (const call of source.matchAll(/\b(?:__|_e|esc_html__|esc_html_e|esc_attr__|esc_attr_e)\(\s*'((?:[^'\\]|\\.)*)'\s*(?:,\s*'([^']*)')?\s*\)/g)) {
      if (call[2] === 'default' && CORE_TEXTS.includes(call[1]!)) continue;
      assert.equal(call[2], 'vitrine', `${file}: ${call[0]}`);
    }
  }
});

test("includes/strings.php offers translators exactly the texts of the widgets' string tables", () => {
  const source = readFileSync(path.join(ROOT, 'plugin', 'vitrine', 'includes', 'strings.php'), 'utf8');
  const php: Record<string, string> = {};
  for (const match of source.matchAll(/^\t\t'(\w+)' => __\( '((?:[^'\\]|\\.)*)', 'vitrine' \),$/gm)) php[match[1]!] = match[2]!.replace(/\\(['\\])/g, '$1');
  assert.deepEqual(php, { ...ALL_STRINGS });
});
