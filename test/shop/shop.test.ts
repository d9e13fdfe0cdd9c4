import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/harness.ts';
import { screenshotFailure } from './screenshots.ts';
import { type Journey, openRun, type Stack, type Theme } from './journey.ts';
import { browsingJourneys } from './journeys/browsing.ts';
import { buyingJourneys } from './journeys/buying.ts';
import { checkoutJourneys } from './journeys/checkout.ts';
import { buildShop, findKit, type Shop } from './kit.ts';
import { printJourneyTable, type Result } from './table.ts';

// The genuine-shop suite: WordPress 6.8 + WooCommerce 10 with the seed's plugins, built by the real-shop kit, with
// Vitrine installed from its zip. Every journey runs against WooCommerce's own scripts first (the plugin inactive
// for those requests: the reference), then with Vitrine in both flavours, in both themes. Vitrine must pass every
// journey; the classic results are the reference the closing table compares with.

const THEMES: Theme[] = (process.env.VITRINE_SHOP_THEMES?.split(',') as Theme[] | undefined) ?? ['twentytwentyone', 'storefront'];
const FLAVOURS: Stack[] = (process.env.VITRINE_SHOP_FLAVOURS?.split(',') as Stack[] | undefined) ?? ['react', 'lite'];
/** The classic stack is the reference, not under test: a repeated journey runs there at most this often. */
const CLASSIC_REPEAT = 5;
const ONLY = process.env.VITRINE_SHOP_ONLY;
/** VITRINE_SHOP_REPEAT caps the repeated journeys' runs (a developer's quick loop; never in CI). */
const REPEAT_CAP = Number(process.env.VITRINE_SHOP_REPEAT) || Number.POSITIVE_INFINITY;
const JOURNEYS: Journey[] = [...buyingJourneys, ...browsingJourneys, ...checkoutJourneys].filter((journey) => !ONLY || journey.name.includes(ONLY));

const kit = findKit();

if (kit.missing) {
  console.log(`# genuine-shop suite skipped: ${kit.missing}`);
  test('genuine-shop suite', { skip: kit.missing }, () => {});
} else {
  let shop: Shop | undefined;
  let browser: Browser | undefined;
  const results: Result[] = [];

  /** Runs a journey `times` times on one stack, each in a fresh context; the errors of the runs that failed. */
  const runJourney = async (journey: Journey, stack: Stack, theme: Theme, times: number): Promise<string[]> => {
    const failures: string[] = [];
    for (let attempt = 1; attempt <= times; attempt++) {
      const run = await openRun(browser!, shop!, stack, theme, journey);
      try {
        await journey.run(run);
      } catch (error) {
        // Where the shopper was and what the page said: the first clue when a journey fails.
        const where = run.page.isClosed() ? 'closed' : run.page.url();
        const said = run.errors.slice(0, 3).join(' | ');
        failures.push(`run ${attempt}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)} [at ${where}]${said ? ` [page: ${said}]` : ''}`);
        if (!run.page.isClosed()) await screenshotFailure(run.page, `${theme}-${stack}-${journey.name}-${attempt}`).catch(() => {});
      } finally {
        await run.context.close();
      }
    }
    results.push({ theme, stack, journey: journey.name, runs: times, failures, note: stack === 'classic' ? journey.classicNote : undefined });
    return failures;
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

  for (const theme of THEMES) {
    describe(`genuine shop, ${theme}`, () => {
      before(() => {
        console.log(`# ${shop!.kitPhp('08-theme.php', theme).trim().replace(/\n/g, '\n# ')}`);
      });
      for (const journey of JOURNEYS) {
        describe(journey.name, () => {
          before(async () => {
            await runJourney(journey, 'classic', theme, Math.min(journey.repeat ?? 1, CLASSIC_REPEAT, REPEAT_CAP));
          });
          for (const flavour of FLAVOURS) {
            test(`${journey.name} (Vitrine ${flavour}, ${theme})`, async () => {
              const times = Math.min(journey.repeat ?? 1, REPEAT_CAP);
              const failures = await runJourney(journey, flavour, theme, times);
              if (failures.length) throw new Error(`${failures.length} of ${times} runs failed:\n${failures.join('\n')}`);
            });
          }
        });
      }
    });
  }
}
