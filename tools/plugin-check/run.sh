#!/usr/bin/env bash
# Runs the WordPress.org Plugin Check (github.com/WordPress/plugin-check, 2.0.0) against the Vitrine plugin as it is
# installed in the real-shop kit's WordPress, end to end, and prints its errors and warnings.
#
#   bash tools/plugin-check/run.sh
#
# Environment (all optional):
#   WP=/tmp/shopdev/wp        WordPress root of a running real-shop kit shop (its setup.sh, or the suite with VITRINE_SHOP_KEEP=1)
#   PLUGIN=vitrine            plugin to check (a folder under wp-content/plugins, or an absolute directory)
#   WP_LATEST=7.0             the "current" WordPress version Plugin Check would read from api.wordpress.org
#                             (unreachable here). Unset: the version checks of readme/header are skipped, as
#                             Plugin Check does when it cannot reach the API. Set it to see what WordPress.org sees.
#   RUNTIME=1                 also the runtime pass (performance checks); 0 to skip
#   SELFTEST=1                first check a deliberately bad sample plugin, to prove the tool chain reports findings
#   MIRROR=/work/.mirror      where the session's `fetch` tool put the GitHub snapshots (bare git dirs)
#   REMOVE=0                  1: delete wp-content/plugins/plugin-check from the shop at the end
#   WP_URL=http://127.0.0.1:18080  only to warn when the shop's web server is down
#
# Needs: php 8.x CLI with mysqli, tokenizer, xmlreader, simplexml, xmlwriter, mbstring; rsync; the snapshots below
# (brought with the fetch tool: github:<owner>/<repo>). Plugin Check is never activated; at the end it is made sure
# to be inactive and its throwaway runtime tables are gone.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
WP=${WP:-/tmp/shopdev/wp}
PLUGIN=${PLUGIN:-vitrine}
MIRROR=${MIRROR:-/work/.mirror}
RUNTIME=${RUNTIME:-1}
SELFTEST=${SELFTEST:-1}
REMOVE=${REMOVE:-0}
NICE=(nice -n 10)
LATEST=(); SUF=; [ -n "${WP_LATEST:-}" ] && { LATEST=(--wp-latest="$WP_LATEST"); SUF=-wp$WP_LATEST; }

# ---- 1. Pinned sources -------------------------------------------------------------------------------------------
# repo (as fetched)            commit                                    what it provides
PINS=(
  "Zezo-Ai/plugin-check        597908a67eea91c5025dc309692c889a2773dfb6  plugin-check 2.0.0 (mirror of WordPress/plugin-check trunk, 2026-07-01; the stored WordPress/plugin-check snapshot stops at 1.2.0+ of 2024-10)"
  "thaikolja/ai-image-renamer   130f9bbbc0de7c3187ffa3ec8a371794128f299b  its committed vendor/: squizlabs/php_codesniffer 3.13.5, phpcsstandards/phpcsutils 1.2.2, phpcsstandards/phpcsextra 1.5.0"
  "WordPress/WordPress-Coding-Standards 7795ec6fa05663d716a549d0b44e47ffc8b0d4a6  WPCS 3.3.0 (tag)"
  "Automattic/VIP-Coding-Standards 2b1d206d81b74ed999023cffd924f862ff2753c8  VIPCS 3.0.1 (as plugin-check's composer.lock)"
  "sirbrillig/phpcs-variable-analysis c019db09aafe18c0d929f9c55a47b55c5698f438  VariableAnalysis 2.x (2024-03; lock has 2.11.21, only needed for VIPCS's ruleset to load)"
  "nikic/PHP-Parser              51bd93cc741b7fc3d63d20b6bdcd99fdaa359837  php-parser v4.19.5 (as lock)"
  "patrickschur/language-detection df8d32021b2ef9fde52e6fcccb83e3806822c9c6  language-detection v5.3.1 (as lock)"
)
gd() { echo "$MIRROR/${1/\//+}/repo"; }
for pin in "${PINS[@]}"; do
  read -r repo commit _ <<<"$pin"
  g=$(gd "$repo")
  [ -d "$g" ] || { echo "missing snapshot of $repo: run the fetch tool with github:$repo (expected $g)" >&2; exit 2; }
  git --git-dir="$g" cat-file -e "$commit^{commit}" 2>/dev/null || { echo "$repo: commit $commit not in $g" >&2; exit 2; }
