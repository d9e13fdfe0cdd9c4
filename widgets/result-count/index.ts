import type { WidgetDefinition } from '../../mount/types';

/**
 * `.woocommerce-result-count` is a live region that screen readers often miss on load, so its text is
 * set again after 2000 ms (spec §9, HLP-03), as woocommerce.js does.
 */
export default {
  name: 'result-count',
  selector: '.woocommerce-result-count',
  load: 'ready',
} satisfies WidgetDefinition<Record<string, never>>;
