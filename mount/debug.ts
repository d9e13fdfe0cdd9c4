import type { ReportRow } from './types';

function describe(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  const classes = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
  return element.tagName.toLowerCase() + id + classes;
}

/** `?vitrine-debug` / `<html data-vitrine-debug>`: one table of every mount point and its state. */
export function printReport(rows: ReportRow[]): void {
  console.table(rows.map(({ widget, element, state, reason }) => ({ widget, element: describe(element), state, reason })));
}