done
# extract <repo> <commit>[:<subdir>] <dest>
extract() { rm -rf "$3"; mkdir -p "$3"; git --git-dir="$(gd "$1")" archive --format=tar "$2" | tar -x -C "$3"; }

# ---- 2. Assemble plugin-check with a vendor/ that composer would have made -----------------------------------------
B=$HERE/build/plugin-check; V=$B/vendor; T=thaikolja/ai-image-renamer; TC=130f9bbbc0de7c3187ffa3ec8a371794128f299b
echo "== assembling $B"
extract Zezo-Ai/plugin-check 597908a67eea91c5025dc309692c889a2773dfb6 "$B"
rm -rf "$B/tests" "$B/.github"
extract $T "$TC:vendor/squizlabs/php_codesniffer"      "$V/squizlabs/php_codesniffer"
rm -rf "$V/squizlabs/php_codesniffer/tests"
extract $T "$TC:vendor/phpcsstandards/phpcsutils"      "$V/phpcsstandards/phpcsutils"
extract $T "$TC:vendor/phpcsstandards/phpcsextra"      "$V/phpcsstandards/phpcsextra"
extract WordPress/WordPress-Coding-Standards 7795ec6fa05663d716a549d0b44e47ffc8b0d4a6 "$V/wp-coding-standards/wpcs"
extract Automattic/VIP-Coding-Standards 2b1d206d81b74ed999023cffd924f862ff2753c8 "$V/automattic/vipwpcs"
extract sirbrillig/phpcs-variable-analysis c019db09aafe18c0d929f9c55a47b55c5698f438 "$V/sirbrillig/phpcs-variable-analysis"
extract nikic/PHP-Parser 51bd93cc741b7fc3d63d20b6bdcd99fdaa359837 "$V/nikic/php-parser"
extract patrickschur/language-detection df8d32021b2ef9fde52e6fcccb83e3806822c9c6 "$V/patrickschur/language-detection"
# plugin-check/phpcs-sniffs is a composer "path" repository inside plugin-check (.distignore ships it in vendor/).
mkdir -p "$V/plugin-check"; cp -a "$B/phpcs-sniffs" "$V/plugin-check/phpcs-sniffs"

# What dealerdirect/phpcodesniffer-composer-installer would write: the standards PHPCS should know.
cat >"$V/squizlabs/php_codesniffer/CodeSniffer.conf" <<'EOF'
<?php
 $phpCodeSnifferConfig = array (
  'installed_paths' => '../../automattic/vipwpcs,../../phpcsstandards/phpcsextra,../../phpcsstandards/phpcsutils,../../plugin-check/phpcs-sniffs,../../sirbrillig/phpcs-variable-analysis,../../wp-coding-standards/wpcs',
)
?>
EOF
# What composer's autoloader would do for the packages plugin-check loads outside PHPCS (PSR-4 maps from each
# composer.json; PHPCS loads its standards, PHPCSUtils included, through installed_paths).
cat >"$V/autoload.php" <<'EOF'
<?php
// Handwritten stand-in for Composer's vendor/autoload.php (Packagist is unreachable here).
spl_autoload_register(
	static function ( $class ) {
		static $map = null;
		if ( null === $map ) {
			$v   = __DIR__;
			$map = array(
				'WordPress\\Plugin_Check\\' => dirname( $v ) . '/includes/',
				'PhpParser\\'               => $v . '/nikic/php-parser/lib/PhpParser/',
				'LanguageDetection\\'       => $v . '/patrickschur/language-detection/src/LanguageDetection/',
				'VariableAnalysis\\'        => $v . '/sirbrillig/phpcs-variable-analysis/VariableAnalysis/',
			);
		}
		foreach ( $map as $prefix => $dir ) {
			if ( 0 === strncmp( $class, $prefix, strlen( $prefix ) ) ) {
				$file = $dir . str_replace( '\\', '/', substr( $class, strlen( $prefix ) ) ) . '.php';
				if ( is_file( $file ) ) {
					require $file;
				}
				return;
			}
		}
	}
);
EOF
"${NICE[@]}" php "$V/squizlabs/php_codesniffer/bin/phpcs" --version
"${NICE[@]}" php "$V/squizlabs/php_codesniffer/bin/phpcs" -i

