import { cartView } from '../cart.ts';
import type { Router } from '../router.ts';
import { DEFAULT_SETTINGS, type Fault, type Settings } from '../state.ts';

// /__vitrine/*: the test control API. Not part of any WordPress contract; never logged, never faulted.

function toFaults(input: unknown): Fault[] {
  const list = Array.isArray(input) ? input : [input];
  return list.flatMap((f) => {
    if (!f || typeof f !== 'object') return [];
    const { match, fault, times } = f as Record<string, unknown>;
    if (typeof match !== 'string' || typeof fault !== 'string') return [];
    return [{ match, fault, times: typeof times === 'number' && times > 0 ? times : 1 }];
  });
}

export function registerControl(router: Router): void {
  router.all('/__vitrine/faults', (ctx) => {
    if (ctx.method === 'POST') {
      const added = toFaults(ctx.jsonBody());
      if (!added.length) return ctx.json({ error: 'expected {match, fault, times?} or a list of them' }, 400);
      ctx.state.faults.push(...added);
    } else if (ctx.method === 'DELETE') {
      ctx.state.faults = [];
    }
    ctx.json(ctx.state.faults);
  });

  router.all('/__vitrine/requests', (ctx) => {
    if (ctx.method === 'DELETE') ctx.state.requests = [];
    ctx.json(ctx.state.requests);
  });

  router.all('/__vitrine/settings', (ctx) => {
    if (ctx.method === 'POST') {
      const patch = ctx.jsonBody();
      if (!patch || typeof patch !== 'object') return ctx.json({ error: 'expected a JSON object' }, 400);
      for (const [key, value] of Object.entries(patch)) {
        if (!(key in DEFAULT_SETTINGS)) return ctx.json({ error: `unknown setting ${key}` }, 400);
        if (typeof value !== typeof DEFAULT_SETTINGS[key as keyof Settings]) return ctx.json({ error: `${key} must be a ${typeof DEFAULT_SETTINGS[key as keyof Settings]}` }, 400);
      }
      Object.assign(ctx.state.settings, patch);
    } else if (ctx.method === 'DELETE') {
      ctx.state.settings = { ...DEFAULT_SETTINGS };
    }
    ctx.json(ctx.state.settings);
  });

  // Moves the server clock forward, e.g. {advance_ms: 86400000} makes every issued nonce expire.
  router.post('/__vitrine/clock', (ctx) => {
    const body = ctx.jsonBody() as { advance_ms?: unknown } | undefined;
    const ms = Number(body?.advance_ms ?? 0);
    if (!Number.isFinite(ms)) return ctx.json({ error: 'advance_ms must be a number' }, 400);
    ctx.state.clockOffset += ms;
    ctx.json({ offset_ms: ctx.state.clockOffset });
  });

  router.post('/__vitrine/reset', (ctx) => {
    ctx.state.reset();
    ctx.json({ ok: true });
  });

  // Carts of every session, for assertions that do not go through the browser.
  router.get('/__vitrine/state', (ctx) => {
    const sessions = [...ctx.state.sessions.values()].map((s) => {
      const view = cartView(s);
      return { id: s.id, cart_hash: view.hash, count: view.count, items: [...s.cart.values()] };
    });
    ctx.json({ settings: ctx.state.settings, sessions, faults: ctx.state.faults, user_meta: ctx.state.userMeta });
  });
}
