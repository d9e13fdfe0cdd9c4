// The widget's one lazy module: its props reader and its component arrive in one request.
export { default } from './ExpressCheckout';
import { releaseRoom } from './room';
import { type ExpressCheckoutProps, readExpressCheckoutProps } from './schema';

/**
 * The props reader. A page the widget does not start on (no settings, a block's own button, settings it cannot
 * read) gives back at once the room the first paint kept for the button (./room): no button is coming.
 */
export function readProps(element: Element): ExpressCheckoutProps {
  try {
    return readExpressCheckoutProps(element);
  } catch (error) {
    releaseRoom();
    throw error;
  }
}
