import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writePluginZip } from '../../scripts/package.ts';
import { freePort } from '../helpers/free-port.ts';

// A throwaway WordPress for the plugin test: Debian's WordPress core (read only, linked into a temp tree with
// its own wp-config.php and wp-content), MariaDB on a private socket, `php -S` on 127.0.0.1, the fixture
// theme and plugin, and Vitrine installed from the same zip `npm run package` writes. Everything lives in
// one temp folder and stops with stop(), or when the process exits.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const CORE = process.env.WORDPRESS_CORE || '/usr/share/wordpress';
const PACKAGES = ['php-cli', 'php-mysql', 'mariadb-server', 'wordpress'];

const have = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const mariadbd = () => ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'].find((file) => existsSync(file));

/** Installs Debian's php, mariadb and wordpress when missing (as root), or says in one line what to install. */
export function ensurePackages(): void {
  const missing = () => !have('php') || !mariadbd() || !have('mariadb-install-db') || !existsSync(`${CORE}/wp-settings.php`) || !phpHasMysqli();
  if (!missing()) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`The WordPress test needs Debian's ${PACKAGES.join(' ')}: run \`sudo apt-get install -y ${PACKAGES.join(' ')}\` (or run the test as root).`);
  }
  console.log(`# installing ${PACKAGES.join(' ')} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...PACKAGES], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (missing()) throw new Error(`apt-get installed ${PACKAGES.join(' ')}, but php, mariadbd or ${CORE} is still missing`);
}

function phpHasMysqli(): boolean {
  return spawnSync('php', ['-r', 'exit(extension_loaded("mysqli") ? 0 : 1);'], { stdio: 'ignore' }).status === 0;
}

/** Whether a child still runs (an exited child not yet reaped shows as a zombie, state Z). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

export interface Site {
  url: string;
  /** The WordPress root. */
  dir: string;
  /** The vitrine.zip the site installed. */
  zip: string;
  /** Runs test/wordpress/cli.php (activate, deactivate, option). */
  cli(...args: string[]): string;
  stop(): void;
}

export async function startSite(): Promise<Site> {
  ensurePackages();
  // WORDPRESS_TEST_TMP: where the temp folder goes (.ci/run passes its own, to clean up after a crash).
  const dir = mkdtempSync(path.join(process.env.WORDPRESS_TEST_TMP || tmpdir(), 'vitrine-wp-'));
  const children: ChildProcess[] = [];
  let php: ChildProcess | undefined;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const child of children.reverse()) {
      if (child.exitCode === null && child.pid) {
        try {
          // php -S runs its workers in the process group it leads; mariadbd is a single process.
          process.kill(child === php ? -child.pid : child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
    }
    // mariadbd flushes its files on SIGTERM: wait for it (5 s at most) before removing them.
    for (let i = 0; i < 50 && children.some((child) => child.pid && alive(child.pid)); i++) spawnSync('sleep', ['0.1']);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop();
      process.exit(1);
    });
  }
  try {
    // The database: a private data folder and socket, no TCP.
    const data = path.join(dir, 'db');
    const socket = path.join(dir, 'mysqld.sock');
    const asRoot = process.getuid?.() === 0 ? ['--user=root'] : [];
    execFileSync('mariadb-install-db', ['--no-defaults', ...asRoot, `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db'], {
      stdio: 'ignore',
    });
    const db = spawn(
      mariadbd()!,
      ['--no-defaults', ...asRoot, `--datadir=${data}`, `--socket=${socket}`, '--skip-networking', `--pid-file=${dir}/mysqld.pid`, `--log-error=${dir}/mysqld.err`, '--skip-log-bin', '--innodb-buffer-pool-size=32M'],
      { stdio: 'ignore' },
    );
    children.push(db);
    await waitFor('mariadbd', () => spawnSync('mariadb', ['--no-defaults', '-S', socket, '-u', 'root', '-e', 'CREATE DATABASE IF NOT EXISTS wordpress']).status === 0);

    // WordPress core, linked: top-level files are copied so that ABSPATH (dirname(__FILE__)) is this tree.
    const wp = path.join(dir, 'wp');
    mkdirSync(path.join(wp, 'wp-content', 'plugins'), { recursive: true });
    mkdirSync(path.join(wp, 'wp-content', 'themes'), { recursive: true });
    for (const name of readdirSync(CORE)) {
      if (name === 'wp-config.php' || name === 'wp-content') continue;
      if (name === 'wp-admin' || name === 'wp-includes') symlinkSync(path.join(CORE, name), path.join(wp, name));
      else cpSync(path.join(CORE, name), path.join(wp, name), { dereference: true });
    }
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    writeFileSync(
      path.join(wp, 'wp-config.php'),
      `<?php
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', 'localhost:${socket}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
define( 'WP_HOME', '${url}' );
define( 'WP_SITEURL', '${url}' );
define( 'WP_CONTENT_DIR', __DIR__ . '/wp-content' );
define( 'WP_CONTENT_URL', '${url}/wp-content' );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'FS_METHOD', 'direct' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', true );
define( 'WP_DEBUG_LOG', false );
${['AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE'].map((k) => `define( '${k}_KEY', 'vitrine-test-${k}' );\ndefine( '${k}_SALT', 'vitrine-test-${k}-salt' );`).join('\n')}
$table_prefix = 'wp_';
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`,
    );
    cpSync(path.join(HERE, 'fixture-theme'), path.join(wp, 'wp-content', 'themes', 'fixture-theme'), { recursive: true });
    cpSync(path.join(HERE, 'fixture-woocommerce'), path.join(wp, 'wp-content', 'plugins', 'fixture-woocommerce'), { recursive: true });

    const env = { ...process.env, FIXTURE_SITE_URL: url };
    const cli = (...args: string[]) => {
      const result = spawnSync('php', [path.join(HERE, 'cli.php'), wp, ...args], { env, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`cli.php ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
      return result.stdout.trim();
    };
    cli('install', url);
    // Vitrine goes in as a site owner's upload does: the zip `npm run package` writes, through WordPress's
    // own plugin installer.
    const zip = path.join(dir, 'vitrine.zip');
    // VITRINE_DIST: a bundle built elsewhere, as for the e2e suite (while another build rewrites dist/).
    writePluginZip(zip, ROOT, process.env.VITRINE_DIST ? path.resolve(process.env.VITRINE_DIST) : undefined);
    const installed = cli('upload-plugin', zip);
    if (JSON.parse(installed) !== 'vitrine/vitrine.php') throw new Error(`the uploaded zip installed ${installed}, not vitrine/vitrine.php`);

    php = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', wp, path.join(HERE, 'router.php')], {
      detached: true,
      stdio: ['ignore', 'ignore', openSync(path.join(dir, 'php.log'), 'w')],
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
    });
    children.push(php);
    writeFileSync(path.join(dir, 'php.pid'), String(php.pid));
    await waitFor('php -S', async () => (await fetch(`${url}/wp-includes/images/blank.gif`)).ok);
    return { url, dir: wp, zip, cli, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
