// The widget's one lazy module: its props reader and its component arrive in one request.
export { default } from './ExpressCheckout';
import { releaseRoom } from './room';
import { type ExpressCheckoutProps, readExpressCheckoutProps } from './schema';

/**
 * The props reader. A page the widget does not start on (no settings, a block's own button, settings it cannot
 * read) gives back at once the room the first paint kept for the button (./room): no button is coming. Here rather
 * than in the definition's `fallback`, which would put the room's code in the entry (12 B under its budget); a
 * chunk that never arrives is the head script's 10 s cap's case.
 */
export function readProps(element: Element): ExpressCheckoutProps {
  try {
    return readExpressCheckoutProps(element);
  } catch (error) {
    releaseRoom();
    throw error;
  }
}
