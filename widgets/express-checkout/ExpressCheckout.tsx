import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { injectStyle } from '../../src/styles';
import css from '../../styles/express-checkout.css?inline';
import { startExpressCheckout } from './controller';
import type { ExpressCheckoutProps } from './schema';

/**
 * WooPayments' express wallet button (Stripe's Express Checkout Element) in `#wcpay-express-checkout-element`.
 * Enhance: the server's container stays; the element mounts inside it once the card library is there.
 */
export default function ExpressCheckout({ element, props }: WidgetProps<ExpressCheckoutProps>) {
  useEffect(() => {
    injectStyle('express-checkout', css);
    return startExpressCheckout(element, props);
  }, [element, props]);
  return null;
}
