import type { Page } from 'playwright-core';

// How the XSS sweep feeds payloads to a page without changing the reference backend: the page's own
// markup and answers, fetched from the backend and rewritten on their way to Chromium.

/** A value as a classic script can hold it inside <script> (no `</script>` can close the tag). */
export const jsValue = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003C').replace(/\u2028|\u2029/g, ' ');

/** Text escaped for a double-quoted attribute or element content, as WordPress's esc_attr/esc_html do. */
export const escHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');

/** Splits the payloads' texts into `count` strings of about equal length (for sinks that hold a few strings). */
export function inGroups(texts: string[], count: number): string[] {
  const size = Math.ceil(texts.length / count);
  return Array.from({ length: count }, (_, i) => texts.slice(i * size, (i + 1) * size).join('\n')).filter(Boolean);
}

// rewriteDocuments lives with the e2e harness, where the e2e tests use it too.
export { rewriteDocuments } from '../e2e/harness.ts';

/** A classic script at the end of <head>: after the settings globals, before the deferred bundle runs. */
export const beforeHeadEnd = (script: string) => (html: string) => html.replace('</head>', `<script>${script}</script>\n</head>`);

/** Payloads name outside hosts (xss.rocks, CDNs): nothing leaves 127.0.0.1. */
export async function stayLocal(page: Page): Promise<void> {
  await page.context().route(
    (url) => url.hostname !== '127.0.0.1' && url.protocol.startsWith('http'),
    (route) => route.abort(),
  );
}

/**
 * Links in the page whose address would run script when followed (`javascript:`, `vbscript:`, a
 * `data:` document), leaving out React's own inert replacement for a blocked `javascript:` URL.
 */
export async function liveScriptLinks(page: Page, scope: string): Promise<number> {
  return page.evaluate((selector) => {
    let live = 0;
    // Any element with an href (HTML, SVG and MathML links alike), read as the browser would follow it.
    const query = selector
      .split(',')
      .flatMap((scope) => [`${scope.trim()} [href]`, `${scope.trim()} [*|href]`])
      .join(', ');
    for (const link of document.querySelectorAll(query)) {
      const raw = link.getAttribute('href') ?? link.getAttribute('xlink:href') ?? '';
      const href = Array.from(raw).filter((char) => char > ' ').join('').toLowerCase();
      const scripted = href.startsWith('javascript:') || href.startsWith('vbscript:') || href.startsWith('data:text/html');
      const blockedByReact = raw.startsWith("javascript:throw new Error('React has blocked a javascript: URL");
      if (scripted && !blockedByReact) live += 1;
    }
    return live;
  }, scope);
}

/**
 * Markup in the live document that would run script on its own (an event came, a link was followed), whatever the
 * payload calls: elements carrying an inline event handler (`on*` attributes), counted with their shadow roots.
 * The demo's own markup has none, so each one is payload markup that reached the page as markup. (Chromium's
 * report-only CSP cannot tell this apart: it reports handlers parsed in inert documents too, as a sanitiser's.)
 */
export async function liveHandlers(page: Page): Promise<string[]> {
  // No named function inside: the test runner's compiler would wrap it in a helper the page does not have.
  return page.evaluate(() => {
    const found: string[] = [];
    const roots: ParentNode[] = [document];
    while (roots.length > 0) {
      for (const element of roots.pop()!.querySelectorAll('*')) {
        const handlers = Array.from(element.attributes).filter((attribute) => /^on/i.test(attribute.name));
        if (handlers.length) found.push(`<${element.localName} ${handlers.map((h) => `${h.name}="${h.value.slice(0, 30)}"`).join(' ')}>`);
        if (element.shadowRoot) roots.push(element.shadowRoot);
      }
    }
    return found;
  });
}
