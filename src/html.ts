const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** Text made safe to place in markup (element content or a quoted attribute), as WordPress's esc_html does. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/**
 * A link taken from settings or data attributes, let through as WordPress's esc_url would: http(s) or
 * relative. Anything else (javascript:, data:) goes nowhere; React blocks javascript: links itself,
 * Preact (the lite flavour) does not.
 */
export function safeLink(url: string): string {
  // Browsers ignore spaces, tabs, newlines and control characters around and inside a scheme.
  const bare = Array.from(url).filter((char) => char > ' ').join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(bare);
  return !scheme || /^https?$/i.test(scheme[1] ?? '') ? url : '#';
}
