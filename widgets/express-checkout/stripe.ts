/**
 * The Express Checkout Element surface Vitrine uses, and loading the card library. The real path is
 * `@stripe/stripe-js/pure` (nothing is injected before this widget mounts); loadStripe resolves at once
 * with a `window.Stripe` the page already has. When it cannot (script blocked, slow), window.Stripe is
 * polled every 100 ms for up to 10 minutes before giving up with 'Stripe object not found' (EXP-25).
 */
import { loadStripe } from '@stripe/stripe-js/pure';
import { STRIPE_NOT_FOUND, STRIPE_POLL_MS, STRIPE_WAIT_MS } from './logic';
import { stripeGlobal } from './schema';

export type Handler = (event: never) => void;

export interface ExpressElement {
  on(event: string, handler: (event: never) => void): void;
  mount(target: HTMLElement): void;
  unmount(): void;
}
export interface ExpressElements {
  create(type: 'expressCheckout', options: Record<string, unknown>): ExpressElement;
  update(options: Record<string, unknown>): void | Promise<void>;
  submit(): Promise<{ error?: { message?: string } }>;
}
export interface StripeResult {
  error?: { message?: string; payment_intent?: { id?: string }; setup_intent?: { id?: string } };
  paymentMethod?: { id: string };
  paymentIntent?: { id: string; status?: string };
  setupIntent?: { id: string; status?: string };
}
export interface StripeLike {
  elements(options: Record<string, unknown>): ExpressElements;
  createPaymentMethod(options: { elements: ExpressElements }): Promise<StripeResult>;
  handleNextAction(options: { clientSecret: string }): Promise<StripeResult>;
}

type Constructor = (key: string, options?: Record<string, unknown>) => StripeLike;

export interface LoadOptions {
  publishableKey: string;
  locale: string;
  accountId: string;
  /** Overridable for tests (fake clock). */
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitForStripe(options: LoadOptions): Promise<StripeLike> {
  const init: Record<string, unknown> = { locale: options.locale };
  if (options.accountId) init.stripeAccount = options.accountId;
  try {
    const loaded = await loadStripe(options.publishableKey, init as never);
    if (loaded) return loaded as unknown as StripeLike;
  } catch {
    // Blocked or failed script: poll below, as WooPayments waits for its own script handle.
  }
  const sleep = options.sleep ?? sleepFor;
  for (let waited = 0; waited < STRIPE_WAIT_MS; waited += STRIPE_POLL_MS) {
    const found = stripeGlobal();
    if (typeof found === 'function') return (found as Constructor)(options.publishableKey, init);
    await sleep(STRIPE_POLL_MS);
  }
  throw new Error(STRIPE_NOT_FOUND);
}
