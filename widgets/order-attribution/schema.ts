import { type OrderAttributionParams, orderAttributionParams } from '../../src/settings-privacy';

export type OrderAttributionProps = OrderAttributionParams;

/** The page's wc_order_attribution, validated by src/settings (invalid: reported, WooCommerce's defaults). */
export function readOrderAttributionProps(): OrderAttributionProps {
  return orderAttributionParams();
}
