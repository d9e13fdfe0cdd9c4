import { bus } from '../src/bus';
import { observe, registerWidget, report, scan, settled } from './mounts';
import type { ReportRow } from './types';

export type { ReportRow, WidgetDefinition, WidgetProps } from './types';

export interface VitrineApi {
  version: string;
  bus: typeof bus;
  report: () => ReportRow[];
  /** Resolves when every widget whose load strategy has fired is mounted or failed. */
  settled: () => Promise<void>;
  /** Scans markup a script inserted where the observer could not see it (rarely needed). */
  rescan: (root?: ParentNode) => void;
  register: typeof registerWidget;
}

declare global {
  interface Window {
    vitrine?: VitrineApi;
    jQuery?: unknown;
  }
}

/** The jQuery bridge costs bytes only on pages that still have jQuery (it may arrive after us). */
function bridgeJQueryIfPresent(): void {
  if (typeof window.jQuery === 'function') {
    void import('../src/jquery-bridge').then((bridge) => bridge.installJQueryBridge());
  }
}

function start(): void {
  bridgeJQueryIfPresent();
  window.addEventListener('load', bridgeJQueryIfPresent, { once: true });
  scan(document);
  observe();
  const debug = new URLSearchParams(location.search).has('vitrine-debug') || document.documentElement.hasAttribute('data-vitrine-debug');
  if (debug) {
    window.addEventListener('load', () => {
      void Promise.all([settled(), import('./debug')]).then(([, { printReport }]) => printReport(report()));
    });
  }
}

/** Boot never throws: a broken Vitrine must leave a working server-rendered shop. */
export function boot(): void {
  try {
    if (window.vitrine) return;
    window.vitrine = { version: __VITRINE_VERSION__, bus, report, settled, rescan: scan, register: registerWidget };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
    else start();
  } catch (error) {
    console.error('[vitrine] boot failed', error);
  }
}

boot();
