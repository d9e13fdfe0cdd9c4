import { findKit, kitBuild, placeSpec } from './kit.ts';

// Builds the genuine-shop suite's shop ahead of the suite and leaves it running: CI (.ci/run) does this while the e2e
// passes run, and hands the shop to the suite as VITRINE_SHOP_PREBUILT, which then owns it and stops it at its end.
// The kit's build is a minute of PHP and MariaDB that otherwise sat on the run's longest path. Prints the shop as
// `folder:http port:db port` on stdout, and says on stderr what it did; exits 1, having stopped what the kit started,
// when it could not build one (the suite then builds its own).

const kit = findKit();
if (kit.missing) {
  console.error(kit.missing);
  process.exit(1);
}
const started = Date.now();
try {
  const place = await kitBuild(kit.dir);
  console.log(placeSpec(place));
  console.error(`shop built ahead by the kit in ${Math.round((Date.now() - started) / 1000)} s, at http://127.0.0.1:${place.httpPort}`);
} catch (error) {
  console.error(`could not build the shop ahead: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
