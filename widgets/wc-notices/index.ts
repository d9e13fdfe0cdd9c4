import type { WidgetDefinition } from '../../mount/types';

/**
 * The notices area (`.woocommerce-notices-wrapper`): a notice shown at load, inserted later, or left
 * by a cart page update is focused after 500 ms and scrolled into view (HLP-02, HLP-03).
 */
export default {
  name: 'wc-notices',
  selector: '.woocommerce-notices-wrapper',
  load: 'ready',
} satisfies WidgetDefinition<Record<string, never>>;
