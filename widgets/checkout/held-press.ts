/**
 * A Place order press while update_order_review is on its way (a new country, a shipping method: the total may change)
 * waits for the update instead of being lost. checkout.js's blockUI overlay swallows that press, and the shopper must
 * notice and press again (an Enter in a field goes through, on the old total); Vitrine keeps it. Once the newest update
 * has landed the order goes, if the order is still what the shopper saw when pressing: the same amounts in the total,
 * the same payment method and shipping choice. Otherwise nothing is sent and a notice says what changed, so no order is
 * placed on a total or a method the shopper has not seen. An update that failed shows its own message and sends nothing.
 */
import { heldPressOutcome, type OrderSeen } from '../../src/checkout/answers';
import { prependNoticeGroup, scrollToNotice } from '../../src/notices';
import { giveFormBack, removeAll } from './form';
import { CHOSEN_SHIPPING, type UpdateEnd } from './order-review';
import { t } from './strings';

const TOTAL = '.woocommerce-checkout-review-order-table .order-total td';

/**
 * The order as the shopper sees it at a press. The total compares by its amounts (the total and the tax in its note),
 * not its text: the note's wording follows the address ("estimated for …") while the amounts stay.
 */
function orderSeen(paymentMethod: string): OrderSeen & { amount: string } {
  const cell = document.querySelector(TOTAL);
  const amounts = Array.from(cell?.querySelectorAll('.amount') ?? [], (amount) => amount.textContent?.trim() ?? '');
  const text = cell?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const shipping = Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(CHOSEN_SHIPPING), (input) => input.value);
  return { total: amounts.length ? amounts.join(' ') : text, amount: amounts[0] ?? text, choices: [paymentMethod, ...shipping].join(' ') };
}

export function createHeldPress(form: HTMLFormElement, container: HTMLElement, paymentMethod: () => string, place: (submitter: HTMLElement | null) => void) {
  let updating: Promise<UpdateEnd> | undefined;
  let holding = false;

  /** The end of the newest update: an update a newer one overtook says nothing about the order on the page. */
  const newestEnd = async (): Promise<UpdateEnd> => {
    let end: UpdateEnd = 'stale';
    for (let run = updating; run; run = updating !== run ? updating : undefined) end = await run;
    return end;
  };

  const changed = (text: string) => {
    removeAll(container, '.woocommerce-NoticeGroup-checkout');
    const notice = document.createElement('div');
    notice.className = 'woocommerce-info';
    notice.setAttribute('role', 'alert');
    notice.tabIndex = -1;
    notice.textContent = text;
    scrollToNotice(prependNoticeGroup(form, 'checkout', [notice]));
    notice.focus({ preventScroll: true });
  };

  return {
    /** An update has started; `run` settles with how it ended. */
    track(run: Promise<UpdateEnd>) {
      updating = run;
      void run.then(() => {
        if (updating === run) updating = undefined;
      });
    },
    /** A press: true when it waits for the update on its way (send nothing now), false when the order may go at once. */
    hold(submitter: HTMLElement | null): boolean {
      if (!updating) return false;
      if (holding) return true; // pressed again while the first press waits: still one order
      holding = true;
      const seen = orderSeen(paymentMethod());
      // WooCommerce's stylesheet draws a spinner on a `.button.loading`; the update draws the button anew as it lands.
      const button = form.querySelector<HTMLElement>('#place_order');
      button?.classList.add('loading');
      void newestEnd().then((end) => {
        holding = false;
        button?.classList.remove('loading');
        // No order goes without an update that landed, nor on an order that changed: the form is the shopper's again,
        // as after a refused order (a gateway's veto may have blocked it, counting on that).
        if (end !== 'applied') return giveFormBack(form);
        const now = orderSeen(paymentMethod());
        const outcome = heldPressOutcome(seen, now);
        // Another update may have been asked for meanwhile: the press goes through the same door again.
        if (outcome === 'place') return place(submitter);
        giveFormBack(form);
        changed(outcome === 'total-changed' ? t('checkoutTotalChanged', { total: now.amount }) : t('checkoutOrderChanged'));
      });
      return true;
    },
  };
}
