import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writePluginZip } from '../../scripts/package.ts';
import { DEMO_ADDRESSES } from '../fixtures/demo-addresses.ts';
import { freePort } from '../helpers/free-port.ts';

// A genuine WordPress 6.8 + WooCommerce 10 shop for the genuine-shop suite, built by the real-shop kit (which lives
// outside the repository: VITRINE_SHOP_KIT, default ../shared/real-shop) in a temp folder of its own, on free ports,
// with Vitrine installed from the zip `npm run package` writes, and stopped with everything it started.

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, '../..');

/** Where the kit is, and whether it is usable: `null` when it is, or one line saying what is missing. */
export function findKit(): { dir: string; missing: string | null } {
  const dir = path.resolve(ROOT, process.env.VITRINE_SHOP_KIT || '../shared/real-shop');
  if (!existsSync(path.join(dir, 'setup.sh')) || !existsSync(path.join(dir, 'sources.tar.xz'))) {
    return {
      dir,
      missing: `no real-shop kit at ${dir} (setup.sh and sources.tar.xz): set VITRINE_SHOP_KIT to the kit's folder (the team keeps it in shared/real-shop)`,
    };
  }
  return { dir, missing: null };
}

/** The Debian packages the kit's setup.sh needs (its README's list). */
export const KIT_PACKAGES = [
  'mariadb-server',
  'mariadb-client',
  'php8.2-cli',
  'php8.2-mysql',
  'php8.2-xml',
  'php8.2-mbstring',
  'php8.2-curl',
  'php8.2-gd',
  'php8.2-intl',
  'php8.2-zip',
  'php8.2-bcmath',
  'curl',
  'xz-utils',
];

/** Sets every file under `dir` to the current time. */
function touchTree(dir: string): void {
  const now = new Date();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) touchTree(file);
    else utimesSync(file, now, now);
  }
}

export interface Shop {
  url: string;
  /** The shop folder (wp/, db/, run/, logs/). */
  dir: string;
  /** Runs one of the kit's scripts/*.php against this shop. */
  kitPhp(script: string, ...args: string[]): string;
  /** Reads the shop's database (test/shop/wordpress/query.php): its JSON answer, parsed. */
  query<T>(command: string, ...args: string[]): T;
  /**
   * Moves the shop's PHP server to `port`, or back to the shop's own port with `null`. WordPress keeps its address
   * (`url`), so whatever listens there next sees every request: the bench's compressing front (scripts/gzip-front.ts).
   */
  serveOn(port: number | null): void;
  stop(): void;
}

