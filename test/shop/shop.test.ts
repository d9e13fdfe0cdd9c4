import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/harness.ts';
import { adminJourney } from './journeys/admin.ts';
import { screenshotFailure } from './screenshots.ts';
import { type Journey, openRun, pageSays, type Run, type Stack, type Theme } from './journey.ts';
import { browsingJourneys } from './journeys/browsing.ts';
import { blockJourneys } from './journeys/blocks.ts';
import { buyingJourneys } from './journeys/buying.ts';
import { checkoutJourneys } from './journeys/checkout.ts';
import { coexistenceJourneys } from './journeys/coexistence.ts';
import { loadJourney } from './journeys/load.ts';
import { buildShop, findKit, type Shop } from './kit.ts';
import { limiter } from './limiter.ts';
import { printJourneyTable, type Result } from './table.ts';

// The genuine-shop suite: WordPress 6.8 + WooCommerce 10 with the seed's plugins, built by the real-shop kit, with
// Vitrine installed from its zip. Every journey runs against WooCommerce's own scripts first (the plugin inactive
// for those requests: the reference), then with Vitrine in both flavours, in Twenty Twenty-One; Storefront runs the
// React flavour alone (stacksIn, below). Vitrine must pass every journey; the classic results are the reference the
// closing table compares with.

const THEMES: Theme[] = (process.env.VITRINE_SHOP_THEMES?.split(',') as Theme[] | undefined) ?? ['twentytwentyone', 'storefront'];
const FLAVOURS: Stack[] = (process.env.VITRINE_SHOP_FLAVOURS?.split(',') as Stack[] | undefined) ?? ['react', 'lite'];
/** The classic stack is the reference, not under test: a repeated journey runs there at most this often. */
const CLASSIC_REPEAT = 3;
/**
 * A repeated journey runs its full count (the five quick clicks: 6) in the first theme, Twenty Twenty-One, and at
 * most this often in the others: the point there is the theme's layout, and CI's budget on 2 cores is the limit.
 */
const OTHER_THEME_REPEAT = 5;
/**
 * Which stacks run in which theme (docs/decisions.md, "The genuine-shop matrix"). The first theme, Twenty Twenty-One
 * (the bench's), runs the classic reference (unless VITRINE_SHOP_CLASSIC=0) and both flavours. The others run the first flavour alone (React unless
 * VITRINE_SHOP_FLAVOURS says otherwise): a theme changes the markup and CSS around the widgets, which does not depend
 * on the flavour, and the classic stack's results there describe the classic stack, not Vitrine. CI's 2 cores are the
 * limit. VITRINE_SHOP_MATRIX=full runs every stack in every theme.
 */
const FULL_MATRIX = process.env.VITRINE_SHOP_MATRIX === 'full';
/**
 * VITRINE_SHOP_CLASSIC=0 leaves the classic reference out: CI does (docs/decisions.md, "CI runs the genuine shop
 * without the classic reference"). Its results describe WooCommerce's own scripts and the journeys, not Vitrine's
 * code; test/shop/README.md keeps a whole run's table.
 */
const CLASSIC = ((value) => {
  if (value === undefined || value === '' || value === '1') return true;
  if (value === '0') return false;
  throw new Error(`VITRINE_SHOP_CLASSIC is "${value}": 0 leaves the classic reference out, 1 (or unset) runs it`);
})(process.env.VITRINE_SHOP_CLASSIC);
const stacksIn = (theme: Theme): { classic: boolean; flavours: Stack[] } =>
  FULL_MATRIX || theme === THEMES[0] ? { classic: CLASSIC, flavours: FLAVOURS } : { classic: false, flavours: FLAVOURS.slice(0, 1) };
const ONLY = process.env.VITRINE_SHOP_ONLY;
/** VITRINE_SHOP_REPEAT caps the repeated journeys' runs (a developer's quick loop; never in CI). */
const REPEAT_CAP = Number(process.env.VITRINE_SHOP_REPEAT) || Number.POSITIVE_INFINITY;
const JOURNEYS: Journey[] = [...buyingJourneys, ...browsingJourneys, ...checkoutJourneys, ...coexistenceJourneys, loadJourney].filter((journey) => !ONLY || journey.name.includes(ONLY));

/** Journeys on the block Cart and Checkout pages: run after the others, with the pages switched to blocks. */
const BLOCK_JOURNEYS: Journey[] = blockJourneys.filter((journey) => !ONLY || journey.name.includes(ONLY));

const kit = findKit();

