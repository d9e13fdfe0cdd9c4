import { describe, expect, it } from 'vitest';
import { escapeHtml, safeLink } from '../../src/html';

describe('links and text from settings and data attributes', () => {
  it('keeps http(s), relative and fragment links as they are', () => {
    for (const url of ['https://shop.test/a?b=1', 'http://shop.test/', '/product/mug/', 'mug/', '?s=tee', '#reviews', '']) {
      expect(safeLink(url)).toBe(url);
    }
  });

  it('sends any other scheme nowhere, however it is spelt', () => {
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' java\tscript:alert(1)', 'java\nscript:x', '\u0001javascript:x', 'data:text/html,<script>x</script>', 'vbscript:x']) {
      expect(safeLink(url)).toBe('#');
    }
  });

  it('escapes text for markup as esc_html does', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe('&lt;img src=x onerror=&quot;a(&#039;b&#039;)&quot;&gt;&amp;');
  });
});
