<?php
/**
 * Runs WordPress.org Plugin Check (github.com/WordPress/plugin-check) against an installed plugin
 * the way `wp plugin check <plugin>` does, without wp-cli.
 *
 * Usage: php run-check.php --wp=/path/to/wp --plugin=vitrine [--categories=plugin_repo,security]
 *                          [--checks=slug,slug] [--runtime] [--include-experimental] [--json=out.json]
 *
 * Static pass (default): WordPress is loaded first, then CLI_Runner is created: like `wp plugin check`
 * without Plugin Check's object-cache.php drop-in, only static checks run (that is what CLI_Runner
 * decides when it is created after muplugins_loaded).
 *
 * --runtime: also the runtime checks (category performance: enqueued scripts/styles size and scope, …).
 * What Plugin Check's object-cache.php drop-in does for `wp plugin check` (create the runner before
 * muplugins_loaded) is done here from the `enable_loading_object_cache_dropin` filter, which WordPress
 * applies from wp_start_object_cache() before muplugins_loaded; no drop-in file is written (the constant
 * the drop-in defines is defined here instead, so Runtime_Environment_Setup does not copy one either).
 * Plugin Check then installs a throwaway WordPress in `{$table_prefix}pc_*` tables, forces the minimal
 * theme and only the checked plugin (plus its Requires Plugins dependencies) active for this process,
 * runs the checks, and drops its core tables again. run.sh drops any other leftover `{$table_prefix}pc_*`
 * tables (WooCommerce's, when it is a dependency).
 *
 * WP_CLI is not defined (other plugins would try to register their wp-cli commands), so CLI_Runner's
 * parameters are fed through $_SERVER['argv'] exactly as wp-cli would have them.
 */

$pc_opts = getopt( '', array( 'wp:', 'plugin:', 'categories:', 'checks:', 'runtime', 'include-experimental', 'json:', 'exclude-checks:', 'wp-latest:', 'slug:' ) );
$pc_wp   = rtrim( $pc_opts['wp'] ?? '', '/' );
if ( ! $pc_wp || ! file_exists( $pc_wp . '/wp-load.php' ) ) {
	fwrite( STDERR, "--wp=<WordPress root> is required\n" );
	exit( 2 );
}
$pc_plugin  = $pc_opts['plugin'] ?? 'vitrine';
$pc_runtime = isset( $pc_opts['runtime'] );

// The argv that `wp plugin check …` would have; CLI_Runner reads its parameters from it.
$pc_argv_wp = array( 'wp', 'plugin', 'check', $pc_plugin );
foreach ( array( 'categories', 'checks', 'exclude-checks' ) as $pc_k ) {
	if ( ! empty( $pc_opts[ $pc_k ] ) ) {
		$pc_argv_wp[] = "--$pc_k=" . $pc_opts[ $pc_k ];
	}
}
if ( isset( $pc_opts['include-experimental'] ) ) {
	$pc_argv_wp[] = '--include-experimental';
}
$_SERVER['argv'] = $pc_argv_wp;
$_SERVER['argc'] = count( $pc_argv_wp );

// A plausible request environment for WordPress loaded from the command line.
$_SERVER['HTTP_HOST']       = $_SERVER['HTTP_HOST'] ?? parse_url( getenv( 'WP_URL' ) ?: 'http://127.0.0.1:18080', PHP_URL_HOST ) . ':' . ( parse_url( getenv( 'WP_URL' ) ?: 'http://127.0.0.1:18080', PHP_URL_PORT ) ?: 80 );
$_SERVER['SERVER_NAME']     = '127.0.0.1';
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';

$GLOBALS['pc_plugin_dir'] = $pc_wp . '/wp-content/plugins/plugin-check';

if ( $pc_runtime ) {
	// Pre-initialised hook (WP_Hook::build_preinitialized_hooks): runs inside wp_start_object_cache(),
	// i.e. where Plugin Check's object-cache.php drop-in would run.
	$GLOBALS['wp_filter']['enable_loading_object_cache_dropin'][1]['plugin_check_runner'] = array(
		'accepted_args' => 1,
		'function'      => static function ( $enable ) {
			static $done = false;
			if ( $done ) {
				return $enable;
			}
			$done = true;
			define( 'WP_PLUGIN_CHECK_OBJECT_CACHE_DROPIN_VERSION', 1 );
			require_once $GLOBALS['pc_plugin_dir'] . '/vendor/autoload.php';
			$pc_runner = new WordPress\Plugin_Check\Checker\CLI_Runner();
			// What Plugin_Request_Utility::initialize_runner() does when CLI_Runner::is_plugin_check() is true.
			add_action(
				'muplugins_loaded',
				static function () use ( $pc_runner ) {
					$cleanup = $pc_runner->prepare();
					Closure::bind(
						static function () use ( $pc_runner, $cleanup ) {
							static::$runner  = $pc_runner;
							static::$cleanup = $cleanup;
						},
						null,
						WordPress\Plugin_Check\Utilities\Plugin_Request_Utility::class
					)();
				}
			);
			return $enable;
		},
	);
}