if (kit.missing) {
  console.log(`# genuine-shop suite skipped: ${kit.missing}`);
  test('genuine-shop suite', { skip: kit.missing }, () => {});
} else {
  let shop: Shop | undefined;
  let browser: Browser | undefined;
  const results: Result[] = [];

  /**
   * Shoppers' browser contexts open at once. Every run of a theme's journeys (the stacks, the repeats, the next
   * journeys: journeyGroup below) goes side by side up to this: each is its own WooCommerce session, and on 2 cores
   * Chromium and the shop's PHP share the machine.
   */
  const parallel = limiter(Number(process.env.VITRINE_SHOP_PARALLEL) || 3);

  /**
   * One run of a journey in a fresh context: its error, with where the shopper was and what the page logged. It never
   * throws: the groups' barriers (journeyGroup) wait for every run to end, and a run that threw would end its journey's
   * wait while the others still ran.
   */
  const attempt = async (journey: Journey, stack: Stack, theme: Theme, index: number): Promise<string | null> => {
    const failed = (error: unknown) => `run ${index}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    let run: Run;
    try {
      run = await openRun(browser!, shop!, stack, theme, journey);
    } catch (error) {
      return `${failed(error)} [opening the browser context]`;
    }
    try {
      await journey.run(run);
      return null;
    } catch (error) {
      const where = run.page.isClosed() ? 'closed' : run.page.url();
      const said = run.errors.slice(0, 3).join(' | ');
      const sees = run.page.isClosed() ? '' : await pageSays(run.page).catch(() => '');
      const calls = run.calls.slice(-8).join(', ');
      if (!run.page.isClosed()) await screenshotFailure(run.page, `${theme}-${stack}-${journey.name}-${index}`).catch(() => {});
      return `${failed(error)} [at ${where}]${said ? ` [page: ${said}]` : ''}${sees ? ` [${sees}]` : ''}${calls ? ` [calls: ${calls}]` : ''}`;
    } finally {
      await run.context.close().catch(() => {});
    }
  };

  /**
   * Starts a journey's runs on one stack, `times` of them, and records the result. Its row takes its place in the
   * table now (the table follows the suite's order, not the order runs end in) and its failures when they are done.
   */
  const runJourney = (journey: Journey, stack: Stack, theme: Theme, times: number): Promise<Result> => {
    const result: Result = { theme, stack, journey: journey.name, runs: times, failures: [], note: stack === 'classic' ? journey.classicNote : undefined, done: false };
    results.push(result);
    const runs = Array.from({ length: times }, (_, index) => parallel(() => attempt(journey, stack, theme, index + 1)));
    return Promise.all(runs).then((outcomes) => {
      result.failures = outcomes.filter((failure) => failure !== null);
      result.done = true;
      return result;
    });
  };

  before(async () => {
    shop = await buildShop(kit.dir, (line) => console.log(`# ${line.replace(/\n/g, '\n# ')}`));
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    shop?.stop();
    printJourneyTable(results, FLAVOURS);
  });

  /**
   * A group of journeys that share the shop's state (a theme; the block pages in a theme): every run of every journey
   * in it is queued at once on the shared limiter, in the suite's order, so the three browser contexts stay busy. Until
   * stop 60 each journey waited for the one before to end on every stack, and the slowest stack's run (a classic wait
   * for what WooCommerce lacks, one run of a Storefront journey) left the other contexts idle: Storefront's journeys
   * kept a third of the machine idle. Every run is its own shopper (its context, cookies and session; orders told apart
   * by the run's billing email), as side by side as the stacks of one journey have always run. `start` runs once the
   * group's shop state is set; `settled` resolves once every run in it has ended, the classic reference's included.
   */
  const journeyGroup = (journeys: Journey[], theme: Theme) => {
    const outcomes = new Map<Journey, Map<Stack, Promise<Result>>>();
    const { classic, flavours } = stacksIn(theme);
    for (const journey of journeys) {
      describe(journey.name, () => {
        for (const flavour of flavours) {
          test(`${journey.name} (Vitrine ${flavour}, ${theme})`, { todo: journey.knownFlake }, async () => {
            const { runs, failures } = await outcomes.get(journey)!.get(flavour)!;
            if (failures.length) throw new Error(`${failures.length} of ${runs} runs failed:\n${failures.join('\n')}`);
          });
        }
      });
    }
    return {
      start() {
        for (const journey of journeys) {
          const times = Math.min(journey.repeat ?? 1, REPEAT_CAP, theme === THEMES[0] ? Number.POSITIVE_INFINITY : OTHER_THEME_REPEAT);
          const outcome = new Map<Stack, Promise<Result>>();
          if (classic) outcome.set('classic', runJourney(journey, 'classic', theme, Math.min(times, CLASSIC_REPEAT)));
          for (const flavour of flavours) outcome.set(flavour, runJourney(journey, flavour, theme, times));
          outcomes.set(journey, outcome);
        }
      },
      settled: () => Promise.all([...outcomes.values()].flatMap((outcome) => [...outcome.values()])),
    };
  };

  for (const theme of THEMES) {
    describe(`genuine shop, ${theme}`, () => {
      const journeys = journeyGroup(
        JOURNEYS.filter((journey) => !journey.themes || journey.themes.includes(theme)),
        theme,
      );
      before(() => {
        console.log(`# ${shop!.kitPhp('08-theme.php', theme).trim().replace(/\n/g, '\n# ')}`);
        journeys.start();
      });
      // The next theme (or the block pages) changes the shop for every shopper: the classic runs, which no test waits
      // for, end first.
      after(() => journeys.settled());
      if (BLOCK_JOURNEYS.length) {
        // The kit switches the Cart and Checkout pages to WooCommerce's blocks for these, and back after.
        describe('block cart and checkout pages', () => {
          const blocks = journeyGroup(BLOCK_JOURNEYS, theme);
          before(async () => {
            await journeys.settled();
            console.log(`# ${shop!.kitPhp('04-extras.php', 'blocks').trim().replace(/\n/g, '\n# ')}`);
            blocks.start();
          });
          after(async () => {
            await blocks.settled();
            console.log(`# ${shop!.kitPhp('04-extras.php', 'classic').trim().replace(/\n/g, '\n# ')}`);
          });
        });
      }
    });
  }

  // The site owner's journey, once, after the shoppers' (it changes the settings, and restores them at its end).
  if (!ONLY || adminJourney.name.includes(ONLY)) {
    describe('site owner', () => {
      test(adminJourney.name, async () => {
        const run = await openRun(browser!, shop!, 'react', THEMES[0]!, adminJourney);
        try {
          await adminJourney.run(run);
        } catch (error) {
          if (!run.page.isClosed()) await screenshotFailure(run.page, 'site-owner').catch(() => {});
          throw error;
        } finally {
          await run.context.close();
        }
      });
    });
  }
}
