import { escapeHtml } from '../../src/html';
/**
 * The page's variation templates (`script[type=text/template]#tmpl-…`, printed by WooCommerce in the
 * footer) rendered without eval: `{{{ data.x.y }}}` inserts the value as is (the server's markup:
 * price_html, availability_html, variation_description), `{{ data.x.y }}` inserts it escaped.
 * `<# … #>` logic blocks of wp.template are not supported and are dropped.
 */

/** Spec §8 "Template helper": the page lacks the template the form needs (VAR-13). */
export class TemplateNotFoundError extends Error {
  constructor(readonly templateId: string) {
    super(`Template not found: #tmpl-${templateId}`);
    this.name = 'TemplateNotFoundError';
  }
}

export function readTemplate(templateId: string, root: Document = document): string {
  const script = root.getElementById(`tmpl-${templateId}`);
  if (!script) throw new TemplateNotFoundError(templateId);
  return script.textContent ?? '';
}


function lookup(data: Record<string, unknown>, path: string): string {
  const steps = path.split('.');
  if (steps[0] !== 'data') return '';
  let value: unknown = data;
  for (const step of steps.slice(1)) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, step)) return '';
    value = (value as Record<string, unknown>)[step];
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export function renderTemplate(source: string, data: Record<string, unknown>): string {
  return source
    .replace(/\/\*<!\[CDATA\[\*\/|\/\*\]\]>\*\//g, '')
    .replace(/<#[\s\S]*?#>/g, '')
    // One pass, so a value that itself contains braces is never substituted again.
    .replace(/\{\{\{\s*([\w.]+)\s*\}\}\}|\{\{\s*([\w.]+)\s*\}\}/g, (_, raw?: string, escaped?: string) =>
      raw ? lookup(data, raw) : escapeHtml(lookup(data, escaped ?? '')),
    );
}
