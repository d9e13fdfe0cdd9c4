import type { Ctx } from './context.ts';
import type { Fault, State } from './state.ts';

// Fault injection, per request: `?vitrine-fault=…`, header `X-Vitrine-Fault: …`, or a queued fault
// (POST /__vitrine/faults) whose `match` names a wc-ajax endpoint, an admin-ajax action or a path prefix.
// Several faults may be combined with commas, e.g. "latency:800,500".
//
//   latency:N      wait N ms, then answer normally
//   500 | 4xx…     answer with that status (WordPress's critical-error page for 5xx, "-1" otherwise)
//   invalid-json   200 with a PHP warning printed before the JSON (the classic real-world breakage)
//   empty          200 with an empty body
//   drop           destroy the socket without answering (the browser sees a network error)
//   hang           never answer (lets a client time out)
//   expired-nonce  the next nonce check fails

export function faultMatches(fault: Fault, ctx: Ctx): boolean {
  return fault.match === ctx.endpoint || fault.match === ctx.action || ctx.url.pathname.startsWith(fault.match);
}

/** Faults for this request; a queued fault is consumed (times--) when it applies. */
export function takeFaults(state: State, ctx: Ctx): string[] {
  const out: string[] = [];
  const flag = ctx.url.searchParams.get('vitrine-fault');
  if (flag) out.push(...flag.split(','));
  const header = ctx.req.headers['x-vitrine-fault'];
  if (typeof header === 'string' && header) out.push(...header.split(','));
  const queued = state.faults.find((f) => faultMatches(f, ctx));
  if (queued) {
    out.push(...queued.fault.split(','));
    queued.times--;
    if (queued.times <= 0) state.faults.splice(state.faults.indexOf(queued), 1);
  }
  return out.map((f) => f.trim()).filter(Boolean);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const CRITICAL_ERROR_PAGE =
  '<!DOCTYPE html>\n<html lang="en-US">\n<head><meta charset="UTF-8" /><title>WordPress &rsaquo; Error</title></head>\n' +
  '<body id="error-page">\n\t<div class="wp-die-message"><p>There has been a critical error on this website.</p></div></body>\n</html>';

/** Applies the faults in order; returns true when the fault answered (or dropped) the request itself. */
export async function applyFaults(ctx: Ctx, faults: string[]): Promise<boolean> {
  for (const fault of faults) {
    const latency = /^latency:(\d+)$/.exec(fault);
    if (latency) {
      await sleep(Number(latency[1]));
      continue;
    }
    if (fault === 'expired-nonce') {
      ctx.state.failNonceChecks++;
      continue;
    }
    if (fault === 'drop') {
      ctx.req.socket.destroy();
      return true;
    }
    if (fault === 'hang') {
      await new Promise<void>((resolve) => ctx.res.once('close', resolve));
      return true;
    }
    if (fault === 'empty') {
      ctx.wcAjaxRaw('');
      return true;
    }
    if (fault === 'invalid-json') {
      ctx.wcAjaxRaw(
        '<br />\n<b>Warning</b>:  Undefined array key "demo" in <b>/var/www/html/wp-content/plugins/demo/demo.php</b> on line <b>42</b><br />\n{"fragments":{"div.widget_shopping_cart_content":"<div',
      );
      return true;
    }
    if (/^\d{3}$/.test(fault)) {
      const status = Number(fault);
      ctx.send(status, status >= 500 ? CRITICAL_ERROR_PAGE : '-1', { 'Content-Type': 'text/html; charset=UTF-8' });
      return true;
    }
    console.warn(`[vitrine demo] unknown fault "${fault}" ignored`);
  }
  return false;
}