/** Installs the kit's packages as root when any is missing (CI); otherwise says which are missing. */
export function ensureKitPackages(): void {
  const phpOk = spawnSync('php', ['-r', 'exit(extension_loaded("mysqli") && extension_loaded("gd") && extension_loaded("intl") ? 0 : 1);']).status === 0;
  const dbOk = existsSync('/usr/sbin/mariadbd') && spawnSync('sh', ['-c', 'command -v mariadb-install-db']).status === 0;
  if (phpOk && dbOk) return;
  if (process.getuid?.() !== 0) throw new Error(`the real-shop kit needs Debian's ${KIT_PACKAGES.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...KIT_PACKAGES], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (result.status !== 0) throw new Error(`apt-get install ${KIT_PACKAGES.join(' ')} failed`);
}

/**
 * VITRINE_SHOP_WOOCOMMERCE=<folder>: another WooCommerce release (the released plugin's folder, e.g. `git archive 9.4.3`
 * of a mirror of the plugin's releases) in place of the kit's 10.0.2, on the database the kit seeded with 10.0.2. A
 * developer's check of the releases the plugin supports (test/shop/README.md); CI has only the kit's release.
 */
function swapWooCommerce(wp: string, release: string): string {
  const main = path.join(release, 'woocommerce.php');
  if (!existsSync(main)) throw new Error(`VITRINE_SHOP_WOOCOMMERCE: no woocommerce.php in ${release}`);
  const version = /^\s*\*\s*Version:\s*(\S+)/m.exec(readFileSync(main, 'utf8'))?.[1] ?? '?';
  const target = path.join(wp, 'wp-content', 'plugins', 'woocommerce');
  rmSync(target, { recursive: true, force: true });
  cpSync(release, target, { recursive: true });
  // Copied files keep their old times: PHP's opcache goes by the time, and would serve the release it had.
  touchTree(target);
  return `WooCommerce ${version} in place of the kit's (from ${release})`;
}

/** Where a shop lives: its folder (wp/, db/, run/, logs/) and the ports of its PHP server and MariaDB. */
interface ShopPlace {
  dir: string;
  httpPort: number;
  dbPort: number;
}

/** The environment the kit's scripts read their shop from. */
const kitEnv = (place: ShopPlace) => ({
  ...process.env,
  WCREAL_DIR: place.dir,
  WCREAL_HTTP_PORT: String(place.httpPort),
  WCREAL_DB_PORT: String(place.dbPort),
  WCREAL_THEME: 'twentytwentyone',
  WCREAL_SKIP_SMOKE: '1',
  WCREAL_FORCE: '1',
});

/** `dir:httpPort:dbPort`, as VITRINE_SHOP_REUSE and VITRINE_SHOP_PREBUILT give a shop. */
export const placeSpec = (place: ShopPlace) => `${place.dir}:${place.httpPort}:${place.dbPort}`;

function parsePlace(variable: string, spec: string): ShopPlace {
  const [dir, httpPort, dbPort, ...rest] = spec.split(':');
  const port = (text: string | undefined) => (text && /^\d+$/.test(text) && Number(text) > 0 && Number(text) < 65536 ? Number(text) : null);
  const http = port(httpPort);
  const db = port(dbPort);
  if (!dir || http === null || db === null || rest.length) throw new Error(`${variable} is "${spec}": it takes folder:http port:db port`);
  if (!existsSync(path.join(dir, 'wp'))) throw new Error(`${variable}: no shop the kit built in ${dir} (no wp/ folder)`);
  return { dir, httpPort: http, dbPort: db };
}

/**
 * Builds a shop with the kit's setup.sh (about a minute) in a temp folder of its own (under VITRINE_SHOP_TMP), on free
 * ports, and leaves it running. On a failure it stops what the kit started and throws with the kit's last words.
 */
export async function kitBuild(kit: string): Promise<ShopPlace> {
  ensureKitPackages();
  // setup.sh refuses a folder that is not empty; mkdtemp makes it empty.
  const place = { dir: mkdtempSync(path.join(process.env.VITRINE_SHOP_TMP || tmpdir(), 'vitrine-shop-')), httpPort: await freePort(), dbPort: await freePort() };
  const env = kitEnv(place);
  // The kit starts MariaDB and PHP in sessions of their own, which a Ctrl-C does not reach. With these listeners a
  // Ctrl-C (which setup.sh gets too) no longer ends this process at once: setup.sh fails, and what it started is
  // stopped below.
  const abandon = () => {
    spawnSync('bash', [path.join(kit, 'stop.sh')], { env, stdio: 'ignore' });
    if (!process.env.VITRINE_SHOP_KEEP) rmSync(place.dir, { recursive: true, force: true });
  };
  const abandonOnSignal = () => {
    abandon();
    process.exit(1);
  };
  process.once('exit', abandon);
  process.once('SIGINT', abandonOnSignal);
  process.once('SIGTERM', abandonOnSignal);
  let result: SpawnSyncReturns<string>;
  try {
    result = spawnSync('bash', [path.join(kit, 'setup.sh')], { env, encoding: 'utf8', cwd: kit, maxBuffer: 64 * 1024 * 1024 });
  } finally {
    process.off('exit', abandon);
    process.off('SIGINT', abandonOnSignal);
    process.off('SIGTERM', abandonOnSignal);
  }
  if (result.status !== 0) {
    abandon();
    throw new Error(`the kit's setup.sh failed (${result.status}):\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
  }
  return place;
}

/**
 * Builds a shop with the kit (about a minute), sets up the journeys' state (test/shop/wordpress/shop-state.php),
 * installs the suite's must-use plugin and Vitrine's zip, and activates Vitrine as the Plugins screen would.
 *
 * The shop may come ready: VITRINE_SHOP_PREBUILT=dir:httpPort:dbPort is one the kit built for this run beforehand
 * (CI builds it while the e2e passes run: test/shop/prebuild.ts), which the suite then owns and stops at its end;
 * VITRINE_SHOP_REUSE=dir:httpPort:dbPort is a developer's, built and started before and kept running afterwards.
 * Either way the suite's plugin, state and Vitrine's zip are installed again.
 */
export async function buildShop(kit: string, log: (line: string) => void = () => {}): Promise<Shop> {
  ensureKitPackages();
  const reuse = process.env.VITRINE_SHOP_REUSE ? parsePlace('VITRINE_SHOP_REUSE', process.env.VITRINE_SHOP_REUSE) : null;
  const prebuilt = !reuse && process.env.VITRINE_SHOP_PREBUILT ? parsePlace('VITRINE_SHOP_PREBUILT', process.env.VITRINE_SHOP_PREBUILT) : null;
  const started = Date.now();
  const place = reuse ?? prebuilt ?? (await kitBuild(kit));
  if (reuse) log(`shop reused (VITRINE_SHOP_REUSE) at http://127.0.0.1:${place.httpPort}`);
  else if (prebuilt) log(`shop built ahead by the kit (VITRINE_SHOP_PREBUILT) at http://127.0.0.1:${place.httpPort}`);
  else log(`shop built by the kit in ${Math.round((Date.now() - started) / 1000)} s at http://127.0.0.1:${place.httpPort}`);
  const { dir, httpPort } = place;
  const env = kitEnv(place);
  const url = `http://127.0.0.1:${httpPort}`;
  // A shop built ahead waited through the rest of CI: the kit's start.sh brings back a server that died meanwhile
  // (it leaves a running one alone).
  if (prebuilt) {
    const started = spawnSync('bash', [path.join(kit, 'start.sh')], { env, encoding: 'utf8', cwd: kit });
    if (started.status !== 0) throw new Error(`the shop built ahead (VITRINE_SHOP_PREBUILT) could not be started: ${started.stderr.slice(-2000)}`);
  }
  let stopped = false;
  const stop = () => {
    if (stopped || reuse) return;
    stopped = true;
    spawnSync('bash', [path.join(kit, 'stop.sh')], { env, stdio: 'ignore' });
    if (!process.env.VITRINE_SHOP_KEEP) rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop();
      process.exit(1);
    });
  }
  const run = (command: string, args: string[], what: string) => {
    const result = spawnSync(command, args, { env, encoding: 'utf8', cwd: kit, maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`${what} failed (${result.status}):\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
    return result.stdout;
  };
  try {
    const wp = path.join(dir, 'wp');
    if (process.env.VITRINE_SHOP_WOOCOMMERCE) log(swapWooCommerce(wp, path.resolve(process.env.VITRINE_SHOP_WOOCOMMERCE)));
    const mu = path.join(wp, 'wp-content', 'mu-plugins');
    mkdirSync(path.join(mu, 'vitrine-shop-test'), { recursive: true });
    cpSync(path.join(HERE, 'wordpress', 'vitrine-shop-test.php'), path.join(mu, 'vitrine-shop-test.php'));
    cpSync(path.join(ROOT, 'test', 'fixtures', 'demo-address-provider.js'), path.join(mu, 'vitrine-shop-test', 'address-provider.js'));
    // The fixture gateway on wc-checkout and the add-to-cart tracking (journeys/coexistence.ts), off without their cookies.
    cpSync(path.join(HERE, 'wordpress', 'vitrine-shop-gateway.php'), path.join(mu, 'vitrine-shop-gateway.php'));
    cpSync(path.join(HERE, 'wordpress', 'vitrine-shop-gateway'), path.join(mu, 'vitrine-shop-gateway'), { recursive: true });
    writeFileSync(path.join(mu, 'vitrine-shop-test', 'addresses.json'), JSON.stringify(DEMO_ADDRESSES));
    log(run('php', [path.join(HERE, 'wordpress', 'shop-state.php'), wp, url], 'shop-state.php').trim());
    // Vitrine as a site owner installs it: the zip, unzipped into wp-content/plugins and activated.
    const zip = path.join(dir, 'vitrine.zip');
    writePluginZip(zip, ROOT, process.env.VITRINE_DIST ? path.resolve(process.env.VITRINE_DIST) : undefined);
    log(run('php', [path.join(kit, 'scripts', 'plugin.php'), 'install', zip, '--activate'], 'installing vitrine.zip').trim());
    // ZipArchive keeps the zip's fixed 1980 file times, where WordPress's upgrader writes files now. PHP's opcache
    // (and the entry's ?ver=) go by the time: with the old one, a reused shop kept serving the previous install.
    touchTree(path.join(wp, 'wp-content', 'plugins', 'vitrine'));
    const kitPhp = (script: string, ...args: string[]) => run('php', [path.join(kit, 'scripts', script), ...args], script);
    const query = <T>(command: string, ...args: string[]) => JSON.parse(run('php', [path.join(HERE, 'wordpress', 'query.php'), wp, url, command, ...args], `query.php ${command}`)) as T;
    const serveOn = (port: number | null) => {
      const webEnv = { ...env, WCREAL_HTTP_PORT: String(port ?? httpPort) };
      for (const script of ['stop.sh', 'start.sh']) {
        const result = spawnSync('bash', [path.join(kit, script), 'web'], { env: webEnv, encoding: 'utf8', cwd: kit });
        if (result.status !== 0) throw new Error(`${script} web failed (${result.status}): ${result.stderr.slice(-2000)}`);
      }
    };
    return { url, dir, kitPhp, query, serveOn, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
