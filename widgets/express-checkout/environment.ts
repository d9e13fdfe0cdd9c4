import type { ExpressCheckoutProps } from './schema';
import { type StripeLike, waitForStripe } from './stripe';

// What the express wallet takes from the browser, in one place so tests give their own and both the controller
// and the sheet read it without importing each other.

export interface ExpressEnvironment {
  loadStripe: () => Promise<StripeLike>;
  alert: (text: string) => void;
  confirm: (text: string) => boolean;
}

export const defaultEnvironment = (props: ExpressCheckoutProps): ExpressEnvironment => ({
  loadStripe: () => waitForStripe({ publishableKey: props.publishableKey, locale: props.locale, accountId: props.accountId }),
  alert: (text) => window.alert(text),
  confirm: (text) => window.confirm(text),
});
