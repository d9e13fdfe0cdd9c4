// Checkout only (place-order.ts): kept out of the core chunk every page loads.

/**
 * A localized message that carries a link (wc_checkout_params.i18n_checkout_error links to the order
 * history) as nodes: its text, and its links with a http(s) or relative href. Nothing else of the
 * markup survives, so a translation or filter can never inject a script or a handler.
 */
export function textWithLinks(markup: string): Node[] {
  const parsed = new DOMParser().parseFromString(`<body>${markup}</body>`, 'text/html').body;
  const out: Node[] = [];
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) out.push(document.createTextNode(child.textContent ?? ''));
      else if (child instanceof Element && child.tagName === 'A') {
        const href = child.getAttribute('href') ?? '';
        if (/^(https?:\/\/|\/(?!\/)|#)/i.test(href)) {
          const link = document.createElement('a');
          link.href = href;
          link.textContent = child.textContent;
          out.push(link);
        } else out.push(document.createTextNode(child.textContent ?? ''));
      } else if (child instanceof Element) walk(child);
    }
  };
  walk(parsed);
  return out;
}
