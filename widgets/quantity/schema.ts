import { PropsError } from '../../mount/errors';
import { parseLimit, type QuantityLimits } from './logic';

export type QuantityProps = QuantityLimits;

/** Reads the input's min and max; a min or max that is not a number is a server-side mistake worth reporting. */
export function readQuantityProps(element: Element): QuantityProps {
  if (!(element instanceof HTMLInputElement)) throw new PropsError('element', 'expected an <input class="qty">');
  for (const field of ['min', 'max'] as const) {
    const raw = element.getAttribute(field);
    if (raw !== null && raw.trim() !== '' && parseLimit(raw) === null) {
      throw new PropsError(field, `${field}="${raw}" is not a number`);
    }
  }
  const limits = { min: parseLimit(element.getAttribute('min')), max: parseLimit(element.getAttribute('max')) };
  if (limits.min !== null && limits.max !== null && limits.min > limits.max) {
    throw new PropsError('max', `max ${limits.max} is below min ${limits.min}`);
  }
  return limits;
}
