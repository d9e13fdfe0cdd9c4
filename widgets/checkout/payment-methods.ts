/** The payment methods list: one box open under the chosen method, and the button's text it asks for. */
import { emit } from '../../src/bus';
import { show } from './form';

export function createPaymentMethods(form: HTMLFormElement) {
  // The shopper's choice survives an update; the server's answer may not know it yet.
  let selected: string | undefined;

  const select = (input: HTMLInputElement) => {
    const radios = form.querySelectorAll<HTMLInputElement>('.payment_methods input.input-radio, input[name="payment_method"]');
    for (const box of form.querySelectorAll('div.payment_box')) show(box, radios.length <= 1 || (input.checked && box.classList.contains(input.id)));
    const button = form.querySelector<HTMLButtonElement>('#place_order');
    if (button) button.textContent = input.getAttribute('data-order_button_text') || button.getAttribute('data-value') || button.textContent;
    if (input.id !== selected) {
      selected = input.id;
      emit('checkout:payment-method-selected', { method: input.value });
    }
  };

  /** After the first render and every update: the chosen method checked again (or the first), its box open. */
  const init = () => {
    const radios = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="payment_method"]'));
    if (radios.length === 0) return;
    if (radios.length === 1) show(radios[0] ?? null, false);
    const previous = selected ? radios.find((r) => r.id === selected) : undefined;
    if (previous) previous.checked = true;
    if (!radios.some((r) => r.checked) && radios[0]) radios[0].checked = true;
    const checked = radios.find((r) => r.checked);
    if (checked) select(checked);
  };

  const current = () => form.querySelector<HTMLInputElement>('input[name="payment_method"]:checked')?.value ?? '';

  return { select, init, current };
}

export type PaymentMethods = ReturnType<typeof createPaymentMethods>;
