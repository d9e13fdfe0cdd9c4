import type { Report } from './types';

function describe(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  const classes = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
  return element.tagName.toLowerCase() + id + classes;
}

/** `?vitrine-debug` / `<html data-vitrine-debug>`: one table of every mount point and its state. */
export function printReport(rows: Report): void {
  console.table(rows.map(({ widget, element, state, reason }) => ({ widget, element: describe(element), state, reason })));
  if (!rows.scripts) return;
  const { replaced, restored, served, aside } = rows.scripts;
  console.log('[vitrine] replaced:', replaced.join(', '), '\nput back (for):', restored, '\nserved with jQuery and events (for):', served, '\nstepped aside:', aside);
}

/** Prints the report once the page has loaded and the widgets loading then have settled. */
export function printReportAfterLoad(report: () => Report, settled: () => Promise<void>): void {
  const print = () => void settled().then(() => printReport(report()));
  if (document.readyState === 'complete') print();
  else window.addEventListener('load', print, { once: true });
}
