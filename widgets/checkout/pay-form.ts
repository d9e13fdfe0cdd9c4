/**
 * The pay-for-order page's form (checkout/form-pay.php, `form#order_review` on `body.woocommerce-order-pay`): what
 * checkout.js does there. The chosen method's payment box open (payment_method_selected), the terms link, no
 * browser validation, and the form greyed while the browser posts it: WooCommerce's form handler takes the payment,
 * so the submit keeps its default. Nothing else of the checkout applies (no order review updates, no ajax order).
 */
import { setBusy } from '../../src/cart';
import { listen } from '../../src/dom';
import { onReturnFromPageCache } from '../../src/navigation';
import { initTermsLink, toggleTerms } from './form';
import { createPaymentMethods } from './payment-methods';

export function startPayForm(form: HTMLFormElement): () => void {
  // checkout.js binds the pay form only on the pay page's body class.
  if (!document.body.classList.contains('woocommerce-order-pay')) return () => {};
  const payment = createPaymentMethods(form);
  form.setAttribute('novalidate', 'novalidate');

  const onChange = (event: Event) => {
    const target = event.target as HTMLElement;
    if (target.matches('input[name="payment_method"]')) payment.select(target as HTMLInputElement);
  };
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest<HTMLElement>('a.woocommerce-terms-and-conditions-link');
    if (link && toggleTerms(form, link)) event.preventDefault();
  };
  // Heard above the form, after its own handlers: a gateway that stops the submit (it tokenizes first, then posts the
  // form itself) keeps it usable; only a post going ahead greys it (checkout.js's blockOnSubmit).
  const onSubmit = (event: Event) => {
    if (event.target === form && !event.defaultPrevented) setBusy(form, true);
  };

  payment.init();
  initTermsLink(form);
  const stopListening = listen(form, [
    ['change', onChange],
    ['click', onClick],
  ]);
  const stopSubmit = listen(form.parentElement ?? document, [['submit', onSubmit]]);
  // Back from the browser's page cache after the post: the form is the shopper's again.
  const stopReturn = onReturnFromPageCache(() => setBusy(form, false));
  return () => {
    stopListening();
    stopSubmit();
    stopReturn();
  };
}
