import { bus } from '../src/bus';
import { holdEarlyActions } from './early';
import { observe, registerWidget, report, scan, settled } from './mounts';
import type { Report } from './types';

export type { PluginReport, RegisteredWidgetDefinition, Report, ReportRow, WidgetDefinition, WidgetProps } from './types';

export interface VitrineApi {
  version: string;
  bus: typeof bus;
  /** One row per mount point; `scripts`: what the WordPress plugin replaced, put back or served, and why widgets stepped aside. */
  report: () => Report;
  /** Resolves when every widget whose load strategy has fired is mounted or failed. */
  settled: () => Promise<void>;
  /** Scans markup a script inserted where the observer could not see it (rarely needed). */
  rescan: (root?: ParentNode) => void;
  register: typeof registerWidget;
}

declare global {
  interface Window {
    vitrine?: VitrineApi;
    vitrineQueue?: unknown[] | { push: (...calls: unknown[]) => number };
    jQuery?: unknown;
  }
}

const logFailure = (what: string) => (error: unknown) => console.error(`[vitrine] ${what} failed to load`, error);

/**
 * The jQuery bridge costs bytes only on pages that still have jQuery (it may arrive after us, so this
 * runs again at load; installing twice is harmless).
 */
function bridgeJQueryIfPresent(): void {
  if (typeof window.jQuery === 'function') {
    import('../src/jquery-bridge').then((bridge) => bridge.installJQueryBridge(), logFailure('the jQuery bridge'));
  }
}

/**
 * Theme code that runs before this module (it is deferred) queues its calls:
 * `(window.vitrineQueue ||= []).push((vitrine) => …)`. They run now, and later pushes run at once.
 * `vitrine:ready` on document tells the same to listeners.
 */
function runQueuedCalls(api: VitrineApi): void {
  const run = (call: unknown) => {
    try {
      (call as (api: VitrineApi) => void)(api);
    } catch (error) {
      console.error('[vitrine] a queued call failed', call, error);
    }
  };
  const queued = window.vitrineQueue;
  window.vitrineQueue = { push: (...calls: unknown[]) => calls.forEach(run) ?? 0 };
  if (Array.isArray(queued)) queued.forEach(run);
  document.dispatchEvent(new CustomEvent('vitrine:ready', { detail: api }));
}

function start(): void {
  bridgeJQueryIfPresent();
  // Consent and measurement only where the page has a tag function, the WP Consent API or Cookie Notice.
  if ('gtag' in window || 'consent_api' in window || 'cnArgs' in window) import('../src/analytics').then((m) => m.startMeasurement(), console.error);
  window.addEventListener('load', bridgeJQueryIfPresent, { once: true });
  holdEarlyActions();
  scan(document);
  observe();
  // `?vitrine-debug` or `<html data-vitrine-debug>`: print the report once the page has loaded.
  if (location.search.includes('vitrine-debug') || document.documentElement.hasAttribute('data-vitrine-debug')) {
    import('./debug').then((debug) => debug.printReportAfterLoad(report, settled), logFailure('the debug report'));
  }
}

/**
 * Boot never throws: a broken Vitrine must leave a working server-rendered shop. Not exported: a second call
 * would do nothing (`window.vitrine` is set), and the export cost the entry 13 B of its 3.5 KB.
 */
function boot(): void {
  try {
    if (window.vitrine) return;
    const api: VitrineApi = { version: __VITRINE_VERSION__, bus, report, settled, rescan: scan, register: registerWidget };
    window.vitrine = api;
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
    else start();
    runQueuedCalls(api);
  } catch (error) {
    console.error('[vitrine] boot failed', error);
  }
}

boot();
