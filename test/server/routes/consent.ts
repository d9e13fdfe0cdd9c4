import { CONSENT_DEMOS, consentPage, type DemoOrderKey, DEMO_ORDERS, demoOrderReceivedPage, newsletterPage } from '../../fixtures/consent.ts';
import type { Router } from '../router.ts';

// Consent and measurement demo pages (issue 15): the cookie notice in each configuration, a Mailchimp for
// WordPress form (posted like the plugin's no-JavaScript post: the page answers with the result), and
// order-received pages in currencies of 0, 2 and 3 decimals. Faults apply as on every route.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function registerConsent(router: Router): void {
  for (const demo of CONSENT_DEMOS) router.get(demo.path, (ctx) => ctx.html(consentPage(ctx.renderCtx(), demo)));

  router.get('/newsletter/', (ctx) => ctx.html(newsletterPage(ctx.renderCtx(), null)));
  router.post('/newsletter/', (ctx) => {
    const data: Record<string, string> = {};
    for (const name of ['EMAIL', 'NAME', 'CHANNEL', 'PHONE']) {
      const value = ctx.input(name);
      if (value !== '') data[name] = value;
    }
    ctx.html(newsletterPage(ctx.renderCtx(), { ok: EMAIL.test(data.EMAIL ?? ''), data }));
  });

  router.get('/measurement/order-received/:currency/', (ctx) => {
    const key = ctx.params.currency ?? '';
    if (!(key in DEMO_ORDERS)) return ctx.notFound();
    ctx.html(demoOrderReceivedPage(ctx.renderCtx(), key as DemoOrderKey));
  });
}
