import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, setSettings, withDemo } from '../e2e/harness.ts';
import { mounted } from './faults-shopper.ts';
import { recordRows, type SweepRow } from './report.ts';

// Privacy under opt-in consent: the shop prints Cookie Notice (no consent type, so opt-in), the Google
// tag with denied defaults and order attribution on every page. A shopper walks each main journey;
// after it the browser's cookie jar and the tag's queue are read: no tracking or analytics cookie,
// no measurement event and no request to a measurement host before consent. Then the shopper accepts
// and walks the journey again: the cookies and events appear, so a journey that measured nothing at
// all (a broken tag) would fail too.

/** Cookies a tag or a tracker sets (Google Analytics, Ads, sourcebuster / order attribution, Meta). */
const TRACKING = /^(_ga|_gid|_gat|_gcl|sbjs_|_fbp)/;
/** Requests that carry measurement: to another host than the shop (a tag's beacon), or to a collect endpoint. */
const MEASURING = (url: URL, shop: URL) => url.host !== shop.host || /\/(g\/|j\/)?collect\b/.test(url.pathname);

interface Reading {
  cookies: string[];
  events: number;
  requests: number;
}

/** The measurement the page made so far: tracking cookies, events and granting updates the tag got, measuring requests. */
async function read(page: Page, measuringRequests: string[]): Promise<Reading> {
  const cookies = (await page.context().cookies()).map((c) => c.name).filter((name) => TRACKING.test(name));
  const events = await page.evaluate(
    () =>
      ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).filter((call) => {
        const [kind, name, params] = Array.from(call) as [string, string, Record<string, string>];
        return kind === 'event' || (kind === 'consent' && name === 'update' && Object.values(params ?? {}).includes('granted'));
      }).length,
  );
  return { cookies, events, requests: measuringRequests.length };
}

async function settle(page: Page): Promise<void> {
  await mounted(page, ['cookie-notice']);
  await page.evaluate(() => window.vitrine?.settled());
}

interface Journey {
  name: string;
  walk: (page: Page, base: string) => Promise<void>;
}

const JOURNEYS: Journey[] = [
  { name: 'browse the shop', walk: async (page, base) => {
      await page.goto(`${base}shop/`);
      await settle(page);
    } },
  { name: 'product page', walk: async (page, base) => {
      await page.goto(`${base}product/simple-mug/`);
      await settle(page);
    } },
  { name: 'add to cart', walk: async (page, base) => {
      await page.goto(`${base}shop/`);
      await settle(page);
      const button = page.locator('a.ajax_add_to_cart[data-product_id="33"]');
      await button.click();
      await page.waitForSelector('a.ajax_add_to_cart[data-product_id="33"].added:not(.loading)');
    } },
  { name: 'cart page', walk: async (page, base) => {
      await page.request.get(`${base}?add-to-cart=10`, { maxRedirects: 0 });
      await page.goto(`${base}cart/`);
      await settle(page);
    } },
  { name: 'checkout', walk: async (page, base) => {
      await page.request.get(`${base}?add-to-cart=10`, { maxRedirects: 0 });
      await page.goto(`${base}checkout/`);
      await settle(page);
      await page.waitForFunction(() => !document.querySelector('.woocommerce-checkout-payment[aria-busy="true"]'));
    } },
  { name: 'search', walk: async (page, base) => {
      await page.goto(`${base}search/`);
      await settle(page);
      const input = page.locator('.vitrine-demo-header-search input[type="search"], .vitrine-demo-header-search input[role="combobox"]').first();
      await input.focus();
      await page.keyboard.type('wool');
      await page.waitForSelector('.vitrine-demo-header-search [role="option"]');
    } },
];

const rows: SweepRow[] = [];

describe('privacy under opt-in consent', () => {
  const env = withDemo();
  before(() => setSettings(env.demo.url, { consent_notice_on_all_pages: true }));

  for (const journey of JOURNEYS) {
    // A hang deadline (two walks of the journey take seconds on a quiet machine): it only stops one that never ends.
    it(journey.name, { timeout: 300_000 }, async () => {
      const base = env.demo.url;
      const page = await newPage(env.browser);
      const shop = new URL(base);
      const measuring: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && MEASURING(url, shop)) measuring.push(request.url());
      });
      try {
        await journey.walk(page, base);
        const before = await read(page, measuring);
        await page.click('#cn-accept-cookie');
        await journey.walk(page, base);
        // Order attribution starts its visit cookies once the consent change reached it (an idle widget,
        // so late on a busy machine); the deadline only ends the wait when they never come.
        await page.waitForFunction(() => document.cookie.includes('sbjs_current='), undefined, { timeout: 60_000 }).catch(() => undefined);
        const afterAccept = await read(page, []);
        const clean = before.cookies.length === 0 && before.events === 0 && before.requests === 0;
        const measures = afterAccept.cookies.length > 0 && afterAccept.events > 0;
        rows.push({
          section: 'Privacy',
          check: `opt-in consent: ${journey.name}`,
          figure:
            `before consent: ${before.cookies.length} tracking cookies, ${before.events} measurement events, ${before.requests} measurement requests; ` +
            `after accepting: ${afterAccept.cookies.length} tracking cookies (${afterAccept.cookies.sort().join(', ')}), ${afterAccept.events} events`,
          target: '0 / 0 / 0 before consent; some after accepting',
          ok: clean && measures,
        });
        assert.deepEqual(before, { cookies: [], events: 0, requests: 0 }, `measured before consent: ${JSON.stringify(before)} ${measuring.join(' ')}`);
        assert.ok(measures, `nothing measured after accepting: ${JSON.stringify(afterAccept)}`);
      } finally {
        await page.context().close();
      }
    });
  }

  after(async () => {
    recordRows('privacy', rows);
  });
});