# ---- 3. Install into the shop (not activated) ----------------------------------------------------------------------
[ -f "$WP/wp-load.php" ] || { echo "no WordPress at $WP" >&2; exit 2; }
curl -s -o /dev/null --max-time 5 "${WP_URL:-http://127.0.0.1:18080}/" ||
  echo "warning: the shop's web server does not answer; the database must still be up (start.sh db)" >&2
echo "== installing into $WP/wp-content/plugins/plugin-check"
rsync -a --delete "$B/" "$WP/wp-content/plugins/plugin-check/"
before=$("${NICE[@]}" php "$HERE/pc-db.php" "$WP" list)
[ -z "$before" ] || { echo "tables with Plugin Check's runtime prefix already exist, not touching them:" >&2; echo "$before" >&2; RUNTIME=0; }

cleanup() {
  "${NICE[@]}" php "$HERE/pc-db.php" "$WP" inactive || true
  [ -n "$before" ] || "${NICE[@]}" php "$HERE/pc-db.php" "$WP" drop || true
  [ "$REMOVE" != 1 ] || rm -rf "$WP/wp-content/plugins/plugin-check"
}
trap cleanup EXIT

run() { "${NICE[@]}" php "$HERE/run-check.php" --wp="$WP" "$@"; }

# ---- 4. Self-test: the chain must report what a bad plugin does wrong --------------------------------------------
if [ "$SELFTEST" = 1 ]; then
  S=$HERE/selftest/sample-bad; mkdir -p "$S"
  cat >"$S/sample-bad.php" <<'EOF'
<?php
/**
 * Plugin Name: Sample Bad
 * Version: 1.0
 */
function doit() {
	echo $_GET['x'];
	update_option( 'foo', $_POST['y'] );
	$wpdb->query( "SELECT * FROM t WHERE a = {$_GET['a']}" );
	eval( base64_decode( 'ZWNobyAxOw==' ) );
}
EOF
  printf '=== Sample ===\nStable tag: 1.0\n\nshort\n' >"$S/readme.txt"
  out=$(run --plugin="$S" --json="$HERE/selftest/results.json" 2>&1 || true)
  for code in WordPress.Security.EscapeOutput.OutputNotEscaped WordPress.Security.NonceVerification \
              PluginCheck.Security.DirectDB.UnescapedDBParameter Generic.PHP.ForbiddenFunctions.Found \
              missing_direct_file_access_protection plugin_header_no_license missing_readme_header_tested; do
    grep -q "\[$code" <<<"$out" || { echo "SELFTEST FAILED: $code not reported for the sample plugin" >&2; echo "$out" >&2; exit 4; }
  done
  echo "== selftest ok: $(tail -n 1 <<<"$out") reported for the deliberately bad sample"
fi

# ---- 5. The checks --------------------------------------------------------------------------------------------------
echo; echo "== pass 1: category plugin_repo (static)"
run --plugin="$PLUGIN" --categories=plugin_repo "${LATEST[@]}" --json="$HERE/results-plugin_repo$SUF.json" || true
echo; echo "== pass 2: all categories (static), experimental checks included"
set +e
run --plugin="$PLUGIN" --include-experimental "${LATEST[@]}" --json="$HERE/results-all-static$SUF.json"
rc=$?
set -e
if [ "$RUNTIME" = 1 ]; then
  echo; echo "== pass 3: all categories, static + runtime (Plugin Check's throwaway site in {prefix}pc_* tables)"
  run --plugin="$PLUGIN" --runtime "${LATEST[@]}" --json="$HERE/results-all-runtime$SUF.json" || true
fi
exit $rc