// --wp-latest=X.Y: the "current" WordPress version that Plugin Check would read from
// api.wordpress.org/core/version-check/1.7/ (unreachable here, and the shop blocks external HTTP). Without it the
// version-dependent readme/header checks (outdated "Tested up to", nonexistent "Requires at least") are skipped.
if ( ! empty( $pc_opts['wp-latest'] ) ) {
	$GLOBALS['wp_filter']['pre_transient_wp_plugin_check_latest_version_info'][10]['plugin_check_wp_latest'] = array(
		'accepted_args' => 1,
		'function'      => static function () {
			return array( 'current' => $GLOBALS['pc_opts']['wp-latest'] );
		},
	);
}

require $pc_wp . '/wp-load.php';

// Plugin Check need not be active: load it as WordPress would.
if ( ! defined( 'WP_PLUGIN_CHECK_VERSION' ) ) {
	require_once $GLOBALS['pc_plugin_dir'] . '/plugin.php';
}

use WordPress\Plugin_Check\Checker\CLI_Runner;
use WordPress\Plugin_Check\Utilities\Plugin_Request_Utility;
use WordPress\Plugin_Check\Utilities\Results_Exporter;

// From here on: Plugin_Check_Command::check() with its defaults (format table, no severity filter).
$pc_runner = Plugin_Request_Utility::get_runner();
if ( null === $pc_runner ) {
	$pc_runner = new CLI_Runner();
}
$pc_categories = ! empty( $pc_opts['categories'] ) ? wp_parse_list( $pc_opts['categories'] ) : array();
$pc_checks     = ! empty( $pc_opts['checks'] ) ? wp_parse_list( $pc_opts['checks'] ) : array();
$pc_excluded   = ! empty( $pc_opts['exclude-checks'] ) ? wp_parse_list( $pc_opts['exclude-checks'] ) : array();

$pc_runner->set_experimental_flag( isset( $pc_opts['include-experimental'] ) );
$pc_runner->set_check_slugs( $pc_checks );
$pc_runner->set_check_exclude_slugs( $pc_excluded );
$pc_runner->set_plugin( $pc_plugin );
$pc_runner->set_categories( $pc_categories );
// As Plugin_Check_Command::check(): a directory path gets its basename as slug.
$pc_runner->set_slug( $pc_opts['slug'] ?? ( is_dir( $pc_plugin ) ? basename( $pc_plugin ) : '' ) );
$pc_runner->set_mode( 'new' );
$pc_runner->set_use_ai( false );

$pc_to_run = $pc_runner->get_checks_to_run();
$pc_ran    = array_keys( $pc_to_run );

