/**
 * A Place order press while update_order_review is on its way (a new country, a shipping method: the total may change)
 * waits for the update instead of being lost. checkout.js's blockUI overlay swallows that press, and the shopper must
 * notice and press again; Vitrine keeps it. Once the newest update has been applied the order goes, if the total the
 * shopper saw when pressing is still the total; if it changed, nothing is sent and a notice says the new total, so no
 * order is placed on a total the shopper has not seen. An update that failed shows its own message and sends nothing.
 */
import { prependNoticeGroup, scrollToNotice } from '../../src/notices';
import { removeAll } from './form';
import { t } from './strings';

/** How an update_order_review ended: its answer applied, overtaken by a newer one (or aborted), or failed. */
export type UpdateEnd = 'applied' | 'stale' | 'failed';

const TOTAL = '.woocommerce-checkout-review-order-table .order-total td';

/** The review's total as the shopper reads it: the whole cell (with its tax note), and the amount for the notice. */
function orderTotal() {
  const cell = document.querySelector(TOTAL);
  return {
    text: cell?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    amount: (cell?.querySelector('.amount') ?? cell)?.textContent?.trim() ?? '',
  };
}

export function createHeldPress(form: HTMLFormElement, container: HTMLElement, place: (submitter: HTMLElement | null) => void) {
  let updating: Promise<UpdateEnd> | undefined;
  let holding = false;

  /** The end of the newest update: an update a newer one overtook says nothing about the total on the page. */
  const newestEnd = async (): Promise<UpdateEnd> => {
    let end: UpdateEnd = 'stale';
    for (let run = updating; run; run = updating !== run ? updating : undefined) end = await run;
    return end;
  };

  const totalChanged = (amount: string) => {
    removeAll(container, '.woocommerce-NoticeGroup-checkout');
    const notice = document.createElement('div');
    notice.className = 'woocommerce-info';
    notice.setAttribute('role', 'alert');
    notice.tabIndex = -1;
    notice.textContent = t('checkoutTotalChanged', { total: amount });
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
      const seen = orderTotal();
      void newestEnd().then((end) => {
        holding = false;
        if (end !== 'applied') return;
        const now = orderTotal();
        if (now.text === seen.text) place(submitter);
        else totalChanged(now.amount);
      });
      return true;
    },
  };
}