// Preflight: Abstract_PHP_CodeSniffer_Check drops PHPCS's output silently when it is not a JSON report
// (e.g. "Referenced sniff … does not exist" when a dependency is too old), which would look like
// "no findings". Run each PHPCS-based check's own arguments through bin/phpcs once and insist on JSON.
$pc_ctx_method = new ReflectionMethod( WordPress\Plugin_Check\Checker\Abstract_Check_Runner::class, 'get_check_context' );
$pc_ctx_method->setAccessible( true );
$pc_ctx   = $pc_ctx_method->invoke( $pc_runner );
$pc_phpcs = WP_PLUGIN_CHECK_PLUGIN_DIR_PATH . 'vendor/squizlabs/php_codesniffer/bin/phpcs';
$pc_bad   = 0;
$pc_notes = array();
foreach ( $pc_to_run as $pc_slug => $pc_check ) {
	if ( ! $pc_check instanceof WordPress\Plugin_Check\Checker\Checks\Abstract_PHP_CodeSniffer_Check ) {
		continue;
	}
	$pc_get_args = new ReflectionMethod( $pc_check, 'get_args' );
	$pc_get_args->setAccessible( true );
	$pc_args = $pc_get_args->invoke( $pc_check, new WordPress\Plugin_Check\Checker\Check_Result( $pc_ctx ) );
	$pc_cmd  = array( PHP_BINARY, $pc_phpcs, $pc_ctx->path(), '--report=json', '-q' );
	foreach ( array( 'standard', 'extensions', 'sniffs', 'exclude' ) as $pc_k ) {
		if ( isset( $pc_args[ $pc_k ] ) ) {
			$pc_cmd[] = "--$pc_k=" . $pc_args[ $pc_k ];
		}
	}
	foreach ( (array) ( $pc_args['runtime-set'] ?? array() ) as $pc_rk => $pc_rv ) {
		array_push( $pc_cmd, '--runtime-set', $pc_rk, $pc_rv );
	}
	$pc_out  = shell_exec( implode( ' ', array_map( 'escapeshellarg', $pc_cmd ) ) . ' 2>&1' );
	$pc_json = json_decode( trim( (string) $pc_out ), true );
	if ( false !== strpos( (string) $pc_out, 'No sniffs were registered' ) && isset( $pc_args['sniffs'] ) && 0 === strpos( $pc_args['sniffs'], 'Internal.' ) ) {
		// Upstream behaviour with the PHPCS its composer.lock pins (3.13.5): a --sniffs filter naming only an
		// Internal.* code registers no sniff, PHPCS refuses to run, and Plugin Check reports nothing for this
		// check. Look for that Internal.* code with the whole standard instead, and say so.
		$pc_cmd2 = array_values( array_filter( $pc_cmd, static fn( $a ) => 0 !== strpos( $a, '--sniffs=' ) ) );
		$pc_j2   = json_decode( trim( (string) shell_exec( implode( ' ', array_map( 'escapeshellarg', $pc_cmd2 ) ) . ' 2>&1' ) ), true );
		$pc_hits = array();
		foreach ( (array) ( $pc_j2['files'] ?? array() ) as $pc_f => $pc_fr ) {
			foreach ( $pc_fr['messages'] as $pc_m ) {
				if ( 0 === strpos( $pc_m['source'], rtrim( $pc_args['sniffs'], '.' ) ) ) {
					$pc_hits[] = "$pc_f:{$pc_m['line']} {$pc_m['source']}";
				}
			}
		}
		$pc_notes[] = "check $pc_slug: PHPCS registers no sniff for --sniffs={$pc_args['sniffs']} (upstream behaviour with PHPCS 3.13.5; Plugin Check itself reports nothing for it). "
			. 'Same code looked for with the whole ' . $pc_args['standard'] . ' standard: ' . ( $pc_hits ? implode( '; ', $pc_hits ) : 'none found' ) . '.';
		continue;
	}
	if ( ! is_array( $pc_json ) || ! isset( $pc_json['totals'] ) ) {
		++$pc_bad;
		fwrite( STDERR, "PREFLIGHT FAILED for check $pc_slug: PHPCS did not produce a JSON report:\n" . substr( (string) $pc_out, 0, 2000 ) . "\n" );
	}
}
if ( $pc_bad ) {
	fwrite( STDERR, "$pc_bad PHPCS-based checks cannot run; their findings would be silently missing. Aborting.\n" );
	exit( 3 );
}

try {
	$pc_result = $pc_runner->run();
} finally {
	Plugin_Request_Utility::destroy_runner();
}

$pc_rows = array();
$pc_errors   = $pc_result->get_errors();
$pc_warnings = $pc_result->get_warnings();
foreach ( array_unique( array_merge( array_keys( $pc_errors ), array_keys( $pc_warnings ) ) ) as $pc_file ) {
	foreach ( Results_Exporter::flatten_file_results( $pc_errors[ $pc_file ] ?? array(), $pc_warnings[ $pc_file ] ?? array() ) as $pc_item ) {
		$pc_rows[] = array( 'file' => $pc_file ) + $pc_item;
	}
}

$pc_n_err  = count( array_filter( $pc_rows, static fn( $pc_r ) => 'ERROR' === $pc_r['type'] ) );
$pc_n_warn = count( $pc_rows ) - $pc_n_err;

printf(
	"Plugin Check %s on %s (%s pass); categories: %s; latest WordPress: %s\nchecks run (%d): %s\n\n",
	WP_PLUGIN_CHECK_VERSION,
	$pc_plugin,
	$pc_runtime ? 'static + runtime' : 'static',
	$pc_categories ? implode( ',', $pc_categories ) : 'all',
	$pc_opts['wp-latest'] ?? 'unknown (offline: version checks skipped)',
	count( $pc_ran ),
	implode( ', ', $pc_ran )
);
foreach ( $pc_rows as $pc_r ) {
	printf( "%-7s %s:%d:%d  [%s] (severity %s)\n        %s\n", $pc_r['type'], $pc_r['file'], $pc_r['line'], $pc_r['column'], $pc_r['code'], $pc_r['severity'] ?? '', html_entity_decode( wp_strip_all_tags( $pc_r['message'] ), ENT_QUOTES ) );
}
foreach ( $pc_notes as $pc_note ) {
	echo "\nNOTE: $pc_note\n";
}
printf( "\n%d errors, %d warnings\n", $pc_n_err, $pc_n_warn );

if ( ! empty( $pc_opts['json'] ) ) {
	file_put_contents(
		$pc_opts['json'],
		wp_json_encode(
			array(
				'plugin_check' => WP_PLUGIN_CHECK_VERSION,
				'runtime'      => $pc_runtime,
				'wp_latest'    => $pc_opts['wp-latest'] ?? null,
				'categories'   => $pc_categories,
				'checks'       => $pc_ran,
				'results'      => $pc_rows,
				'notes'        => $pc_notes,
			),
			JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES
		)
	);
}
exit( $pc_n_err > 0 ? 1 : 0 );
